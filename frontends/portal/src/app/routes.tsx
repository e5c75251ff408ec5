import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { CircularProgress, Typography } from '@mui/material';
import { appOfRole, CONSOLE_BASE, pageLoader } from '@user-office/frontend-shared/apps';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageContent } from '@user-office/frontend-shared/components';
import { ChangeRole, HelpPage, ProfilePage } from '../features/account';
import { RequireSession, useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { ExternalAuth } from '../features/auth';
import { AppLayout } from './layout/AppLayout';

// the proposal screens (the questionary inputs, unit conversion) load when first opened
const proposals = () => import('../features/proposals');
const Dashboard = lazy(() => proposals().then((m) => ({ default: m.Dashboard })));
const ProposalSelectType = lazy(() => proposals().then((m) => ({ default: m.ProposalSelectType })));
const ProposalCreate = lazy(() => proposals().then((m) => ({ default: m.ProposalCreate })));
const ProposalEdit = lazy(() => proposals().then((m) => ({ default: m.ProposalEdit })));
// the experiments (the upcoming experiments table, the experiment safety input wizard), loaded when first shown
const experiments = () => import('../features/experiments');
const UpcomingExperiments = lazy(() => experiments().then((m) => ({ default: m.UpcomingExperiments })));
const ExperimentTimes = lazy(() => experiments().then((m) => ({ default: m.ExperimentTimes })));
const ExperimentSafetyPage = lazy(() => experiments().then((m) => ({ default: m.ExperimentSafetyPage })));
// the shipment declarations of an experiment (issue 30)
const DeclareShipmentsPage = lazy(() =>
  import('../features/shipments').then((m) => ({ default: m.DeclareShipmentsPage })),
);
// the feedback on a completed experiment (§2 /CreateFeedback, /UpdateFeedback), loaded when first opened
const feedback = () => import('../features/feedback');
const CreateFeedbackPage = lazy(() => feedback().then((m) => ({ default: m.CreateFeedbackPage })));
const UpdateFeedbackPage = lazy(() => feedback().then((m) => ({ default: m.UpdateFeedbackPage })));

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

/**
 * `/` by role (§2): the user role sees its dashboard here (the upcoming experiments when the scheduler is on, then
 * its proposals); every staff role goes to the console.
 */
function Home() {
  const session = useCurrentSession();
  const settings = useSettings();
  if (appOfRole(session.currentRole) === 'console') return <ToConsole />;
  return <Dashboard before={settings.isEnabled('SCHEDULER') ? <UpcomingExperiments /> : null} />;
}

/** §2: /ExperimentTimes needs the scheduler feature. */
function ExperimentTimesPage() {
  const settings = useSettings();
  return settings.isEnabled('SCHEDULER') ? <ExperimentTimes /> : <NotFound />;
}

const GUARDED: [path: string, page: ReactNode][] = [
  ['/', <Home key="home" />],
  ['/ProposalSelectType', <ProposalSelectType key="select" />],
  ['/ProposalCreate/:callId/:templateId', <ProposalCreate key="create" />],
  ['/ProposalEdit/:proposalPk', <ProposalEdit key="edit" />],
  ['/ExperimentTimes', <ExperimentTimesPage key="experiment-times" />],
  ['/ExperimentSafety/:experimentPk', <ExperimentSafetyPage key="experiment-safety" />],
  ['/DeclareShipments/:experimentPk', <DeclareShipmentsPage key="declare-shipments" />],
  ['/CreateFeedback/:experimentPk', <CreateFeedbackPage key="create-feedback" />],
  ['/UpdateFeedback/:feedbackId', <UpdateFeedbackPage key="update-feedback" />],
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
