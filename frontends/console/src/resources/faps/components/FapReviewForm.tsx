import { useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useSettings } from '@user-office/frontend-shared/settings';
import { FormikProvider, useFormik } from 'formik';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import {
  fapReviewValues,
  gradeOf,
  gradePrecision,
  validateFapReview,
  type FapReviewValues,
} from '../fap-review-rules';
import { FapReviewFields } from './FapReviewFields';

export interface FapReviewFormReview {
  id: number;
  grade?: number | null;
  comment?: string | null;
  status: string;
  proposal: { proposalId: string };
}

/**
 * A panel review without a questionary (§4, §5, §9): its grade and comment (FapReviewFields). Save keeps the draft;
 * Submit (confirmed, final) validates first and shows "Your review has been submitted successfully.". Read only
 * once submitted, or when `editable` is false (another member's review).
 */
export function FapReviewForm({
  review,
  editable,
  save,
  onSaved,
}: {
  review: FapReviewFormReview;
  editable: boolean;
  /** updateReview(reviewID, grade, comment, status) */
  save(values: { grade: number | null; comment: string; submit: boolean }): Promise<void>;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const settings = useSettings();
  const precision = gradePrecision(settings.value('GRADE_PRECISION'));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const readonly = !editable || review.status === 'SUBMITTED';

  const send = async (values: FapReviewValues, submit: boolean) => {
    setError(null);
    try {
      await save({ grade: gradeOf(values), comment: values.comment, submit });
      notify(submit ? t('console.grading.form.submitted') : t('success.saved'), { type: 'success' });
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const form = useFormik<FapReviewValues>({
    initialValues: fapReviewValues(review),
    enableReinitialize: true,
    validate: (values) => validateFapReview(values, precision),
    onSubmit: (values) => send(values, false),
  });

  const askSubmit = async () => {
    const errors = await form.validateForm();
    await form.setTouched({ grade: true, comment: true }, false);
    if (Object.keys(errors).length === 0) setConfirming(true);
  };

  return (
    <FormikProvider value={form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        aria-label={t('console.grading.form.label', { id: review.proposal.proposalId })}
        sx={{ maxWidth: 720 }}
      >
        <Stack spacing={2}>
          {review.status === 'SUBMITTED' ? (
            <Alert severity="info">{t('console.grading.form.readonly')}</Alert>
          ) : null}
          <FapReviewFields readonly={readonly} precision={precision} />
          {error ? <Alert severity="error">{error}</Alert> : null}
          {readonly ? null : (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="outlined" disabled={form.isSubmitting}>
                {t('console.grading.form.save')}
              </Button>
              <Button variant="contained" onClick={() => void askSubmit()}>
                {t('console.grading.form.submit')}
              </Button>
            </Stack>
          )}
        </Stack>
        <ConfirmDialog
          open={confirming}
          text={t('console.grading.form.confirmSubmit')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void send(form.values, true);
          }}
        />
      </Box>
    </FormikProvider>
  );
}
