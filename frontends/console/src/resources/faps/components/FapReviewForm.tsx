import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { richTextPlainText, validationLimits } from '@user-office/contracts';
import { ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useFormik } from 'formik';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import {
  fapReviewValues,
  gradeChoices,
  gradeIsSelect,
  gradeOf,
  gradePrecision,
  validateFapReview,
  type FapReviewValues,
} from '../fap-review-rules';

export interface FapReviewFormReview {
  id: number;
  grade?: number | null;
  comment?: string | null;
  status: string;
  proposal: { proposalId: string };
}

/**
 * A panel review's grade and comment (§4, §5, §9): the grade a select of 1–10 when GRADE_PRECISION is 1, else a
 * numeric input stepping by the precision; the comment counted against 6000 characters. Save keeps the draft;
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

  const shown = (key: keyof FapReviewValues) =>
    (form.touched[key] || form.submitCount > 0) && form.errors[key] ? form.errors[key] : undefined;
  const gradeError = shown('grade');
  const commentError = shown('comment');
  const counter = `${richTextPlainText(form.values.comment).length}/${validationLimits.commentMax}`;
  const labelId = `fap-review-grade-${review.id}`;

  return (
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
        {gradeIsSelect(precision) ? (
          <FormControl fullWidth required error={Boolean(gradeError)} disabled={readonly}>
            <InputLabel id={labelId}>{t('console.grading.form.grade')}</InputLabel>
            <Select
              labelId={labelId}
              label={t('console.grading.form.grade')}
              name="grade"
              value={form.values.grade === '' ? '' : Number(form.values.grade)}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
            >
              {gradeChoices().map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </Select>
            {gradeError ? <FormHelperText>{gradeError}</FormHelperText> : null}
          </FormControl>
        ) : (
          <TextField
            name="grade"
            type="number"
            required
            label={t('console.grading.form.grade')}
            value={form.values.grade}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            disabled={readonly}
            slotProps={{
              htmlInput: { min: validationLimits.gradeMin, max: validationLimits.gradeMax, step: precision },
            }}
            error={Boolean(gradeError)}
            helperText={gradeError}
          />
        )}
        <TextField
          name="comment"
          required
          label={t('console.grading.form.comment')}
          multiline
          minRows={4}
          maxRows={16}
          value={form.values.comment}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          disabled={readonly}
          error={Boolean(commentError)}
          helperText={commentError ?? (readonly ? undefined : counter)}
          slotProps={commentError ? undefined : { formHelperText: { sx: { color: 'text.primary' } } }}
        />
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
  );
}
