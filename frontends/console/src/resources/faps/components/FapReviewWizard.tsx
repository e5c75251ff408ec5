import { useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { basisQuestionId, DataType, reviewGradeSchema } from '@user-office/contracts';
import {
  ConfirmDialog,
  questionaryStepDefinitions,
  useQuestionary,
  Wizard,
  type BasisExtension,
} from '@user-office/frontend-shared/questionary';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { reviewCommands } from '../../proposals/components/review/review-commands';
import { fapReviewValues, gradeOf, type FapReviewValues } from '../fap-review-rules';
import { FapReviewFields } from './FapReviewFields';

const BASIS = basisQuestionId(DataType.FAP_REVIEW_BASIS);

export interface WizardReview {
  id: number;
  proposalPk: number;
  questionaryID: number;
  grade?: number | null;
  comment?: string | null;
  status: string;
}

/**
 * A panel review with a questionary (the call's FAP review template, §2 wizards "panel review"): its steps in the
 * shared questionary wizard, the FAP_REVIEW_BASIS question being the review's grade and comment — its save runs
 * updateReview (a draft) before the step's other answers, then records the basis answer. Submit (confirmed, final,
 * §4) below the wizard submits the review as last saved.
 */
export function FapReviewWizard({
  review,
  editable,
  precision,
  save,
  onSaved,
}: {
  review: WizardReview;
  editable: boolean;
  precision: number;
  save(values: { grade: number | null; comment: string; submit: boolean }): Promise<void>;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { questionary, error: loadError, reload } = useQuestionary(review.questionaryID);
  const basisTopicId = questionary?.steps.find((step) =>
    step.fields.some((field) => field.question.id === BASIS),
  )?.topic.id;
  const readonly = !editable || review.status === 'SUBMITTED';

  const basis = useMemo<BasisExtension>(() => {
    const schema = reviewGradeSchema(precision);
    return {
      initialValues: fapReviewValues(review) as unknown as Record<string, unknown>,
      schema: {
        grade: (schema.fields.grade as AnySchema).transform((value: unknown, original: unknown) =>
          original === '' ? null : value,
        ),
        comment: schema.fields.comment as AnySchema,
      },
      Component: ({ readonly: locked }) => <FapReviewFields readonly={locked} precision={precision} />,
      save: async (values) => {
        const typed = values as unknown as FapReviewValues;
        const grade = gradeOf(typed);
        await save({ grade, comment: typed.comment, submit: false });
        if (basisTopicId !== undefined)
          await reviewCommands.answerBasis(review.questionaryID, basisTopicId, BASIS, {
            grade,
            comment: typed.comment,
          });
      },
    };
  }, [review, precision, basisTopicId, save]);

  const submit = async () => {
    setConfirming(false);
    setError(null);
    try {
      await save({ grade: review.grade ?? null, comment: review.comment ?? '', submit: true });
      notify(t('console.grading.form.submitted'), { type: 'success' });
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Stack spacing={2}>
      {review.status === 'SUBMITTED' ? (
        <Alert severity="info">{t('console.grading.form.readonly')}</Alert>
      ) : null}
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
            owner: { proposalPk: review.proposalPk, submitted: review.status === 'SUBMITTED' },
            basis,
          })}
          readonly={readonly}
          canJumpAnywhere={false}
          guardNavigation={false}
          reload={async () => {
            await reload();
            onSaved();
          }}
        />
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {readonly ? null : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => setConfirming(true)}>
            {t('console.grading.form.submit')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        text={t('console.grading.form.confirmSubmit')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      />
    </Stack>
  );
}
