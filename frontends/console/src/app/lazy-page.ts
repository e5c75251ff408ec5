import { lazy, type ComponentType } from 'react';

/**
 * A resource page that loads when it is first opened: its module stays out of the console's initial bundle
 * (react-admin's layout shows its loader meanwhile). `lazyPage(() => import('./components/CallList'), 'CallList')`
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}
