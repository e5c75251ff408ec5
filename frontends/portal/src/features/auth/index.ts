export { ExternalAuth, loginUrl } from './components/ExternalAuth';
export { RequireSession } from './components/RequireSession';
export { SessionProvider, useCurrentSession, useSession } from './hooks/session';
export { IdleWarning } from './components/IdleWarning';
