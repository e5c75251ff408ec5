import { useEffect, useState } from 'react';
import { useDataProvider, useGetList } from 'react-admin';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import type { PickOneOption } from '../../../components/PickOneDialog';
import type { TimeSummary } from '../experiments.operations';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } } as const;

/** The instruments the caller may schedule on (getInstrumentsMinimal: officers all, scientists theirs). */
export function useInstrumentOptions(): { options: PickOneOption[]; isLoading: boolean } {
  const { data = [], isPending } = useGetList<{ id: number; name: string; shortCode: string }>(
    'InstrumentsMinimal',
    ALL,
  );
  return {
    options: data.map((i) => ({ id: i.id, name: `${i.name} (${i.shortCode})` })),
    isLoading: isPending,
  };
}

/** The calls, newest first, as "short code – title". */
export function useCallOptions(): { options: PickOneOption[]; isLoading: boolean } {
  const { data = [], isPending } = useGetList<{ id: number; shortCode: string; title?: string | null }>(
    'Calls',
    ALL,
  );
  return {
    options: [...data]
      .sort((a, b) => b.id - a.id)
      .map((c) => ({ id: c.id, name: c.title ? `${c.shortCode} – ${c.title}` : c.shortCode })),
    isLoading: isPending,
  };
}

/**
 * experimentTimeSummary(instrumentId, callId), loaded again whenever `version` changes (after each change of the
 * timeline); null while there is no instrument or call, or when the server refuses.
 */
export function useTimeSummary(
  instrumentId: number | null,
  callId: number | null,
  version = 0,
): { summary: TimeSummary | null; error: string | null } {
  const provider = useDataProvider<ConsoleDataProvider>();
  const [state, setState] = useState<{ summary: TimeSummary | null; error: string | null }>({
    summary: null,
    error: null,
  });
  useEffect(() => {
    if (instrumentId === null || callId === null) {
      setState({ summary: null, error: null });
      return;
    }
    let live = true;
    provider
      .experimentTimeSummary(instrumentId, callId)
      .then((summary) => live && setState({ summary, error: null }))
      .catch((e: Error) => live && setState({ summary: null, error: e.message }));
    return () => {
      live = false;
    };
  }, [provider, instrumentId, callId, version]);
  return state;
}

/** Who may be the local contact on an instrument: its manager and scientists (empty without an instrument). */
export function useLocalContactOptions(instrumentId: number | null): PickOneOption[] {
  const provider = useDataProvider<ConsoleDataProvider>();
  const [options, setOptions] = useState<PickOneOption[]>([]);
  useEffect(() => {
    if (instrumentId === null) {
      setOptions([]);
      return;
    }
    let live = true;
    provider
      .instrumentStaff([instrumentId])
      .then((found) => live && setOptions(found.flatMap((i) => i.staff)))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [provider, instrumentId]);
  return options;
}
