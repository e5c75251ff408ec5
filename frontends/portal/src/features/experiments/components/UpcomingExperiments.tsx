import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@user-office/frontend-shared/settings';
import { ExperimentsTable } from './ExperimentsTable';

/** The dashboard's "Upcoming experiments" (§2: the user role, when the scheduler is on), above My proposals. */
export function UpcomingExperiments() {
  const { t } = useTranslation();
  const settings = useSettings();
  if (!settings.isEnabled('SCHEDULER')) return null;
  return (
    <Box component="section" aria-labelledby="upcoming-experiments-heading" sx={{ mb: 4 }}>
      <Typography id="upcoming-experiments-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
        {t('experiments.upcoming')}
      </Typography>
      <ExperimentsTable label={t('experiments.upcoming')} />
    </Box>
  );
}
