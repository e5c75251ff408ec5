import { Box, TextField } from '@mui/material';
import type { NumberAnswerValue, NumberInputConfig, Unit } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import {
  configOf,
  describedBy,
  LabelText,
  parseNumber,
  QuestionTexts,
  questionIds,
  useQuestionField,
  WithTooltip,
} from './common';
import { siOf, UnitSelect, useNumberText } from './units';

/** The answer with its SI value (a single offered unit is chosen for the applicant). */
export function numberAnswer(
  value: number | null,
  unit: Unit | null,
  units: readonly Unit[],
): NumberAnswerValue {
  const chosen = unit ?? (units.length === 1 ? units[0] : null);
  return { value, unit: chosen, siValue: siOf(value, chosen) };
}

/**
 * NUMBER_INPUT: a number with a unit from the config's units (value: `{ value, unit, siValue }`; value null when
 * blank, NaN when not a number, so the registry reports it). numberValueConstraint is checked by the registry.
 */
export function NumberInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<NumberInputConfig>(field);
  const ids = questionIds(name);
  const { value, error, setValue, commit, touch } = useQuestionField<NumberAnswerValue | null>(name);
  const [text, setText] = useNumberText(value?.value);
  const unit = value?.unit ?? null;

  return (
    <Box sx={{ mb: 2 }}>
      <WithTooltip tooltip={config.tooltip}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            id={ids.control}
            sx={{ flex: 1 }}
            label={<LabelText text={field.question.question} required={config.required} />}
            value={text}
            disabled={readonly}
            error={Boolean(error)}
            onChange={(event) => {
              setText(event.target.value);
              setValue(numberAnswer(parseNumber(event.target.value), unit, config.units));
            }}
            onBlur={touch}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                'aria-required': config.required,
                'aria-invalid': Boolean(error),
                'aria-describedby': describedBy(ids, config.small_label, error),
              },
            }}
          />
          <UnitSelect
            id={`${ids.control}-unit`}
            units={config.units}
            unit={unit}
            disabled={readonly}
            error={Boolean(error)}
            onChange={(chosen) => commit(numberAnswer(value?.value ?? null, chosen, config.units))}
            onBlur={touch}
          />
        </Box>
      </WithTooltip>
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
