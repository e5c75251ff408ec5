import { useEffect, useMemo } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { CONSOLE_BASE, pageLoader } from '@user-office/frontend-shared/apps';
import { ErrorBoundary } from '@user-office/frontend-shared/components';
import { DownloadsProvider } from '@user-office/frontend-shared/downloads';
import { i18n } from '@user-office/frontend-shared/i18n';
import { rememberReturnPath, SessionProvider, useSession } from '@user-office/frontend-shared/session';
import { SettingsProvider } from '@user-office/frontend-shared/settings';
import { themeOptions, DRAWER_WIDTH } from '@user-office/frontend-shared/theme';
import { Admin, CustomRoutes, defaultTheme, localStorageStore, Resource } from 'react-admin';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route } from 'react-router';
import { authProvider } from './auth-provider';
import { createDataProvider } from './data-provider';
import { i18nProvider } from './i18n-provider';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { useVisibleResources } from './layout/ConsoleMenu';
import { ChangeRolePage } from './pages/ChangeRolePage';
import { HelpPage } from './pages/HelpPage';
import { Home } from './pages/Home';

const theme = {
  ...defaultTheme,
  // MUI's error red (#d32f2f) is under 4.5:1 on react-admin's filled inputs, and #c62828 on the bulk actions bar
  // (the Delete button, 4.3:1): MUI's red 900 (5.0:1 there, 5.8:1 on filled inputs) for labels, messages, buttons
  palette: { ...defaultTheme.palette, ...themeOptions.palette, error: { main: '#b71c1c' } },
  sidebar: { width: DRAWER_WIDTH, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    ...themeOptions.components,
    // react-admin's own spinners (the app bar's refresh indicator, the page loader) have no accessible name: every
    // progress circle is "Loading" unless it names itself
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // react-admin's empty list ("No Proposals yet.") is in the disabled grey, under 4.5:1: the secondary text colour
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // the bulk actions bar slides up over the list's toolbar by default; where filters wrap onto a second row (the
    // staff table's question filter: operator, value) it hid them: the bar takes its own row above the table instead
    RaBulkActionsToolbar: {
      styleOverrides: {
        root: { '& .RaBulkActionsToolbar-toolbar': { position: 'static', transform: 'none' } },
      },
    },
  },
};

/** column visibility, sidebar state, … remembered in local storage (§2), per console version */
const store = localStorageStore('1', 'user-office-console');

/** When the shared session ends (logout, expiry, refused token), back to the one sign-in with the reason. */
function SessionWatcher() {
  const { session, endedBecause } = useSession();
  useEffect(() => {
    if (session) return;
    // an expiry: the portal's /external-auth says why, and the next login comes back here
    if (endedBecause) {
      sessionStorage.setItem('sessionEndedBecause', endedBecause);
      rememberReturnPath(window.location.pathname + window.location.search);
    }
    pageLoader.load('/external-auth');
  }, [session, endedBecause]);
  return null;
}

function ConsoleAdmin() {
  const { session, logout } = useSession();
  const dataProvider = useMemo(() => createDataProvider(), []);
  const resources = useVisibleResources();
  if (!session) return null;
  return (
    <DownloadsProvider onUnauthorized={(message) => logout(message)}>
      <Admin
        title={i18n.t('app.title')}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
        layout={ConsoleLayout}
        dashboard={Home}
        loginPage={false}
        disableTelemetry
      >
        {resources.map((r) => (
          <Resource key={r.name} name={r.name} list={r.list} create={r.create} edit={r.edit} show={r.show}>
            {r.routes}
          </Resource>
        ))}
        <CustomRoutes>
          <Route path="/ChangeRole" element={<ChangeRolePage />} />
          <Route path="/HelpPage" element={<HelpPage />} />
          {resources.flatMap((r) => r.pages ?? [])}
        </CustomRoutes>
      </Admin>
    </DownloadsProvider>
  );
}

/** The staff console: the shared translations, settings and session around react-admin. */
export function ConsoleApp() {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <SettingsProvider
          fallback={
            <Box sx={{ p: 6, textAlign: 'center' }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          }
        >
          <SessionProvider>
            <SessionWatcher />
            {/* react-admin would make a hash router; the §2 routes are real paths under /console */}
            <BrowserRouter basename={CONSOLE_BASE}>
              <ConsoleAdmin />
            </BrowserRouter>
          </SessionProvider>
        </SettingsProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
