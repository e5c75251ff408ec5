import { useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { FormikProvider, useFormik } from 'formik';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { reviewCommands, type TechnicalReview } from './review-commands';
import {
  TechnicalReviewFields,
  technicalReviewInput,
  technicalReviewValues,
  validateTechnicalReview,
  type TechnicalReviewValues,
} from './TechnicalReviewFields';

/**
 * A technical review without a questionary (§5): the fields, Save (addTechnicalReview) and Submit (after a
 * confirmation; one-way, §4). Read-only for whoever may not edit it (§6).
 */
export function TechnicalReviewForm({
  review,
  editable,
  unit,
  onSaved,
}: {
  review: TechnicalReview;
  editable: boolean;
  unit?: string;
  onSaved(review: TechnicalReview): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const readonly = !editable;

  const save = async (values: TechnicalReviewValues, submitted: boolean) => {
    setError(null);
    try {
      const saved = await reviewCommands.addTechnicalReview({
        proposalPk: review.proposalPk,
        instrumentId: review.instrumentId,
        ...technicalReviewInput(values),
        submitted,
        questionaryId: review.questionaryId ?? null,
        files: review.files ?? [],
      });
      notify(submitted ? t('console.technicalReviews.submittedDone') : t('success.saved'), {
        type: 'success',
      });
      onSaved(saved);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const form = useFormik<TechnicalReviewValues>({
    initialValues: technicalReviewValues(review),
    enableReinitialize: true,
    validate: validateTechnicalReview,
    onSubmit: (values) => save(values, review.submitted),
  });

  const askSubmit = async () => {
    const errors = await form.validateForm();
    await form.setTouched({ status: true, timeAllocation: true, comment: true, publicComment: true }, false);
    if (Object.keys(errors).length === 0) setConfirming(true);
  };

  return (
    <FormikProvider value={form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        aria-label={t('console.technicalReviews.formLabel')}
        sx={{ maxWidth: 720 }}
      >
        <TechnicalReviewFields readonly={readonly} unit={unit} />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {readonly ? null : (
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="outlined" disabled={form.isSubmitting}>
              {t('console.technicalReviews.save')}
            </Button>
            {review.submitted ? null : (
              <Button variant="contained" disabled={form.isSubmitting} onClick={() => void askSubmit()}>
                {t('console.technicalReviews.submit')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        text={t('console.technicalReviews.confirmSubmit')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void save(form.values, true);
        }}
      />
    </FormikProvider>
  );
}
