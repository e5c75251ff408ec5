import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { setInstrumentAvailabilityTimeSchema } from '@user-office/contracts';
import { useDataProvider, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { ConfirmIconButton } from '../../../components/ConfirmButton';
import { PickOneDialog } from '../../../components/PickOneDialog';
import type { CallInstrument } from '../instrument-commands';
import '../translations';
import { useInstrumentChoices } from './use-choices';
import { useSettings } from '@user-office/frontend-shared/settings';
import { CallInstrumentFap } from '../../faps/components/CallInstrumentFap';

/** One instrument's availability time: a number (at least 0, the contracts' schema) and its Set button. */
function AvailabilityTime({
  callId,
  instrument,
  unit,
  onSaved,
}: {
  callId: number;
  instrument: CallInstrument;
  unit: string;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const provider = useDataProvider<ConsoleDataProvider>();
  const [value, setValue] = useState(instrument.availabilityTime?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    try {
      const valid = setInstrumentAvailabilityTimeSchema.validateSync({
        callId,
        instrumentId: instrument.id,
        availabilityTime: value.trim() === '' ? undefined : Number(value),
      });
      setBusy(true);
      await provider.setInstrumentAvailabilityTime(callId, instrument.id, valid.availabilityTime);
      notify(t('console.instruments.call.timeSet'), { type: 'success' });
      onSaved();
    } catch (e) {
      if (e instanceof ValidationError) setError(e.message);
      else notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        type="number"
        label={t('console.instruments.call.availabilityTime', { unit })}
        slotProps={{
          htmlInput: {
            min: 0,
            'aria-label': t('console.instruments.call.availabilityTimeFor', { name: instrument.name }),
          },
        }}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? undefined}
      />
      <Button onClick={() => void save()} disabled={busy}>
        {t('console.instruments.call.setTime')}
      </Button>
    </Stack>
  );
}

/**
 * The call's Instruments section (call edit page, officer): the instruments offered in the call with their
 * availability time (in the call's allocation unit) and, with FAP_REVIEW, the FAP reviewing it; assign one more,
 * remove one.
 */
export function CallInstrumentsSection({
  callId,
  allocationTimeUnit,
}: {
  callId: number;
  allocationTimeUnit: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const provider = useDataProvider<ConsoleDataProvider>();
  const choices = useInstrumentChoices();
  const faps = useSettings().isEnabled('FAP_REVIEW');
  const [assigned, setAssigned] = useState<CallInstrument[]>([]);
  const [picking, setPicking] = useState(false);
  const load = useCallback(() => {
    provider
      .callInstruments(callId)
      .then(setAssigned)
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  }, [provider, callId, notify]);
  useEffect(load, [load]);
  const ids = new Set(assigned.map((i) => i.id));
  return (
    <Box component="section" aria-labelledby="call-instruments-heading" sx={{ p: 2 }}>
      <Typography id="call-instruments-heading" variant="h6" component="h2">
        {t('console.instruments.call.title')}
      </Typography>
      {assigned.length === 0 ? (
        <Typography color="text.secondary">{t('console.instruments.call.none')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('console.instruments.columns.name')}</TableCell>
              <TableCell>{t('console.instruments.columns.shortCode')}</TableCell>
              <TableCell>
                {t('console.instruments.call.availabilityTime', { unit: allocationTimeUnit })}
              </TableCell>
              {faps ? <TableCell>{t('console.faps.callInstrument.label')}</TableCell> : null}
              <TableCell>{t('console.common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {assigned.map((instrument) => (
              <TableRow key={`${instrument.id}-${instrument.availabilityTime ?? ''}`}>
                <TableCell>{instrument.name}</TableCell>
                <TableCell>{instrument.shortCode}</TableCell>
                <TableCell>
                  <AvailabilityTime
                    callId={callId}
                    instrument={instrument}
                    unit={allocationTimeUnit}
                    onSaved={load}
                  />
                </TableCell>
                {faps ? (
                  <TableCell>
                    <CallInstrumentFap callId={callId} instrument={instrument} onSaved={load} />
                  </TableCell>
                ) : null}
                <TableCell>
                  <ConfirmIconButton
                    label={t('console.instruments.call.remove', { name: instrument.name })}
                    icon={<DeleteIcon fontSize="small" />}
                    title={t('console.instruments.call.remove', { name: instrument.name })}
                    content={t('console.instruments.call.removeConfirm', { name: instrument.name })}
                    onConfirm={async () => {
                      try {
                        await provider.removeAssignedInstrumentFromCall(callId, instrument.id);
                        notify(t('console.instruments.call.removed'), { type: 'success' });
                        load();
                      } catch (e) {
                        notify((e as Error).message, { type: 'error' });
                      }
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button startIcon={<Add />} onClick={() => setPicking(true)} sx={{ mt: 1 }}>
        {t('console.instruments.call.add')}
      </Button>
      <PickOneDialog
        open={picking}
        title={t('console.instruments.call.add')}
        label={t('console.instruments.call.pick')}
        options={choices.filter((c) => !ids.has(c.id))}
        required={t('console.instruments.call.required')}
        submitLabel={t('console.common.save')}
        cancelLabel={t('console.common.cancel')}
        empty={t('console.instruments.call.noneToPick')}
        run={(id) => provider.assignInstrumentsToCall(callId, [id])}
        done={t('console.instruments.call.assigned')}
        onClose={(ran) => {
          setPicking(false);
          if (ran) load();
        }}
      />
    </Box>
  );
}
