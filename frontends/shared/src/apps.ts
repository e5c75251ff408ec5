/**
 * One sign-in, two apps (ARCHITECTURE §1): the portal at `/` is the user role's app, the console at `/console`
 * every staff role's. Both read the same stored session; login always goes through the portal's /external-auth.
 */
export type AppName = 'portal' | 'console';

export const CONSOLE_BASE = '/console';

/** The app of a role: USER → portal, every staff role → console. */
export function appOfRole(role: string): AppName {
  return role === 'USER' ? 'portal' : 'console';
}

/** The address of a role's home page (absolute path on this origin). */
export function homePathOf(role: string): string {
  return appOfRole(role) === 'portal' ? '/' : `${CONSOLE_BASE}/`;
}

/** Whether a path on this origin belongs to the console. */
export function isConsolePath(path: string): boolean {
  return path === CONSOLE_BASE || path.startsWith(`${CONSOLE_BASE}/`);
}

/** Full page loads into the other app (one object, so that tests can watch it: jsdom does not navigate). */
export const pageLoader = {
  load(path: string): void {
    window.location.assign(path);
  },
  replace(path: string): void {
    window.location.replace(path);
  },
};
