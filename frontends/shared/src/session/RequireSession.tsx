import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberReturnPath } from './session-store';
import { useSession } from './session';

/** Every route sits behind this guard (§2): without a session, go to /external-auth and remember the path. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) {
    rememberReturnPath(location.pathname + location.search);
    return <Navigate to="/external-auth" replace />;
  }
  return <>{children}</>;
}
