import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import type { FeedbackExperimentFragment } from '../../../gql/graphql';

/** The experiment a feedback is about, in one line (proposal, title, experiment id, instrument, times). */
export function FeedbackSummary({ experiment }: { experiment: FeedbackExperimentFragment }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {[
        `${t('feedback.proposal')}: ${experiment.proposal?.proposalId ?? ''}`,
        experiment.proposal?.title,
        `${t('feedback.experiment')}: ${experiment.experimentId}`,
        experiment.instrument?.name,
        `${dates.dateTime(experiment.startsAt)} – ${dates.dateTime(experiment.endsAt)}`,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Typography>
  );
}
