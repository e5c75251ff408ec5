import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { InstrumentPickerAnswerValue, InstrumentPickerConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { ChoiceControl, questionChoiceProps } from './ChoiceControl';
import { configOf, parseNumber, questionIds, useQuestionField } from './common';
import { useNumberText } from './units';
import { useInstrumentOptions } from './use-picker-options';

/**
 * INSTRUMENT_PICKER: one of the config's instruments (when it lists none, the instruments of the proposal's call),
 * radio buttons or a dropdown, and with requestTime the time
 * requested (value: `{ instrumentId, timeRequested }`).
 */
export function InstrumentPickerInput({ field, name, readonly, owner }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<InstrumentPickerConfig>(field);
  const ids = questionIds(name);
  const instruments = useInstrumentOptions(name, config.instruments, owner.callId);
  const { value, error, setValue, commit, touch } = useQuestionField<InstrumentPickerAnswerValue | null>(
    name,
  );
  const instrumentId = value?.instrumentId ?? null;
  const timeRequested = value?.timeRequested ?? null;
  const [timeText, setTimeText] = useNumberText(timeRequested);
  return (
    <Box>
      <ChoiceControl<number>
        {...questionChoiceProps(field, name, config, readonly, { error, touch })}
        multiple={false}
        options={instruments.map((instrument) => ({ value: instrument.id, label: instrument.name }))}
        selected={instrumentId === null ? [] : [instrumentId]}
        onChange={(chosen) =>
          commit({
            instrumentId: chosen[0] ?? null,
            timeRequested: chosen.length > 0 && config.requestTime ? timeRequested : null,
          })
        }
      />
      {config.requestTime && instrumentId !== null ? (
        <TextField
          id={`${ids.control}-time`}
          label={t('questionInputs.timeRequested')}
          value={timeText}
          disabled={readonly}
          error={Boolean(error)}
          sx={{ mb: 2 }}
          onChange={(event) => {
            setTimeText(event.target.value);
            setValue({ instrumentId, timeRequested: parseNumber(event.target.value) });
          }}
          onBlur={touch}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-required': true } }}
        />
      ) : null}
    </Box>
  );
}
