import { Box, Checkbox, FormControlLabel } from '@mui/material';
import type { BooleanConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import {
  configOf,
  describedBy,
  LabelText,
  QuestionTexts,
  QuestionTooltip,
  questionIds,
  useQuestionField,
} from './common';

/** BOOLEAN: a checkbox (value: true / false); a required one must be checked (§5). */
export function BooleanInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<BooleanConfig>(field);
  const ids = questionIds(name);
  const { value, error, commit } = useQuestionField<boolean | null>(name);
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <FormControlLabel
          disabled={readonly}
          label={<LabelText text={field.question.question} required={config.required} />}
          control={
            <Checkbox
              id={ids.control}
              checked={value === true}
              onChange={(event) => {
                commit(event.target.checked);
              }}
              slotProps={{
                input: {
                  'aria-required': config.required,
                  'aria-invalid': Boolean(error),
                  'aria-describedby': describedBy(ids, config.small_label, error),
                },
              }}
            />
          }
        />
        <QuestionTooltip tooltip={config.tooltip} />
      </Box>
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
