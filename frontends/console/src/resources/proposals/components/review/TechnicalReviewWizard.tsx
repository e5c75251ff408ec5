import { useMemo, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import {
  ConfirmDialog,
  QuestionaryWizard,
  type BasisExtension,
} from '@user-office/frontend-shared/questionary';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { reviewCommands, type TechnicalReview } from './review-commands';
import {
  TechnicalReviewFields,
  technicalReviewFieldSchemas,
  technicalReviewInput,
  technicalReviewValues,
  type TechnicalReviewValues,
} from './TechnicalReviewFields';

/**
 * A technical review with a questionary (the call's technical review template, §2 wizards): its steps in the shared
 * questionary wizard; the TECHNICAL_REVIEW_BASIS question is the review's own fields, saved by addTechnicalReview
 * before the step's other answers (answerTopic). Submit (confirmed, one-way) below the wizard.
 */
export function TechnicalReviewWizard({
  review,
  editable,
  isOfficer,
  unit,
  onSaved,
}: {
  review: TechnicalReview;
  editable: boolean;
  isOfficer: boolean;
  unit?: string;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const basis = useMemo<BasisExtension>(
    () => ({
      initialValues: technicalReviewValues(review) as unknown as Record<string, unknown>,
      schema: technicalReviewFieldSchemas,
      Component: ({ readonly }) => <TechnicalReviewFields readonly={readonly} unit={unit} />,
      save: async (values) => {
        await reviewCommands.addTechnicalReview({
          proposalPk: review.proposalPk,
          instrumentId: review.instrumentId,
          ...technicalReviewInput(values as unknown as TechnicalReviewValues),
          submitted: review.submitted,
          questionaryId: review.questionaryId ?? null,
          files: review.files ?? [],
        });
      },
    }),
    [review, unit],
  );

  const submit = async () => {
    setConfirming(false);
    setError(null);
    try {
      await reviewCommands.submitTechnicalReview(review);
      notify(t('console.technicalReviews.submittedDone'), { type: 'success' });
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Stack spacing={2}>
      <QuestionaryWizard
        questionaryId={review.questionaryId!}
        owner={{ proposalPk: review.proposalPk, submitted: review.submitted }}
        basis={basis}
        readonly={!editable}
        canJumpAnywhere={isOfficer}
        guardNavigation={false}
        onReloaded={onSaved}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      {editable && !review.submitted ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => setConfirming(true)}>
            {t('console.technicalReviews.submit')}
          </Button>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={confirming}
        text={t('console.technicalReviews.confirmSubmit')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      />
    </Stack>
  );
}
