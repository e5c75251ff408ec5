import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import type { DataType } from '@user-office/contracts';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useTranslation } from 'react-i18next';
import { ConsoleUnitsDocument, type ConsoleUnitsQuery } from '../../../gql/graphql';
import { configFieldsOf, humanize, isFieldShown, type ConfigFieldSpec } from './config-fields';

type Config = Record<string, unknown>;
type Unit = ConsoleUnitsQuery['getUnits'][number];

export interface ConfigFieldsProps {
  dataType: DataType;
  value: Config;
  onChange(config: Config): void;
  /** messages by field path (`maxDate`, `units[0].id`), shown under their field */
  errors: Record<string, string>;
  /** the ids of the inputs are prefixed with this (several forms on a page) */
  idPrefix?: string;
}

/** The units to choose from; null until they have arrived (the list says "Loading…" meanwhile). */
function useUnits(enabled: boolean): Unit[] | null {
  const [units, setUnits] = useState<Unit[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    request(ConsoleUnitsDocument)
      .then((data) => live && setUnits(data.getUnits))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return units;
}

const errorUnder = (errors: Record<string, string>, name: string): string | undefined =>
  errors[name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${name}[`))?.[1];

/**
 * The config form of a data type, generated from the registry's config schema (config-fields.ts): adding a data type
 * to contracts/src/questions adds its form here without editing this file. Labels come from
 * `console.editors.config.<field>`, else the field name made readable.
 */
export function ConfigFields({ dataType, value, onChange, errors, idPrefix = 'config' }: ConfigFieldsProps) {
  const { t } = useTranslation();
  const specs = configFieldsOf(dataType);
  const units = useUnits(specs.some((s) => s.field.kind === 'units'));
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  const labelOf = (name: string) => t(`console.editors.config.${name}`, { defaultValue: humanize(name) });

  const render = ({ name, field }: ConfigFieldSpec) => {
    const id = `${idPrefix}-${name}`;
    const label = labelOf(name);
    const error = errorUnder(errors, name);
    const current = value[name];
    switch (field.kind) {
      case 'boolean':
        return (
          <FormControl key={name} error={Boolean(error)}>
            <FormControlLabel
              control={
                <Checkbox id={id} checked={current === true} onChange={(e) => set(name, e.target.checked)} />
              }
              label={label}
            />
            {error ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
        );
      case 'text':
        return (
          <TextField
            key={name}
            id={id}
            label={label}
            type={field.date ? 'date' : 'text'}
            slotProps={field.date ? { inputLabel: { shrink: true } } : undefined}
            value={typeof current === 'string' ? current.slice(0, field.date ? 10 : undefined) : ''}
            onChange={(e) => set(name, e.target.value === '' && field.date ? null : e.target.value)}
            error={Boolean(error)}
            helperText={error}
            multiline={!field.date && (name === 'html' || name === 'plain' || name === 'htmlQuestion')}
            fullWidth
          />
        );
      case 'number':
        return (
          <TextField
            key={name}
            id={id}
            label={label}
            type="number"
            value={typeof current === 'number' ? current : ''}
            onChange={(e) => {
              const text = e.target.value;
              set(name, text === '' ? (field.nullable ? null : 0) : Number(text));
            }}
            error={Boolean(error)}
            helperText={error}
            fullWidth
          />
        );
      case 'choice':
        return (
          <FormControl key={name} fullWidth error={Boolean(error)}>
            <InputLabel id={`${id}-label`}>{label}</InputLabel>
            <Select
              labelId={`${id}-label`}
              id={id}
              label={label}
              value={typeof current === 'string' ? current : ''}
              onChange={(e) => set(name, e.target.value)}
            >
              {field.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </Select>
            {error ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
        );
      case 'multiChoice': {
        const chosen = Array.isArray(current) ? (current as string[]) : [];
        return (
          <FormControl key={name} component="fieldset" error={Boolean(error)}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {field.options.map((option) => (
                <FormControlLabel
                  key={option}
                  control={
                    <Checkbox
                      checked={chosen.includes(option)}
                      onChange={(e) =>
                        set(name, e.target.checked ? [...chosen, option] : chosen.filter((x) => x !== option))
                      }
                    />
                  }
                  label={option}
                />
              ))}
            </FormGroup>
            {error ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
        );
      }
      case 'textList': {
        const items = Array.isArray(current) ? (current as string[]) : [];
        return (
          <TextField
            key={name}
            id={id}
            label={label}
            multiline
            minRows={2}
            value={items.join('\n')}
            onChange={(e) => set(name, e.target.value === '' ? [] : e.target.value.split('\n'))}
            error={Boolean(error)}
            helperText={error ?? t('console.editors.config.onePerLine')}
            fullWidth
          />
        );
      }
      case 'objectList': {
        const rows = Array.isArray(current) ? (current as Record<string, unknown>[]) : [];
        const setRow = (index: number, key: string, v: string) =>
          set(
            name,
            rows.map((row, i) => (i === index ? { ...row, [key]: v } : row)),
          );
        return (
          <FormControl key={name} component="fieldset" error={Boolean(error)}>
            <FormLabel component="legend">{label}</FormLabel>
            <Stack spacing={1} sx={{ mt: 1 }}>
              {rows.map((row, index) => (
                <Stack direction="row" spacing={1} key={index} sx={{ alignItems: 'center' }}>
                  {field.fields.map((key) => (
                    <TextField
                      key={key}
                      size="small"
                      label={`${labelOf(key)} ${index + 1}`}
                      value={String(row[key] ?? '')}
                      onChange={(e) => setRow(index, key, e.target.value)}
                    />
                  ))}
                  <IconButton
                    aria-label={t('console.editors.config.removeRow', { n: index + 1 })}
                    onClick={() =>
                      set(
                        name,
                        rows.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <Delete />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button
                  size="small"
                  startIcon={<Add />}
                  onClick={() => set(name, [...rows, Object.fromEntries(field.fields.map((k) => [k, '']))])}
                >
                  {t('console.editors.config.addRow', { field: label })}
                </Button>
              </Box>
            </Stack>
            {error ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
        );
      }
      case 'units': {
        const chosen = Array.isArray(current) ? (current as Unit[]) : [];
        return (
          <Autocomplete
            key={name}
            id={id}
            multiple
            options={units ?? []}
            loading={units === null}
            value={chosen}
            getOptionLabel={(u) => `${u.unit} (${u.symbol})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, next) => set(name, next)}
            renderInput={(params) => (
              <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
            )}
          />
        );
      }
    }
  };

  return (
    <Stack spacing={2} data-testid={`config-form-${dataType}`}>
      {configFieldsOf(dataType)
        .filter((spec) => isFieldShown(spec.name, value))
        .map(render)}
    </Stack>
  );
}
