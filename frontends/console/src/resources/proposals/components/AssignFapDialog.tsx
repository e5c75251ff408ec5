import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
} from '@mui/material';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import type { ProposalRow } from '../proposals.operations';
import { fapAssignmentOf } from '../fap-assignment';

/**
 * Assign to FAP (§2 toolbar, §5): a FAP per instrument of the selected proposals (assignProposalsToFaps). Warns when
 * the proposals have different instruments or none; no FAP picked removes the FAP assignment and deletes its
 * reviews (the §5 warning shows, the officer confirms by submitting).
 */
export function AssignFapDialog({
  rows,
  open,
  onClose,
}: {
  rows: readonly ProposalRow[];
  open: boolean;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: faps = [] } = useGetList<{ id: number; code: string }>(
    'FapsMinimal',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'code', order: 'ASC' } },
    { enabled: open },
  );
  const { instruments, differentInstruments, withoutInstruments, current } = fapAssignmentOf(rows);
  const [picked, setPicked] = useState<Record<number, number | ''>>({});
  const [busy, setBusy] = useState(false);
  const currentKey = JSON.stringify(current);
  useEffect(() => {
    if (open) setPicked(JSON.parse(currentKey) as Record<number, number | ''>);
  }, [open, currentKey]);

  const fapInstruments = instruments
    .filter((i) => picked[i.id] !== undefined && picked[i.id] !== '')
    .map((i) => ({ instrumentId: i.id, fapId: Number(picked[i.id]) }));
  const removing = fapInstruments.length === 0;
  const pks = rows.map((r) => r.primaryKey);

  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.assignProposalsToFaps(pks, fapInstruments);
      notify(
        removing
          ? t('console.faps.assign.removed', { count: pks.length })
          : t('console.faps.assign.assigned', { count: pks.length }),
        { type: 'success' },
      );
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{t('console.faps.assign.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('console.faps.assign.intro', { count: pks.length })}</DialogContentText>
          {differentInstruments ? (
            <Alert severity="warning">{t('console.faps.assign.differentInstruments')}</Alert>
          ) : null}
          {withoutInstruments ? (
            <Alert severity="warning">{t('console.faps.assign.noInstruments')}</Alert>
          ) : null}
          {instruments.map((instrument) => {
            const label = t('console.faps.assign.fapFor', { instrument: instrument.name });
            return (
              <FormControl key={instrument.id} fullWidth>
                <InputLabel id={`${id}-${instrument.id}`}>{label}</InputLabel>
                <Select
                  labelId={`${id}-${instrument.id}`}
                  label={label}
                  value={picked[instrument.id] ?? ''}
                  onChange={(e) => {
                    const value = e.target.value as number | string;
                    setPicked((p) => ({ ...p, [instrument.id]: value === '' ? '' : Number(value) }));
                  }}
                >
                  <MenuItem value="">{t('console.faps.assign.none')}</MenuItem>
                  {faps.map((fap) => (
                    <MenuItem key={fap.id} value={fap.id}>
                      {fap.code}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            );
          })}
          {removing ? <Alert severity="warning">{t('console.faps.assign.removeWarning')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.proposals.cancel')}</Button>
        <Button variant="contained" disabled={busy || rows.length === 0} onClick={() => void submit()}>
          {t('console.faps.assign.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
