import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useDataProvider, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { fromZonedInput, toZonedInput, zoneOf } from '../../../components/zoned-dates';
import type { PickOneOption } from '../../../components/PickOneDialog';
import { EXPERIMENT_STATUSES } from '../experiment-filter';
import type { ExperimentRecord } from '../experiments.operations';
import {
  useCallOptions,
  useInstrumentOptions,
  useLocalContactOptions,
  useTimeSummary,
} from './use-experiment-choices';

/** What a new experiment starts with (the timeline's instrument, call and the place double-clicked). */
export interface ExperimentPreset {
  instrumentId?: number | null;
  callId?: number | null;
  startsAt?: string;
  endsAt?: string;
}

interface Values {
  instrumentId: number | '';
  callId: number | '';
  proposalPk: number | '';
  startsAt: string;
  endsAt: string;
  localContactId: number | '';
  status: string;
}

function initialValues(record: ExperimentRecord | null, preset: ExperimentPreset, zone: string): Values {
  if (record)
    return {
      instrumentId: record.instrumentId,
      callId: record.callId,
      proposalPk: record.proposalPk,
      startsAt: toZonedInput(record.startsAt, zone),
      endsAt: toZonedInput(record.endsAt, zone),
      localContactId: record.localContactId ?? '',
      status: record.status,
    };
  return {
    instrumentId: preset.instrumentId ?? '',
    callId: preset.callId ?? '',
    proposalPk: '',
    startsAt: toZonedInput(preset.startsAt ?? '', zone),
    endsAt: toZonedInput(preset.endsAt ?? '', zone),
    localContactId: '',
    status: 'DRAFT',
  };
}

function Choice({
  label,
  value,
  options,
  onChange,
  disabled,
  allowNone,
  noneLabel,
}: {
  label: string;
  value: number | string;
  options: readonly { id: number | string; name: string }[];
  onChange(value: string): void;
  disabled?: boolean;
  allowNone?: boolean;
  noneLabel?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {allowNone ? <MenuItem value="">{noneLabel}</MenuItem> : null}
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Creates an experiment (an accepted proposal with time on the instrument in the call — the time summary's list —,
 * its times, local contact and status) or edits one (instrument, times, local contact, status). The server decides:
 * a refusal (an overlap, the times, …) shows its message and the dialog stays open with nothing changed.
 */
export function ExperimentDialog({
  open,
  record,
  preset = {},
  onClose,
}: {
  open: boolean;
  record: ExperimentRecord | null;
  preset?: ExperimentPreset;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const provider = useDataProvider();
  const zone = zoneOf(useSettings().value('TIMEZONE'));
  const [values, setValues] = useState<Values>(() => initialValues(record, preset, zone));
  const [busy, setBusy] = useState(false);
  const presetKey = JSON.stringify(preset);
  useEffect(() => {
    if (open) setValues(initialValues(record, preset, zone));
    // a new opening starts from the record or the preset
  }, [open, record, presetKey, zone]);

  const instrumentId = values.instrumentId === '' ? null : values.instrumentId;
  const callId = values.callId === '' ? null : values.callId;
  const instruments = useInstrumentOptions().options;
  const calls = useCallOptions().options;
  const staff = useLocalContactOptions(open ? instrumentId : null);
  const current = record?.localContact;
  const contacts =
    current && !staff.some((s) => s.id === current.id)
      ? [...staff, { id: current.id, name: `${current.firstname} ${current.lastname}` }]
      : staff;
  const { summary } = useTimeSummary(open && !record ? instrumentId : null, open && !record ? callId : null);
  const proposals: PickOneOption[] = (summary?.proposals ?? []).map((p) => ({
    id: p.proposalPk,
    name: `${p.proposalId} ${p.title}`,
  }));
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const field = (name: string) => t(`console.experiments.fields.${name}`);
  const num = (v: string): number | '' => (v === '' ? '' : Number(v));

  const submit = async () => {
    const data = {
      ...(record ? {} : { proposalPk: values.proposalPk === '' ? undefined : values.proposalPk }),
      instrumentId: instrumentId ?? undefined,
      startsAt: fromZonedInput(values.startsAt, zone) ?? undefined,
      endsAt: fromZonedInput(values.endsAt, zone) ?? undefined,
      localContactId: values.localContactId === '' ? null : values.localContactId,
      status: values.status,
    };
    setBusy(true);
    try {
      if (record) await provider.update('ExperimentPage', { id: record.id, data, previousData: record });
      else await provider.create('ExperimentPage', { data });
      notify(t(record ? 'console.experiments.updated' : 'console.experiments.created'), { type: 'success' });
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
      <DialogTitle id={`${id}-title`}>
        {record
          ? t('console.experiments.editTitle', { id: record.experimentId })
          : t('console.experiments.createTitle')}
      </DialogTitle>
      <DialogContent>
        {record?.proposal ? (
          <TextField
            fullWidth
            margin="dense"
            label={field('proposal')}
            value={`${record.proposal.proposalId} ${record.proposal.title}`}
            slotProps={{ input: { readOnly: true } }}
          />
        ) : null}
        <Choice
          label={field('instrument')}
          value={values.instrumentId}
          options={instruments}
          onChange={(v) => set({ instrumentId: num(v), proposalPk: '', localContactId: '' })}
        />
        {record ? null : (
          <>
            <Choice
              label={field('call')}
              value={values.callId}
              options={calls}
              onChange={(v) => set({ callId: num(v), proposalPk: '' })}
            />
            {summary && proposals.length === 0 ? (
              <Alert severity="info">{t('console.experiments.noProposals')}</Alert>
            ) : (
              <Choice
                label={field('proposal')}
                value={values.proposalPk}
                options={proposals}
                disabled={proposals.length === 0}
                onChange={(v) => set({ proposalPk: num(v) })}
              />
            )}
          </>
        )}
        <TextField
          type="datetime-local"
          fullWidth
          margin="dense"
          label={field('startsAt')}
          value={values.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          fullWidth
          margin="dense"
          label={field('endsAt')}
          value={values.endsAt}
          onChange={(e) => set({ endsAt: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Choice
          label={field('localContact')}
          value={values.localContactId}
          options={contacts}
          allowNone
          noneLabel={t('console.common.none')}
          onChange={(v) => set({ localContactId: num(v) })}
        />
        <Choice
          label={field('status')}
          value={values.status}
          options={EXPERIMENT_STATUSES.map((s) => ({ id: s, name: t(`console.experiments.status.${s}`) }))}
          onChange={(v) => set({ status: v })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {record ? t('console.common.save') : t('console.common.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
