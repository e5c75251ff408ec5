import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EXPERIMENT_TIMES_WINDOW_DAYS } from '../lib/experiment-rows';
import { ExperimentsTable } from './ExperimentsTable';

/** /ExperimentTimes (the user role's "Experiment times" menu link): the experiments of the next 30 days (§9). */
export function ExperimentTimes() {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('experiments.times.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('experiments.times.window', { days: EXPERIMENT_TIMES_WINDOW_DAYS })}
      </Typography>
      <ExperimentsTable label={t('experiments.times.title')} windowDays={EXPERIMENT_TIMES_WINDOW_DAYS} />
    </Box>
  );
}
