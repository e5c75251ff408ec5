import { Box, TextField } from '@mui/material';
import { format, isValid, parseISO } from 'date-fns';
import type { DateConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import {
  configOf,
  describedBy,
  LabelText,
  QuestionTexts,
  questionIds,
  useQuestionField,
  WithTooltip,
} from './common';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored date (ISO `2025-01-31` or a date-time) as the text of a date / datetime-local input. */
export function dateInputText(value: string | null | undefined, includeTime: boolean): string {
  if (!value) return '';
  if (!includeTime && DATE_ONLY.test(value)) return value;
  const date = DATE_ONLY.test(value) ? parseISO(value) : new Date(value);
  if (!isValid(date)) return '';
  return format(date, includeTime ? "yyyy-MM-dd'T'HH:mm" : 'yyyy-MM-dd');
}

/**
 * The stored value of a date input's text: null when blank, `yyyy-MM-dd` for a date, a full ISO date-time (UTC)
 * for a date-time typed in local time.
 */
export function dateValue(text: string, includeTime: boolean): string | null {
  if (text.trim() === '') return null;
  if (!includeTime) return text;
  const date = new Date(text);
  return isValid(date) ? date.toISOString() : text;
}

/** DATE: a date or, with includeTime, a date-time (value: an ISO string or null) within minDate / maxDate. */
export function DateInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<DateConfig>(field);
  const ids = questionIds(name);
  const { value, error, setValue, touch } = useQuestionField<string | null>(name);
  const min = dateInputText(config.minDate, config.includeTime);
  const max = dateInputText(config.maxDate, config.includeTime);
  return (
    <Box sx={{ mb: 2 }}>
      <WithTooltip tooltip={config.tooltip}>
        <TextField
          id={ids.control}
          type={config.includeTime ? 'datetime-local' : 'date'}
          fullWidth
          label={<LabelText text={field.question.question} required={config.required} />}
          value={dateInputText(value, config.includeTime)}
          disabled={readonly}
          error={Boolean(error)}
          onChange={(event) => setValue(dateValue(event.target.value, config.includeTime))}
          onBlur={touch}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              min: min || undefined,
              max: max || undefined,
              'aria-required': config.required,
              'aria-invalid': Boolean(error),
              'aria-describedby': describedBy(ids, config.small_label, error),
            },
          }}
        />
      </WithTooltip>
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
