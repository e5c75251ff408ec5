import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { IntervalAnswerValue, IntervalConfig, Unit } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import {
  configOf,
  describedBy,
  parseNumber,
  QuestionHeading,
  QuestionTexts,
  questionIds,
  useQuestionField,
} from './common';
import { siOf, UnitSelect, useNumberText } from './units';

/** The answer with its SI bounds (a single offered unit is chosen for the applicant). */
export function intervalAnswer(
  min: number | null,
  max: number | null,
  unit: Unit | null,
  units: readonly Unit[],
): IntervalAnswerValue {
  const chosen = unit ?? (units.length === 1 ? units[0] : null);
  return { min, max, unit: chosen, siMin: siOf(min, chosen), siMax: siOf(max, chosen) };
}

/** INTERVAL: min, max and a unit (value: `{ min, max, unit, siMin, siMax }`). */
export function IntervalInput({ field, name, readonly }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<IntervalConfig>(field);
  const ids = questionIds(name);
  const { value, error, setValue, commit, touch } = useQuestionField<IntervalAnswerValue | null>(name);
  const [minText, setMinText] = useNumberText(value?.min);
  const [maxText, setMaxText] = useNumberText(value?.max);
  const min = value?.min ?? null;
  const max = value?.max ?? null;
  const unit = value?.unit ?? null;
  const inputProps = {
    'aria-required': config.required,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy(ids, config.small_label, error),
    inputMode: 'decimal' as const,
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }} aria-labelledby={ids.label}>
      <QuestionHeading
        id={ids.label}
        text={field.question.question}
        required={config.required}
        tooltip={config.tooltip}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id={`${ids.control}-min`}
          label={t('questionInputs.min')}
          value={minText}
          disabled={readonly}
          error={Boolean(error)}
          onChange={(event) => {
            setMinText(event.target.value);
            setValue(intervalAnswer(parseNumber(event.target.value), max, unit, config.units));
          }}
          onBlur={touch}
          slotProps={{ htmlInput: inputProps }}
        />
        <TextField
          id={`${ids.control}-max`}
          label={t('questionInputs.max')}
          value={maxText}
          disabled={readonly}
          error={Boolean(error)}
          onChange={(event) => {
            setMaxText(event.target.value);
            setValue(intervalAnswer(min, parseNumber(event.target.value), unit, config.units));
          }}
          onBlur={touch}
          slotProps={{ htmlInput: inputProps }}
        />
        <UnitSelect
          id={`${ids.control}-unit`}
          units={config.units}
          unit={unit}
          disabled={readonly}
          error={Boolean(error)}
          onChange={(chosen) => commit(intervalAnswer(min, max, chosen, config.units))}
          onBlur={touch}
        />
      </Box>
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
