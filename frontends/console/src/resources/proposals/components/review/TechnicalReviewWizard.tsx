import { useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { basisQuestionId, DataType } from '@user-office/contracts';
import {
  ConfirmDialog,
  questionaryStepDefinitions,
  useQuestionary,
  Wizard,
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

const BASIS = basisQuestionId(DataType.TECHNICAL_REVIEW_BASIS);

/**
 * A technical review with a questionary (the call's technical review template, §2 wizards): its steps in the shared
 * questionary wizard. The TECHNICAL_REVIEW_BASIS question is the review's own fields: its save runs before the
 * step's other answers — addTechnicalReview (the §5/§6 refusals show at once, the review is saved now), then the
 * basis answer itself in a partial answerTopic (the questionary records it, so the step's full save finds it
 * answered; the api's reaction on it finds the review unchanged). Submit (confirmed, one-way) below the wizard.
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
  const { questionary, error: loadError, reload } = useQuestionary(review.questionaryId);
  const basisTopicId = questionary?.steps.find((step) =>
    step.fields.some((field) => field.question.id === BASIS),
  )?.topic.id;

  const basis = useMemo<BasisExtension>(
    () => ({
      initialValues: technicalReviewValues(review) as unknown as Record<string, unknown>,
      schema: technicalReviewFieldSchemas,
      Component: ({ readonly }) => <TechnicalReviewFields readonly={readonly} unit={unit} />,
      save: async (values) => {
        const input = technicalReviewInput(values as unknown as TechnicalReviewValues);
        await reviewCommands.addTechnicalReview({
          proposalPk: review.proposalPk,
          instrumentId: review.instrumentId,
          ...input,
          submitted: review.submitted,
          questionaryId: review.questionaryId ?? null,
          files: review.files ?? [],
        });
        if (review.questionaryId && basisTopicId !== undefined)
          await reviewCommands.answerBasis(review.questionaryId, basisTopicId, BASIS, {
            ...input,
            files: review.files ?? [],
          });
      },
    }),
    [review, unit, basisTopicId],
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
      {loadError ? <Alert severity="error">{loadError}</Alert> : null}
      {!questionary && !loadError ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      ) : null}
      {questionary ? (
        <Wizard
          steps={questionaryStepDefinitions({
            steps: questionary.steps,
            questionaryId: questionary.questionaryId,
            owner: { proposalPk: review.proposalPk, submitted: review.submitted },
            basis,
          })}
          readonly={!editable}
          canJumpAnywhere={isOfficer}
          guardNavigation={false}
          reload={async () => {
            await reload();
            onSaved();
          }}
        />
      ) : null}
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
