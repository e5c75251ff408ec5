import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageContent } from '../components/PageContent';
import { ChangeRole, HelpPage, ProfilePage } from '../features/account';
import { ExternalAuth } from '../features/auth';
import { RequireSession } from '../features/auth';
import { Dashboard, ProposalCreate, ProposalEdit, ProposalSelectType } from '../features/proposals';
import { AppLayout } from './layout/AppLayout';

function Guarded({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <AppLayout>{children}</AppLayout>
    </RequireSession>
  );
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

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/external-auth" element={<ExternalAuth />} />
      <Route path="/external-auth/:token" element={<ExternalAuth />} />
      <Route
        path="/"
        element={
          <Guarded>
            <Dashboard />
          </Guarded>
        }
      />
      <Route
        path="/ProposalSelectType"
        element={
          <Guarded>
            <ProposalSelectType />
          </Guarded>
        }
      />
      <Route
        path="/ProposalCreate/:callId/:templateId"
        element={
          <Guarded>
            <ProposalCreate />
          </Guarded>
        }
      />
      <Route
        path="/ProposalEdit/:proposalPk"
        element={
          <Guarded>
            <ProposalEdit />
          </Guarded>
        }
      />
      <Route
        path="/HelpPage"
        element={
          <Guarded>
            <HelpPage />
          </Guarded>
        }
      />
      <Route
        path="/ChangeRole"
        element={
          <Guarded>
            <ChangeRole />
          </Guarded>
        }
      />
      <Route
        path="/ProfilePage/:id"
        element={
          <Guarded>
            <ProfilePage />
          </Guarded>
        }
      />
      <Route
        path="*"
        element={
          <Guarded>
            <NotFound />
          </Guarded>
        }
      />
    </Routes>
  );
}
