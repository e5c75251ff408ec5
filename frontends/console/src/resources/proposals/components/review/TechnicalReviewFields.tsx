import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { TechnicalReviewStatus, technicalReviewSchema, validationLimits } from '@user-office/contracts';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';

/** The form values of a technical review (status, time allocation as typed, comments). */
export type TechnicalReviewStatusName = `${TechnicalReviewStatus}`;

export interface TechnicalReviewValues {
  status: TechnicalReviewStatusName | '';
  /** as typed: formik gives a number input's value as a number, '' when empty */
  timeAllocation: string | number;
  comment: string;
  publicComment: string;
}

export function technicalReviewValues(review: {
  status?: TechnicalReviewStatusName | null;
  timeAllocation?: number | null;
  comment?: string | null;
  publicComment?: string | null;
}): TechnicalReviewValues {
  return {
    status: review.status ?? '',
    timeAllocation: review.timeAllocation == null ? '' : String(review.timeAllocation),
    comment: review.comment ?? '',
    publicComment: review.publicComment ?? '',
  };
}

/** The values as addTechnicalReview takes them: blank time and comments are null. */
export function technicalReviewInput(values: TechnicalReviewValues) {
  const time = String(values.timeAllocation ?? '').trim();
  return {
    status: values.status === '' ? null : values.status,
    timeAllocation: time === '' ? null : Number(time),
    comment: values.comment === '' ? null : values.comment,
    publicComment: values.publicComment === '' ? null : values.publicComment,
  };
}

/**
 * The contracts' schema of each field (§5 messages: "Status is required", "Must be greater than or equal to 0",
 * "Must be less than or equal to 100000", the 6000-character comments), over the values as typed.
 */
export const technicalReviewFieldSchemas: Record<keyof TechnicalReviewValues, AnySchema> = {
  status: technicalReviewSchema.fields.status as AnySchema,
  timeAllocation: (technicalReviewSchema.fields.timeAllocation as AnySchema).transform(
    (value: unknown, original: unknown) =>
      original === '' || original === null || original === undefined ? null : value,
  ),
  comment: technicalReviewSchema.fields.comment as AnySchema,
  publicComment: technicalReviewSchema.fields.publicComment as AnySchema,
};

/** Validates the values with the contracts' schema: the first message of each field. */
export function validateTechnicalReview(values: TechnicalReviewValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, schema] of Object.entries(technicalReviewFieldSchemas)) {
    const value = values[key as keyof TechnicalReviewValues];
    try {
      schema.validateSync(key === 'status' && value === '' ? null : value);
    } catch (e) {
      errors[key] = (e as Error).message;
    }
  }
  return errors;
}

/**
 * Status (required), time allocation (0–100000, the call's unit), comment and public comment (6000 characters,
 * counted), in the surrounding formik form: the plain form of a review, and the TECHNICAL_REVIEW_BASIS question
 * of the review's questionary.
 */
export function TechnicalReviewFields({ readonly, unit }: { readonly: boolean; unit?: string }) {
  const { t } = useTranslation();
  const form = useFormikContext<TechnicalReviewValues>();
  const shown = (key: keyof TechnicalReviewValues) =>
    (form.touched[key] || form.submitCount > 0) && form.errors[key] ? form.errors[key] : undefined;
  const counter = (value: string) => `${value.length}/${validationLimits.commentMax}`;
  // the counter (shown while editable) in the body text's colour: the small grey helper text fell under 4.5:1
  const counterText = { formHelperText: { sx: { color: 'text.primary' } } };
  const statusError = shown('status');
  return (
    <Stack spacing={2}>
      <FormControl fullWidth required error={Boolean(statusError)} disabled={readonly}>
        <InputLabel id="technical-review-status-label">{t('console.technicalReviews.status')}</InputLabel>
        <Select
          labelId="technical-review-status-label"
          label={t('console.technicalReviews.status')}
          name="status"
          value={form.values.status}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
        >
          {Object.values(TechnicalReviewStatus).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`console.technicalReviews.statuses.${s}`)}
            </MenuItem>
          ))}
        </Select>
        {statusError ? <FormHelperText>{statusError}</FormHelperText> : null}
      </FormControl>
      <TextField
        name="timeAllocation"
        type="number"
        label={t('console.technicalReviews.timeAllocation', { unit: unit ?? '' })}
        value={form.values.timeAllocation}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        disabled={readonly}
        slotProps={{ htmlInput: { min: 0, max: validationLimits.timeAllocationMax } }}
        error={Boolean(shown('timeAllocation'))}
        helperText={shown('timeAllocation')}
      />
      <TextField
        name="comment"
        label={t('console.technicalReviews.comment')}
        multiline
        minRows={2}
        maxRows={16}
        value={form.values.comment}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        disabled={readonly}
        error={Boolean(shown('comment'))}
        helperText={shown('comment') ?? (readonly ? undefined : counter(form.values.comment))}
        slotProps={shown('comment') ? undefined : counterText}
      />
      <TextField
        name="publicComment"
        label={t('console.technicalReviews.publicComment')}
        multiline
        minRows={2}
        maxRows={16}
        value={form.values.publicComment}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        disabled={readonly}
        error={Boolean(shown('publicComment'))}
        helperText={shown('publicComment') ?? (readonly ? undefined : counter(form.values.publicComment))}
        slotProps={shown('publicComment') ? undefined : counterText}
      />
    </Stack>
  );
}
