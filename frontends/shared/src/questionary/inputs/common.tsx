import type { ReactNode } from 'react';
import { Box, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useField, useFormikContext } from 'formik';
import { questionType, type CommonQuestionConfig } from '@user-office/contracts';
import type { QuestionaryField } from '../types';

/**
 * The type's config of a field: the registry's default config overlaid with the template's config (older or
 * partial configs then still have every key).
 */
export function configOf<TConfig extends CommonQuestionConfig>(field: QuestionaryField): TConfig {
  return { ...questionType(field.question.dataType).defaultConfig(), ...field.config } as TConfig;
}

/** The DOM ids of one question's control, label and texts (from the question id, made id-safe). */
export interface QuestionIds {
  control: string;
  label: string;
  smallLabel: string;
  error: string;
}

export function questionIds(name: string): QuestionIds {
  const base = `question-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return {
    control: base,
    label: `${base}-label`,
    smallLabel: `${base}-small-label`,
    error: `${base}-error`,
  };
}

/**
 * The formik state of a question: its value, the error to show (once touched or after a submit attempt) and the
 * setters. The form validates with the registry's answerSchema, so the error is the spec's message.
 */
export function useQuestionField<TValue>(name: string) {
  const [field, meta, helpers] = useField<TValue>(name);
  const { submitCount } = useFormikContext();
  const shown =
    (Boolean(meta.touched) || submitCount > 0) && typeof meta.error === 'string' ? meta.error : null;
  return {
    value: field.value,
    error: shown,
    setValue: (value: TValue) => {
      void helpers.setValue(value, true);
    },
    /** on blur: touched, validated with the values as they are */
    touch: () => {
      void helpers.setTouched(true, true);
    },
    /**
     * A change that also touches (a click on a choice, an upload): touched without validating, then the value
     * set and validated (two validations in one tick could finish with the older values).
     */
    commit: (value: TValue) => {
      void helpers.setTouched(true, false);
      void helpers.setValue(value, true);
    },
  };
}

/** The ids the control is described by: the small label and the error when shown. */
export function describedBy(ids: QuestionIds, smallLabel: string, error: string | null): string | undefined {
  const parts = [smallLabel.trim() !== '' ? ids.smallLabel : null, error ? ids.error : null].filter(
    (part): part is string => part !== null,
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The config's tooltip as a focusable help icon (its text is the icon's accessible name). */
export function QuestionTooltip({ tooltip }: { tooltip: string }) {
  if (tooltip.trim() === '') return null;
  return (
    <Tooltip title={tooltip}>
      <IconButton size="small" sx={{ ml: 0.5 }}>
        <HelpOutlineIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The label text with the required marker (the asterisk is hidden from screen readers: aria-required says it). */
export function LabelText({ text, required }: { text: string; required: boolean }) {
  return (
    <>
      {text}
      {required ? (
        <Box component="span" aria-hidden="true" sx={{ ml: 0.25 }}>
          {' *'}
        </Box>
      ) : null}
    </>
  );
}

/** The small label and the error below a control, with the ids `describedBy` points at. */
export function QuestionTexts({
  ids,
  smallLabel,
  error,
}: {
  ids: QuestionIds;
  smallLabel: string;
  error: string | null;
}) {
  return (
    <>
      {smallLabel.trim() !== '' ? (
        <FormHelperText id={ids.smallLabel} sx={{ mx: 0 }}>
          {smallLabel}
        </FormHelperText>
      ) : null}
      {error ? (
        <FormHelperText id={ids.error} error role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </>
  );
}

/** A control with the tooltip icon at its right. */
export function WithTooltip({ tooltip, children }: { tooltip: string; children: ReactNode }) {
  if (tooltip.trim() === '') return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ pt: 1 }}>
        <QuestionTooltip tooltip={tooltip} />
      </Box>
    </Box>
  );
}

/** A question heading for grouped controls (radio groups, intervals, uploads): a legend-like title. */
export function QuestionHeading({
  id,
  text,
  required,
  tooltip,
  component = 'div',
}: {
  id: string;
  text: string;
  required: boolean;
  tooltip: string;
  component?: 'div' | 'legend';
}) {
  return (
    <Box component={component} sx={{ display: 'flex', alignItems: 'center', p: 0, mb: 0.5 }}>
      <Typography id={id} component="span" variant="body1">
        <LabelText text={text} required={required} />
      </Typography>
      <QuestionTooltip tooltip={tooltip} />
    </Box>
  );
}

/** A number typed as text: null when blank, NaN when not a number (the registry then says "Value must be a number"). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** The text of a stored number (blank for null; NaN is kept as typed by the caller). */
export function numberText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
