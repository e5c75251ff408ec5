import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { CircularProgress, Typography } from '@mui/material';
import { appOfRole, CONSOLE_BASE, pageLoader } from '@user-office/frontend-shared/apps';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageContent } from '@user-office/frontend-shared/components';
import { ChangeRole, HelpPage, ProfilePage } from '../features/account';
import { RequireSession, useCurrentSession } from '@user-office/frontend-shared/session';
import { ExternalAuth } from '../features/auth';
import { AppLayout } from './layout/AppLayout';

// the proposal screens (the questionary inputs, unit conversion) load when first opened
const proposals = () => import('../features/proposals');
const Dashboard = lazy(() => proposals().then((m) => ({ default: m.Dashboard })));
const ProposalSelectType = lazy(() => proposals().then((m) => ({ default: m.ProposalSelectType })));
const ProposalCreate = lazy(() => proposals().then((m) => ({ default: m.ProposalCreate })));
const ProposalEdit = lazy(() => proposals().then((m) => ({ default: m.ProposalEdit })));

function Loading() {
  const { t } = useTranslation();
  return <CircularProgress aria-label={t('app.loading')} />;
}

function PrivacyStatement() {
  return <PageContent pageId="PRIVACYPAGE" />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Typography component="h1" variant="h5">
      {t('errors.notFound')}
    </Typography>
  );
}

/** Staff roles work in the console: `/` loads it (a full page load: the console is another app). */
function ToConsole() {
  const { t } = useTranslation();
  useEffect(() => {
    pageLoader.replace(`${CONSOLE_BASE}/`);
  }, []);
  return <CircularProgress aria-label={t('app.loading')} />;
}

/** `/` by role (§2): the user role sees its dashboard here; every staff role goes to the console. */
function Home() {
  const session = useCurrentSession();
  if (appOfRole(session.currentRole) === 'console') return <ToConsole />;
  return <Dashboard />;
}

const GUARDED: [path: string, page: ReactNode][] = [
  ['/', <Home key="home" />],
  ['/ProposalSelectType', <ProposalSelectType key="select" />],
  ['/ProposalCreate/:callId/:templateId', <ProposalCreate key="create" />],
  ['/ProposalEdit/:proposalPk', <ProposalEdit key="edit" />],
  ['/HelpPage', <HelpPage key="help" />],
  ['/ChangeRole', <ChangeRole key="role" />],
  ['/ProfilePage/:id', <ProfilePage key="profile" />],
  ['/PrivacyStatement', <PrivacyStatement key="privacy" />],
  ['*', <NotFound key="not-found" />],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/external-auth" element={<ExternalAuth />} />
      <Route path="/external-auth/:token" element={<ExternalAuth />} />
      {GUARDED.map(([path, page]) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireSession>
              <AppLayout>
                <Suspense fallback={<Loading />}>{page}</Suspense>
              </AppLayout>
            </RequireSession>
          }
        />
      ))}
    </Routes>
  );
}
