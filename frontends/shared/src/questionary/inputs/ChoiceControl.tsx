import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CommonQuestionConfig, SelectionVariant } from '@user-office/contracts';
import type { QuestionaryField } from '../types';
import {
  describedBy,
  LabelText,
  questionIds,
  QuestionHeading,
  QuestionTexts,
  type QuestionIds,
  WithTooltip,
} from './common';

export interface ChoiceOption<K extends string | number> {
  value: K;
  label: string;
}

export interface ChoiceControlProps<K extends string | number> {
  ids: QuestionIds;
  label: string;
  required: boolean;
  tooltip: string;
  smallLabel: string;
  error: string | null;
  variant: SelectionVariant;
  multiple: boolean;
  options: readonly ChoiceOption<K>[];
  selected: readonly K[];
  disabled: boolean;
  onChange(selected: K[]): void;
  onBlur(): void;
  /** shown instead of the options while they load, or when loading failed */
  status?: ReactNode;
}

/** The props every choice question passes alike: its ids and label, the common config, the error, read-only, blur. */
export function questionChoiceProps(
  field: QuestionaryField,
  name: string,
  config: CommonQuestionConfig & { variant: SelectionVariant },
  readonly: boolean,
  state: { error: string | null; touch(): void },
) {
  return {
    ids: questionIds(name),
    label: field.question.question,
    required: config.required,
    tooltip: config.tooltip,
    smallLabel: config.small_label,
    error: state.error,
    variant: config.variant,
    disabled: readonly,
    onBlur: state.touch,
  };
}

/**
 * The choice shared by selection, dynamic choice and the pickers: radio buttons (checkboxes when several may be
 * chosen) or a dropdown (multiple when several may be chosen). The value is always the list of chosen values.
 */
export function ChoiceControl<K extends string | number>(props: ChoiceControlProps<K>) {
  const { t } = useTranslation();
  const { ids, options, selected, multiple, disabled, error } = props;
  const described = describedBy(ids, props.smallLabel, error);
  const byKey = (key: string): K | undefined => options.find((option) => String(option.value) === key)?.value;
  const empty =
    props.status ??
    (options.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        {t('questionInputs.noOptions')}
      </Typography>
    ) : null);

  if (props.variant === 'dropdown') {
    const value: string | string[] = multiple
      ? selected.map(String)
      : selected.length > 0
        ? String(selected[0])
        : '';
    return (
      <Box sx={{ mb: 2 }}>
        <WithTooltip tooltip={props.tooltip}>
          <TextField
            id={ids.control}
            select
            fullWidth
            label={<LabelText text={props.label} required={props.required} />}
            value={value}
            disabled={disabled}
            error={Boolean(error)}
            onChange={(event) => {
              const raw: unknown = event.target.value;
              const keys = Array.isArray(raw) ? raw.map(String) : raw === '' ? [] : [String(raw)];
              props.onChange(keys.map(byKey).filter((key): key is K => key !== undefined));
            }}
            onBlur={props.onBlur}
            slotProps={{
              select: {
                multiple,
                renderValue: multiple
                  ? (chosen: unknown) =>
                      (Array.isArray(chosen) ? chosen : [])
                        .map(
                          (key) =>
                            options.find((option) => String(option.value) === String(key))?.label ?? key,
                        )
                        .join(', ')
                  : undefined,
                SelectDisplayProps: {
                  'aria-required': props.required,
                  'aria-invalid': Boolean(error),
                  'aria-describedby': described,
                },
              },
            }}
          >
            {!multiple && !props.required ? (
              <MenuItem value="">
                <em>{t('questionInputs.none')}</em>
              </MenuItem>
            ) : null}
            {options.map((option) => (
              <MenuItem key={String(option.value)} value={String(option.value)}>
                {multiple ? (
                  <Checkbox size="small" checked={selected.includes(option.value)} tabIndex={-1} />
                ) : null}
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </WithTooltip>
        {empty}
        <QuestionTexts ids={ids} smallLabel={props.smallLabel} error={error} />
      </Box>
    );
  }

  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      disabled={disabled}
      sx={{ mb: 2, display: 'flex' }}
      aria-describedby={described}
    >
      <QuestionHeading
        id={ids.label}
        text={props.label}
        required={props.required}
        tooltip={props.tooltip}
        component="legend"
      />
      {empty}
      {multiple ? (
        <FormGroup id={ids.control} aria-labelledby={ids.label}>
          {options.map((option) => (
            <FormControlLabel
              key={String(option.value)}
              label={option.label}
              control={
                <Checkbox
                  checked={selected.includes(option.value)}
                  onChange={(event) => {
                    props.onChange(
                      event.target.checked
                        ? [...selected, option.value]
                        : selected.filter((value) => value !== option.value),
                    );
                  }}
                />
              }
            />
          ))}
        </FormGroup>
      ) : (
        <RadioGroup
          id={ids.control}
          aria-labelledby={ids.label}
          aria-required={props.required}
          value={selected.length > 0 ? String(selected[0]) : ''}
          onChange={(event) => {
            const key = byKey(event.target.value);
            props.onChange(key === undefined ? [] : [key]);
          }}
        >
          {options.map((option) => (
            <FormControlLabel
              key={String(option.value)}
              value={String(option.value)}
              label={option.label}
              control={<Radio />}
            />
          ))}
        </RadioGroup>
      )}
      <QuestionTexts ids={ids} smallLabel={props.smallLabel} error={error} />
    </FormControl>
  );
}
