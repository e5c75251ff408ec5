import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { POLICY_KEY, type Policy } from './policy.decorators';

export interface OperationPolicy {
  /** 'Query' | 'Mutation' | 'Subscription' */
  type: string;
  name: string;
  policy: Policy | undefined;
}

const TYPE_KEY = 'graphql:resolver_type';
const NAME_KEY = 'graphql:resolver_name';

/** Every root GraphQL operation of the app with its declared policy (undefined = none: denied). */
export function collectOperationPolicies(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): OperationPolicy[] {
  const found: OperationPolicy[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object') continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const key of scanner.getAllMethodNames(prototype)) {
      const method = (prototype as Record<string, unknown>)[key] as (...args: unknown[]) => unknown;
      const type = reflector.get<string | undefined>(TYPE_KEY, method);
      if (type !== 'Query' && type !== 'Mutation' && type !== 'Subscription') continue;
      const name = reflector.get<string | undefined>(NAME_KEY, method) ?? key;
      const policy =
        reflector.get<Policy | undefined>(POLICY_KEY, method) ??
        reflector.get<Policy | undefined>(POLICY_KEY, instance.constructor as () => unknown);
      found.push({ type, name, policy });
    }
  }
  return found;
}
