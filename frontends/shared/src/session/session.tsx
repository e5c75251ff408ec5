import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { onSessionEvent } from '../api/graphql-client';
import { clearSession, restoreSession, storeSession, type StoredSession } from './session-store';

export interface SessionContextValue {
  session: StoredSession | null;
  /** the message that ended the session (expiry, rejected credentials), shown once */
  endedBecause: string | null;
  login(token: string): StoredSession;
  logout(reason?: string | null): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Holds the session of §4: restored from storage on start, replaced on renewal, cleared on expiry. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(() => restoreSession());
  // a reason carried over a page load (the console ends a session, the portal's /external-auth shows why)
  const [endedBecause, setEndedBecause] = useState<string | null>(() => {
    const reason = sessionStorage.getItem('sessionEndedBecause');
    sessionStorage.removeItem('sessionEndedBecause');
    return reason;
  });

  const login = useCallback((token: string) => {
    const stored = storeSession(token);
    setSession(stored);
    setEndedBecause(null);
    return stored;
  }, []);

  const logout = useCallback((reason: string | null = null) => {
    clearSession();
    setSession(null);
    setEndedBecause(reason);
  }, []);

  // past its expiry the session ends with the §8 message (the server would refuse the token anyway)
  useEffect(() => {
    if (!session) return;
    const ms = session.expiresAt * 1000 - Date.now();
    const timer = setTimeout(
      () => logout(i18n.t('session.expired')),
      Math.max(0, Math.min(ms, 2_147_000_000)),
    );
    return () => clearTimeout(timer);
  }, [session, logout]);

  useEffect(
    () =>
      onSessionEvent((event, detail) => {
        if (event === 'renewed') setSession(restoreSession());
        else logout(detail);
      }),
    [logout],
  );

  const value = useMemo(
    () => ({ session, endedBecause, login, logout }),
    [session, endedBecause, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The session of a guarded page (always present there). */
export function useCurrentSession(): StoredSession {
  const { session } = useSession();
  if (!session) throw new Error('useCurrentSession outside a guarded route');
  return session;
}
