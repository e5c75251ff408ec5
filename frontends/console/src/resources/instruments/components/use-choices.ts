import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import type { PickOneOption } from '../../../components/PickOneDialog';
import { personName } from '../instruments.operations';

/** Loads a list once (for a picker); empty until it arrives or when it fails. */
function useLoaded<T>(load: (provider: ConsoleDataProvider) => Promise<T[]>, enabled = true): T[] {
  const provider = useDataProvider<ConsoleDataProvider>();
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load(provider)
      .then((loaded) => live && setItems(loaded))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [provider, enabled]); // `load` is the same request on every render
  return items;
}

/** The users with the INSTRUMENT_SCIENTIST role, by name (officers only: getUsers). */
export function useScientistCandidates(enabled = true): PickOneOption[] {
  const people = useLoaded((p) => p.instrumentScientistCandidates(), enabled);
  return people
    .map((p) => ({ id: p.id, name: `${personName(p)}${p.email ? ` (${p.email})` : ''}` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every instrument the caller may use, as "name (short code)". */
export function useInstrumentChoices(enabled = true): PickOneOption[] {
  return useLoaded((p) => p.instrumentChoices(), enabled).map((i) => ({
    id: i.id,
    name: `${i.name} (${i.shortCode})`,
  }));
}
