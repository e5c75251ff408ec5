import type { AuthProvider } from 'ra-core';
import { restoreSession } from '@user-office/frontend-shared/session';

/**
 * react-admin's view of the shared session (§4): the stored token decides; login, logout and expiry are the shared
 * session's (the portal's /external-auth, the account menu, the SessionProvider), so react-admin never logs in.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(false),
  checkAuth: () => (restoreSession() ? Promise.resolve() : Promise.reject(new Error('no session'))),
  // an expired or refused token ends the shared session (graphql-client → SessionProvider)
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(restoreSession()?.currentRole ?? null),
  getIdentity: () => {
    const session = restoreSession();
    return session ? Promise.resolve({ id: session.userId }) : Promise.reject(new Error('no session'));
  },
};
