import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { richTextPlainText, validationLimits } from '@user-office/contracts';
import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeChoices, gradeIsSelect, type FapReviewValues } from '../fap-review-rules';

/**
 * A panel review's grade and comment in the surrounding formik form (§5, §9): the grade a select of 1–10 when
 * the precision is 1, else a numeric input stepping by it; the comment counted against 6000 characters. The plain
 * review form and the FAP_REVIEW_BASIS question of the review's questionary both show these.
 */
export function FapReviewFields({ readonly, precision }: { readonly: boolean; precision: number }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useFormikContext<FapReviewValues>();
  const shown = (key: keyof FapReviewValues) =>
    (form.touched[key] || form.submitCount > 0) && form.errors[key] ? String(form.errors[key]) : undefined;
  const gradeError = shown('grade');
  const commentError = shown('comment');
  const counter = `${richTextPlainText(form.values.comment ?? '').length}/${validationLimits.commentMax}`;
  return (
    <Stack spacing={2}>
      {gradeIsSelect(precision) ? (
        <FormControl fullWidth required error={Boolean(gradeError)} disabled={readonly}>
          <InputLabel id={`${id}-grade`}>{t('console.grading.form.grade')}</InputLabel>
          <Select
            labelId={`${id}-grade`}
            label={t('console.grading.form.grade')}
            name="grade"
            value={form.values.grade === '' || form.values.grade == null ? '' : Number(form.values.grade)}
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
          value={form.values.grade ?? ''}
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
        value={form.values.comment ?? ''}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        disabled={readonly}
        error={Boolean(commentError)}
        helperText={commentError ?? (readonly ? undefined : counter)}
        slotProps={commentError ? undefined : { formHelperText: { sx: { color: 'text.primary' } } }}
      />
    </Stack>
  );
}
