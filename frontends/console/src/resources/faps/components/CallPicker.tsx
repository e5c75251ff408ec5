import { useId } from 'react';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FapCall } from './use-fap-calls';

/** The call whose proposals a FAP tab shows. */
export function CallPicker({
  calls,
  value,
  onChange,
}: {
  calls: readonly FapCall[];
  value: number | null;
  onChange(callId: number): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={id}>{t('console.faps.proposals.call')}</InputLabel>
      <Select
        labelId={id}
        label={t('console.faps.proposals.call')}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {calls.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.shortCode}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
