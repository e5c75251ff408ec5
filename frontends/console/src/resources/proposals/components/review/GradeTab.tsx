import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '@user-office/frontend-shared/settings';
import { FapReviewForm } from '../../../faps/components/FapReviewForm';
import { FapReviewWizard } from '../../../faps/components/FapReviewWizard';
import { gradePrecision } from '../../../faps/fap-review-rules';
import { gradingCommands, type FapReview } from '../../../proposals-to-grade/grading-commands';
import type { ProposalRecord } from '../../proposals.operations';

/**
 * Grade (§2 review modal): the signed-in panel member's own review of the proposal — grade and comment, Save and
 * Submit (§4, §5); in the questionary wizard when the call has a FAP review template (the review has a questionary). A member edits only their own review; with none, says so.
 */
export function GradeTab({ proposal, onSaved }: { proposal: ProposalRecord; onSaved(): void }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const precision = gradePrecision(useSettings().value('GRADE_PRECISION'));
  const [review, setReview] = useState<FapReview | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    gradingCommands
      .proposalReviews(proposal.primaryKey)
      .then((reviews) => setReview(reviews.find((r) => r.userID === session.userId) ?? null))
      .catch((e: Error) => setError(e.message));
  }, [proposal.primaryKey, session.userId]);
  useEffect(load, [load]);

  const save = useCallback(
    async ({ grade, comment, submit }: { grade: number | null; comment: string; submit: boolean }) => {
      if (!review) return;
      await gradingCommands.updateReview(review, { grade, comment, status: submit ? 'SUBMITTED' : 'DRAFT' });
    },
    [review],
  );
  const saved = () => {
    load();
    onSaved();
  };

  if (error) return <Alert severity="error">{error}</Alert>;
  if (review === undefined) return <CircularProgress aria-label={t('app.loading')} />;
  if (review === null) return <Alert severity="info">{t('console.grading.noReviewOfMine')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row">
        <Button component={Link} to={`/GradeGuide?fap=${review.fapID}`} startIcon={<MenuBook />}>
          {t('console.grading.gradeGuide')}
        </Button>
      </Stack>
      {review.questionaryID ? (
        <FapReviewWizard
          review={{ ...review, questionaryID: review.questionaryID }}
          editable
          precision={precision}
          save={save}
          onSaved={saved}
        />
      ) : (
        <FapReviewForm
          review={{ ...review, proposal: { proposalId: proposal.proposalId } }}
          editable
          save={save}
          onSaved={saved}
        />
      )}
    </Stack>
  );
}
