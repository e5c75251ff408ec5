import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { gradingCommands } from '../../../proposals-to-grade/grading-commands';

type Decision = Awaited<ReturnType<typeof gradingCommands.panelDecisions>>[number];

/** The panel's recommendation (its meeting decision) beside the management decision of the Admin tab. */
export function PanelRecommendation({ proposalPk }: { proposalPk: number }) {
  const { t } = useTranslation();
  const [decisions, setDecisions] = useState<Decision[] | null>(null);
  useEffect(() => {
    let live = true;
    gradingCommands
      .panelDecisions(proposalPk)
      .then((found) => live && setDecisions(found))
      .catch(() => live && setDecisions([]));
    return () => {
      live = false;
    };
  }, [proposalPk]);
  if (decisions === null || decisions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="panel-recommendation-heading" sx={{ mb: 2 }}>
      <Typography id="panel-recommendation-heading" component="h3" variant="subtitle1">
        {t('console.grading.recommendation')}
      </Typography>
      {decisions.map((d) => (
        <Alert key={d.code} severity={d.recommendation ? 'info' : 'warning'} sx={{ mt: 1 }}>
          {d.recommendation
            ? `${t('console.grading.recommendationOf', {
                fap: d.code,
                recommendation: t(`console.review.finalStatuses.${d.recommendation}`),
              })} (${d.submitted ? t('console.grading.recommendationSubmitted') : t('console.grading.recommendationDraft')})`
            : `${d.code}: ${t('console.grading.noRecommendation')}`}
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
