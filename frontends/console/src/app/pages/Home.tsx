import { Paper, Typography } from '@mui/material';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useVisibleResources } from '../layout/ConsoleMenu';
import { homeResourceOf } from '../registry';

/** `/console/` by role (§2): the officer's proposals table; other roles their dashboard as their parts arrive. */
export function Home() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const visible = useVisibleResources();
  const home = homeResourceOf(session.currentRole);
  // a home behind a feature that is off (FAP_REVIEW) is no home: the dashboard
  if (home && visible.some((r) => r.name === home)) return <Navigate to={`/${home}`} replace />;
  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('menu.dashboard')}
      </Typography>
      <Typography>{t('app.roleDashboardLater')}</Typography>
    </Paper>
  );
}
