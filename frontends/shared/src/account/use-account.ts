import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigateFunction } from 'react-router';
import { appOfRole, homePathOf, pageLoader, type AppName } from '../apps';
import { request } from '../api/graphql-client';
import { GetTokenForUserDocument, LogoutDocument, MeDocument } from '../gql/graphql';
import { redirectUri } from '../session/login-url';
import { clearSession } from '../session/session-store';
import { useCurrentSession, useSession } from '../session/session';
import { useSettings } from '../settings/settings';

/**
 * The role's home: within this app by its router (`/` of the app), else a full load of the other app (the portal
 * at `/`, the console at `/console/`).
 */
export function goHome(role: string, app: AppName, navigate: NavigateFunction): void {
  if (appOfRole(role) === app) navigate('/', { replace: true });
  else pageLoader.load(homePathOf(role));
}

export interface AccountMenu {
  /** "Logged in as {email}" with the role in brackets when the user has several (§2) */
  loggedInAs: string;
  email: string;
  roleLabel: string;
  impersonating: boolean;
  logout(): Promise<void>;
  unimpersonate(): Promise<void>;
}

/**
 * What the header's account menu does in both apps (§2): Roles (a link), Un-impersonate (back to the officer's
 * own token, on the officer's home) and Logout (server-side revocation, then the provider's logout when set).
 */
export function useAccountMenu(app: AppName, navigate: NavigateFunction): AccountMenu {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useCurrentSession();
  const { logout, login } = useSession();
  const [email, setEmail] = useState<string>('');

  useEffect(() => {
    request(MeDocument)
      .then((d) => setEmail(d.getUserMe?.email ?? ''))
      .catch(() => setEmail(''));
  }, [session.token]);

  const roleLabel =
    session.roles.length > 1 ? ` (${session.currentRole.replace(/_/g, ' ').toLowerCase()})` : '';

  return {
    loggedInAs: `${t('app.loggedInAs', { email })}${roleLabel}`,
    email,
    roleLabel,
    impersonating: session.impersonatingUserId !== null,
    logout: async () => {
      await request(LogoutDocument, { token: session.token }).catch(() => undefined);
      const logoutUrl = settings.value('EXTERNAL_AUTH_LOGOUT_URL');
      if (logoutUrl) {
        // ends the provider's session too (else the next login would be silent); it sends the user back here
        clearSession();
        const url = new URL(logoutUrl, window.location.origin);
        url.searchParams.set('post_logout_redirect_uri', redirectUri());
        window.location.assign(url.toString());
        return;
      }
      logout();
      if (app === 'portal') navigate('/external-auth', { replace: true });
      else pageLoader.load('/external-auth');
    },
    unimpersonate: async () => {
      if (session.impersonatingUserId === null) return;
      const d = await request(GetTokenForUserDocument, { userId: session.impersonatingUserId });
      const next = login(d.getTokenForUser);
      goHome(next.currentRole, app, navigate);
    },
  };
}
