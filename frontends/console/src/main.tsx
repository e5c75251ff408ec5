import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appOfRole, pageLoader } from '@user-office/frontend-shared/apps';
import { setClientName } from '@user-office/frontend-shared/graphql-client';
import { rememberReturnPath, restoreSession } from '@user-office/frontend-shared/session';
import { ConsoleApp } from './app/App';

setClientName('user-office-console');

/**
 * One sign-in, two apps: without a usable session the console sends the user to the portal's /external-auth,
 * remembering this address to come back to; the user role belongs to the portal.
 */
const session = restoreSession();
if (!session) {
  rememberReturnPath(window.location.pathname + window.location.search);
  pageLoader.replace('/external-auth');
} else if (appOfRole(session.currentRole) === 'portal') {
  pageLoader.replace('/');
} else {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
