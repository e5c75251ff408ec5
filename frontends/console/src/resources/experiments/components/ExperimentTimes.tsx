import { useCallback, useRef, useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import {
  DEFAULT_LENGTH_MS,
  toTimelineItem,
  WINDOW_LIMIT,
  windowFilter,
  windowToLoad,
  type ExperimentItem,
  type TimeWindow,
} from '../timeline-model';
import { ExperimentDialog, type ExperimentPreset } from './ExperimentDialog';
import { ExperimentTimeline, type TimelineHandlers } from './ExperimentTimeline';
import { TimeSummaryPanel } from './TimeSummaryPanel';
import { useCallOptions, useInstrumentOptions, useTimeSummary } from './use-experiment-choices';

const DAY = 24 * 3600 * 1000;

/** The instrument and the call of the page, kept in its address (`?instrument=1&call=2`); the first by default. */
function useChosen(name: 'instrument' | 'call', options: readonly { id: number }[]) {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  // the address's id is used at once (the page loads while the pickers' lists come); a wrong one gives way to the first
  const known = options.length === 0 ? Number.isInteger(raw) && raw > 0 : options.some((o) => o.id === raw);
  const value = known ? raw : (options[0]?.id ?? null);
  const set = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, String(id));
        return next;
      },
      { replace: true },
    );
  return [value, set] as const;
}

/**
 * The experiment timeline (`/console/ExperimentTimes`, SCHEDULER): one instrument's experiments in the visible
 * window (loaded by window, not all history), moved and resized by dragging (updateExperiment; a refusal shows the
 * server's message and the item goes back), scheduled by double-click or the Schedule button (createExperiment for a
 * proposal of the time summary), beside the call's time summary, read again after each change.
 */
export function ExperimentTimes() {
  const { t } = useTranslation();
  const notify = useNotify();
  const provider = useDataProvider<ConsoleDataProvider>();
  const instruments = useInstrumentOptions();
  const calls = useCallOptions();
  const [instrumentId, setInstrumentId] = useChosen('instrument', instruments.options);
  const [callId, setCallId] = useChosen('call', calls.options);
  const [version, setVersion] = useState(0);
  const summary = useTimeSummary(instrumentId, callId, version);
  const [items, setItems] = useState<ExperimentItem[]>([]);
  const [dialog, setDialog] = useState<ExperimentPreset | null>(null);
  const [initialWindow] = useState<TimeWindow>(() => {
    const now = Date.now();
    return { start: new Date(now - 2 * DAY), end: new Date(now + 19 * DAY) };
  });
  // the window loaded, of which instrument, and the last request (an older answer is dropped)
  const loaded = useRef<{ instrumentId: number | null; window: TimeWindow | null; request: number }>({
    instrumentId: null,
    window: null,
    request: 0,
  });

  const load = useCallback(
    async (window: TimeWindow) => {
      if (instrumentId === null) return;
      const request = ++loaded.current.request;
      if (loaded.current.instrumentId !== instrumentId) setItems([]);
      loaded.current.instrumentId = instrumentId;
      loaded.current.window = window;
      try {
        const found = await provider.timelineExperiments(windowFilter(instrumentId, window), WINDOW_LIMIT);
        if (request === loaded.current.request) setItems(found.experiments.map(toTimelineItem));
      } catch (e) {
        if (request === loaded.current.request) loaded.current.window = null;
        notify((e as Error).message, { type: 'error' });
      }
    },
    [provider, instrumentId, notify],
  );

  const changed = () => {
    if (loaded.current.window) void load(loaded.current.window);
    setVersion((v) => v + 1);
  };

  const handlers: TimelineHandlers = {
    onWindow: (visible) => {
      const same = loaded.current.instrumentId === instrumentId;
      const next = windowToLoad(visible, same ? loaded.current.window : null);
      if (next) void load(next);
    },
    onMove: async (experimentPk, startsAt, endsAt) => {
      try {
        const { data } = await provider.update('ExperimentPage', {
          id: experimentPk,
          data: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
          previousData: { id: experimentPk },
        });
        notify(
          t('console.experiments.moved', { id: (data as { experimentId?: string }).experimentId ?? '' }),
          {
            type: 'success',
          },
        );
        changed();
        return true;
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
        return false;
      }
    },
    onAdd: (at) =>
      setDialog({
        instrumentId,
        callId,
        startsAt: at.toISOString(),
        endsAt: new Date(at.getTime() + DEFAULT_LENGTH_MS).toISOString(),
      }),
  };

  const instrumentName = instruments.options.find((o) => o.id === instrumentId)?.name ?? '';
  const picker = (
    label: string,
    value: number | null,
    options: readonly { id: number; name: string }[],
    onChange: (id: number) => void,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 280 }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('console.experiments.timesTitle')} />
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {picker(
          t('console.experiments.times.instrument'),
          instrumentId,
          instruments.options,
          setInstrumentId,
        )}
        {picker(t('console.experiments.times.call'), callId, calls.options, setCallId)}
        <Button
          variant="contained"
          startIcon={<Add />}
          disabled={instrumentId === null}
          onClick={() => {
            const start = new Date(Date.now() + DAY);
            start.setHours(8, 0, 0, 0);
            setDialog({
              instrumentId,
              callId,
              startsAt: start.toISOString(),
              endsAt: new Date(start.getTime() + DEFAULT_LENGTH_MS).toISOString(),
            });
          }}
        >
          {t('console.experiments.times.schedule')}
        </Button>
      </Box>
      {instrumentId === null ? (
        <Typography>
          {instruments.isLoading
            ? t('console.experiments.times.loading')
            : t('console.experiments.times.noInstrument')}
        </Typography>
      ) : (
        <Box
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', lg: 'nowrap' } }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('console.experiments.times.timeline', { instrument: instrumentName })}
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t('console.experiments.times.help')}
            </Typography>
            <ExperimentTimeline
              key={instrumentId}
              items={items}
              initialWindow={initialWindow}
              handlers={handlers}
              label={t('console.experiments.times.timeline', { instrument: instrumentName })}
            />
          </Box>
          <Box sx={{ width: { xs: '100%', lg: 340 }, flexShrink: 0 }}>
            <TimeSummaryPanel summary={summary.summary} error={summary.error} />
          </Box>
        </Box>
      )}
      <ExperimentDialog
        open={dialog !== null}
        record={null}
        preset={dialog ?? {}}
        onClose={(saved) => {
          setDialog(null);
          if (saved) changed();
        }}
      />
    </Box>
  );
}
