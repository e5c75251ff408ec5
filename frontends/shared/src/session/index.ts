/** The session of §4 (stored token, renewal, expiry), its provider and guards, the idle Warning dialog. */
export {
  clearSession,
  decodeToken,
  nowSeconds,
  rememberReturnPath,
  restoreSession,
  storedToken,
  storeSession,
  takeReturnPath,
  type SessionClaims,
  type StoredSession,
} from './session-store';
export { SessionProvider, useCurrentSession, useSession, type SessionContextValue } from './session';
export { RequireSession } from './RequireSession';
export { IdleWarning } from './IdleWarning';
export { loginUrl, redirectUri } from './login-url';
