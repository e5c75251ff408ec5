import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TextInputConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { SafeHtml } from './SafeHtml';
import {
  configOf,
  describedBy,
  LabelText,
  QuestionTexts,
  questionIds,
  useQuestionField,
  WithTooltip,
} from './common';

/** §9: a multiline answer grows from 2 to 16 rows. */
export const MULTILINE_MIN_ROWS = 2;
export const MULTILINE_MAX_ROWS = 16;

/**
 * TEXT_INPUT: a single- or multi-line text (value: the string). min / max are lengths; the counter shows the
 * length against max unless isCounterHidden. With isHtmlQuestion the question is the config's (sanitised) HTML.
 */
export function TextInput({ field, name, readonly }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<TextInputConfig>(field);
  const ids = questionIds(name);
  const { value, error, setValue, touch } = useQuestionField<string | null>(name);
  const text = value ?? '';
  const htmlLabel = config.isHtmlQuestion && (config.htmlQuestion ?? '').trim() !== '';
  const counter = config.isCounterHidden
    ? null
    : config.max != null
      ? t('questionInputs.counterMax', { count: text.length, max: config.max })
      : t('questionInputs.counter', { count: text.length });
  const describedIds = [
    describedBy(ids, config.small_label, error),
    counter ? `${ids.control}-counter` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Box sx={{ mb: 2 }}>
      {htmlLabel ? <SafeHtml id={ids.label} html={config.htmlQuestion ?? ''} /> : null}
      <WithTooltip tooltip={config.tooltip}>
        <TextField
          id={ids.control}
          fullWidth
          label={
            htmlLabel ? undefined : <LabelText text={field.question.question} required={config.required} />
          }
          value={text}
          placeholder={config.placeholder || undefined}
          disabled={readonly}
          error={Boolean(error)}
          multiline={config.multiline}
          minRows={config.multiline ? MULTILINE_MIN_ROWS : undefined}
          maxRows={config.multiline ? MULTILINE_MAX_ROWS : undefined}
          onChange={(event) => setValue(event.target.value)}
          onBlur={touch}
          onKeyDown={(event) => {
            // §5: enter commits a single-line answer (it does not submit the step's form)
            if (!config.multiline && event.key === 'Enter') {
              event.preventDefault();
              touch();
            }
          }}
          slotProps={{
            htmlInput: {
              'aria-required': config.required,
              'aria-describedby': describedIds || undefined,
              'aria-labelledby': htmlLabel ? ids.label : undefined,
              'aria-invalid': Boolean(error),
            },
          }}
        />
      </WithTooltip>
      {counter ? (
        <Box
          id={`${ids.control}-counter`}
          sx={{ typography: 'caption', color: 'text.secondary', textAlign: 'right' }}
        >
          {counter}
        </Box>
      ) : null}
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
