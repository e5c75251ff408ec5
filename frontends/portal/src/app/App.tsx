import { CssBaseline, ThemeProvider, CircularProgress, Box } from '@mui/material';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { DownloadsProvider } from '@user-office/frontend-shared/downloads';
import { ErrorBoundary } from '@user-office/frontend-shared/components';
import { SettingsProvider } from '@user-office/frontend-shared/settings';
import { SessionProvider, useSession } from '@user-office/frontend-shared/session';
import { i18n } from '@user-office/frontend-shared/i18n';
import { AppRoutes } from './routes';
import { theme } from '@user-office/frontend-shared/theme';

function WithDownloads() {
  const { logout } = useSession();
  return (
    <DownloadsProvider onUnauthorized={(message) => logout(message)}>
      <AppRoutes />
    </DownloadsProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ErrorBoundary>
          <SettingsProvider
            fallback={
              <Box sx={{ p: 6, textAlign: 'center' }}>
                <CircularProgress aria-label="Loading" />
              </Box>
            }
          >
            <SessionProvider>
              <BrowserRouter>
                <WithDownloads />
              </BrowserRouter>
            </SessionProvider>
          </SettingsProvider>
        </ErrorBoundary>
      </ThemeProvider>
    </I18nextProvider>
  );
}
