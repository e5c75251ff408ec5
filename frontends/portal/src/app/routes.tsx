import { lazy, Suspense, type ReactNode } from 'react';
import { CircularProgress, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageContent } from '../components/PageContent';
import { ChangeRole, HelpPage, ProfilePage } from '../features/account';
import { ExternalAuth, RequireSession, useCurrentSession } from '../features/auth';
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

/** `/` by role (§2): the user role sees its proposals; the staff screens arrive with the console and later issues. */
function Home() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  if (session.currentRole === 'USER') return <Dashboard />;
  return (
    <Paper sx={{ p: 3 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('menu.dashboard')}
      </Typography>
      <Typography>{t('app.roleDashboardLater')}</Typography>
    </Paper>
  );
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
