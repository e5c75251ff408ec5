import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ProposalRecord } from '../../proposals.operations';

/**
 * The panels' recommendation (their meeting decisions, §3 Proposal fapMeetingDecisions) beside the management
 * decision of the Admin tab: per panel and instrument, the recommendation, whether it is submitted and the comment
 * for the user.
 */
export function PanelRecommendation({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useTranslation();
  const faps = proposal.faps ?? [];
  const decisions = proposal.fapMeetingDecisions ?? [];
  if (faps.length === 0) return null;
  const codeOf = (fapId: number) => faps.find((f) => f.id === fapId)?.code ?? String(fapId);
  return (
    <Box component="section" aria-labelledby="panel-recommendation-heading" sx={{ mb: 2 }}>
      <Typography id="panel-recommendation-heading" component="h3" variant="subtitle1">
        {t('console.grading.recommendation')}
      </Typography>
      {decisions.length === 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {`${faps.map((f) => f.code).join(', ')}: ${t('console.grading.noRecommendation')}`}
        </Alert>
      ) : null}
      {decisions.map((d) => (
        <Alert
          key={`${d.fapId}-${d.instrumentId}`}
          severity={d.recommendation ? 'info' : 'warning'}
          sx={{ mt: 1 }}
        >
          {d.recommendation
            ? `${t('console.grading.recommendationOf', {
                fap: codeOf(d.fapId),
                recommendation: t(`console.review.finalStatuses.${d.recommendation}`),
              })} (${d.submitted ? t('console.grading.recommendationSubmitted') : t('console.grading.recommendationDraft')})`
            : `${codeOf(d.fapId)}: ${t('console.grading.noRecommendation')}`}
          {d.commentForUser ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('console.faps.meeting.commentForUser')}: {d.commentForUser}
            </Typography>
          ) : null}
        </Alert>
      ))}
    </Box>
  );
}
