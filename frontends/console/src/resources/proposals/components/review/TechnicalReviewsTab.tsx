import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Chip, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useTranslation } from 'react-i18next';
import type { ProposalRecord } from '../../proposals.operations';
import { InternalReviews } from './InternalReviews';
import { reviewCommands, type InstrumentName, type TechnicalReview } from './review-commands';
import { ScientistCommentPanel } from './ScientistCommentPanel';
import { mayEditTechnicalReview, maySeeScientistComment, type ReviewCaller } from './technical-review-access';
import { TechnicalReviewForm } from './TechnicalReviewForm';
import { TechnicalReviewWizard } from './TechnicalReviewWizard';

/**
 * Technical reviews (§2 review modal): per instrument of the proposal, its technical review — the review wizard
 * when the review has a questionary, otherwise the form — editable by the assignee, officers and (with
 * FAP_SECS_EDIT_TECH_REVIEWS) FAP chairs and secretaries (§6); under each, its internal reviews. Officers and
 * scientists also keep the proposal scientist comment here.
 */
export function TechnicalReviewsTab({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const settings = useSettings();
  const caller: ReviewCaller = {
    role: session.currentRole,
    userId: session.userId,
    fapSecsEditTechReviews: settings.value('FAP_SECS_EDIT_TECH_REVIEWS').trim().toLowerCase() === 'true',
  };
  const [reviews, setReviews] = useState<TechnicalReview[] | null>(null);
  const [instruments, setInstruments] = useState<InstrumentName[]>([]);
  const [error, setError] = useState<string | null>(null);
  const unit = proposal.call?.allocationTimeUnit.toLowerCase();

  const load = useCallback(async () => {
    try {
      const found = await reviewCommands.technicalReviews(proposal.primaryKey);
      setReviews(found);
      setInstruments(await reviewCommands.instruments([...new Set(found.map((r) => r.instrumentId))]));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [proposal.primaryKey]);
  useEffect(() => {
    void load();
  }, [load]);

  const instrumentName = (id: number) => {
    const instrument = instruments.find((i) => i.id === id);
    return instrument ? `${instrument.name} (${instrument.shortCode})` : `#${id}`;
  };

  return (
    <Stack spacing={3}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!reviews && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {reviews && reviews.length === 0 ? (
        <Alert severity="info" data-testid="no-technical-reviews">
          {t('console.technicalReviews.noReviews')}
        </Alert>
      ) : null}
      {(reviews ?? []).map((review) => {
        const editable = mayEditTechnicalReview(review, caller);
        return (
          <Paper
            key={review.id}
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-label={t('console.technicalReviews.ofInstrument', {
              name: instrumentName(review.instrumentId),
            })}
            data-testid="technical-review"
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h3">
                {instrumentName(review.instrumentId)}
              </Typography>
              <Chip
                size="small"
                color={review.submitted ? 'success' : 'default'}
                label={t(
                  review.submitted ? 'console.technicalReviews.submitted' : 'console.technicalReviews.draft',
                )}
              />
              {review.technicalReviewAssigneeId === caller.userId ? (
                <Chip size="small" color="primary" label={t('console.technicalReviews.assignedToYou')} />
              ) : null}
              {!editable ? (
                <Typography variant="body2" color="text.secondary">
                  {t(
                    review.submitted
                      ? 'console.technicalReviews.readOnlySubmitted'
                      : 'console.technicalReviews.readOnly',
                  )}
                </Typography>
              ) : null}
            </Stack>
            {review.questionaryId ? (
              <TechnicalReviewWizard
                key={review.id}
                review={review}
                editable={editable}
                isOfficer={caller.role === 'USER_OFFICER'}
                unit={unit}
                onSaved={() => void load()}
              />
            ) : (
              <TechnicalReviewForm
                review={review}
                editable={editable}
                unit={unit}
                onSaved={() => void load()}
              />
            )}
            <Divider sx={{ my: 2 }} />
            <InternalReviews technicalReviewId={review.id} caller={caller} />
          </Paper>
        );
      })}
      {maySeeScientistComment(caller.role) ? (
        <Box>
          <ScientistCommentPanel proposalPk={proposal.primaryKey} />
        </Box>
      ) : null}
    </Stack>
  );
}
