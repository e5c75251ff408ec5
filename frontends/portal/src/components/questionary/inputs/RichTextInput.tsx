import { useEffect, useState } from 'react';
import { Alert, Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  richTextHasExtraBlankLines,
  richTextPlainText,
  type RichTextInputConfig,
} from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { MULTILINE_MAX_ROWS, MULTILINE_MIN_ROWS } from './TextInput';
import {
  configOf,
  describedBy,
  LabelText,
  QuestionTexts,
  questionIds,
  useQuestionField,
  WithTooltip,
} from './common';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Typed text as the stored HTML: one paragraph per line (an empty line an empty paragraph); '' when blank. */
export function textToRichHtml(text: string): string {
  if (text === '') return '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** A stored HTML answer as text for the textarea: paragraphs and breaks become lines, tags are dropped. */
export function richHtmlToText(html: string): string {
  if (!/<[a-z/][^>]*>/i.test(html)) return html;
  const text = richTextPlainText(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(?:p|div|li|h[1-6]|blockquote|pre|tr)>/gi, '\n'),
  );
  return text.replace(/\n$/, '');
}

/** Three or more consecutive line breaks become one blank line (§5, on blur). */
export function collapseBlankLines(text: string): string {
  return text.replace(/(?:[ \t]*\r?\n){3,}/g, '\n\n');
}

/**
 * RICH_TEXT_INPUT as a plain textarea (value: HTML, one `<p>` per line). The counter counts the text as the
 * registry does (tags removed) against max; the §5 blank-lines notice shows while the text has extra blank lines,
 * which are collapsed on blur. Images cannot be added here; a saved answer's images are kept only until edited.
 */
export function RichTextInput({ field, name, readonly }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<RichTextInputConfig>(field);
  const ids = questionIds(name);
  const { value, error, setValue, commit, touch } = useQuestionField<string | null>(name);
  const html = value ?? '';
  const [text, setText] = useState(() => richHtmlToText(html));
  useEffect(() => {
    // a value changed from outside (reset, reload) replaces the text
    if (textToRichHtml(text) !== html) setText(richHtmlToText(html));
  }, [html]);
  const length = richTextPlainText(html).length;
  const counterId = `${ids.control}-counter`;
  const noticeId = `${ids.control}-notice`;
  const extraBlankLines = richTextHasExtraBlankLines(html);
  const described = [
    describedBy(ids, config.small_label, error),
    counterId,
    extraBlankLines ? noticeId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Box sx={{ mb: 2 }}>
      <WithTooltip tooltip={config.tooltip}>
        <TextField
          id={ids.control}
          fullWidth
          multiline
          minRows={MULTILINE_MIN_ROWS}
          maxRows={MULTILINE_MAX_ROWS}
          label={<LabelText text={field.question.question} required={config.required} />}
          value={text}
          disabled={readonly}
          error={Boolean(error)}
          onChange={(event) => {
            setText(event.target.value);
            setValue(textToRichHtml(event.target.value));
          }}
          onBlur={() => {
            const collapsed = collapseBlankLines(text);
            if (collapsed !== text) {
              setText(collapsed);
              commit(textToRichHtml(collapsed));
            } else touch();
          }}
          slotProps={{
            htmlInput: {
              'aria-required': config.required,
              'aria-invalid': Boolean(error),
              'aria-describedby': described,
            },
          }}
        />
      </WithTooltip>
      <Box id={counterId} sx={{ typography: 'caption', color: 'text.secondary', textAlign: 'right' }}>
        {config.max != null
          ? t('questionInputs.counterMax', { count: length, max: config.max })
          : t('questionInputs.counter', { count: length })}
      </Box>
      {extraBlankLines ? (
        <Alert id={noticeId} severity="info" sx={{ mt: 1 }}>
          {t('questionInputs.extraBlankLines')}
        </Alert>
      ) : null}
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
