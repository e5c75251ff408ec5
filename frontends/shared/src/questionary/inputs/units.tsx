import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toSi, type Unit } from '@user-office/contracts';
import { numberText, parseNumber } from './common';

/** The value in SI with the unit's formula, or null (no value, or a formula that cannot be evaluated). */
export function siOf(value: number | null, unit: Unit | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  try {
    return toSi(value, unit);
  } catch {
    return null;
  }
}

/** How a unit is offered: its name and symbol. */
export function unitLabel(unit: Unit): string {
  return unit.symbol && unit.symbol !== unit.unit ? `${unit.unit} (${unit.symbol})` : unit.unit;
}

/**
 * The text of a number field, kept while typing ("1.", "-"), re-read when the stored number changes from outside
 * (a reset or a reload).
 */
export function useNumberText(value: number | null | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(() => numberText(value));
  const parsed = parseNumber(text);
  const current = value ?? null;
  const same =
    parsed === current ||
    (parsed !== null && current !== null && Number.isNaN(parsed) && Number.isNaN(current));
  useEffect(() => {
    if (!same) setText(numberText(current));
    // only an outside change of the value resyncs the text
  }, [current]);
  return [text, setText];
}

/** The unit select of a number or interval answer (shown only when the config offers units). */
export function UnitSelect({
  id,
  units,
  unit,
  disabled,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  units: readonly Unit[];
  unit: Unit | null;
  disabled: boolean;
  error: boolean;
  onChange(unit: Unit | null): void;
  onBlur(): void;
}) {
  const { t } = useTranslation();
  if (units.length === 0) return null;
  const offered = unit && units.some((u) => u.id === unit.id) ? unit.id : '';
  return (
    <TextField
      id={id}
      select
      label={t('questionInputs.unit')}
      value={offered}
      disabled={disabled}
      error={error}
      sx={{ minWidth: 160 }}
      onChange={(event) => onChange(units.find((u) => u.id === event.target.value) ?? null)}
      onBlur={onBlur}
    >
      {units.map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {unitLabel(u)}
        </MenuItem>
      ))}
    </TextField>
  );
}
