/**
 * "Assign to FAP" over the selected rows (§5): the instruments they have (one FAP is picked per instrument),
 * whether their instruments differ or some have none (both warned about), and the FAP each instrument has now
 * when every selected proposal agrees on it.
 */
export function fapAssignmentOf(
  rows: readonly {
    instruments?: readonly { id: number; name: string }[] | null;
    fapInstruments?: readonly { instrumentId?: number | null; fapId: number }[] | null;
  }[],
): {
  instruments: { id: number; name: string }[];
  differentInstruments: boolean;
  withoutInstruments: boolean;
  current: Record<number, number>;
} {
  const byId = new Map<number, { id: number; name: string }>();
  for (const row of rows) for (const i of row.instruments ?? []) byId.set(i.id, { id: i.id, name: i.name });
  const key = (row: (typeof rows)[number]) =>
    (row.instruments ?? [])
      .map((i) => i.id)
      .sort((a, b) => a - b)
      .join(',');
  const keys = new Set(rows.map(key));
  const current: Record<number, number> = {};
  for (const instrumentId of byId.keys()) {
    const faps = new Set(
      rows.map((r) => (r.fapInstruments ?? []).find((f) => f.instrumentId === instrumentId)?.fapId ?? null),
    );
    const [only] = [...faps];
    if (faps.size === 1 && only != null) current[instrumentId] = only;
  }
  return {
    instruments: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)),
    differentInstruments: keys.size > 1,
    withoutInstruments: rows.some((r) => (r.instruments ?? []).length === 0),
    current,
  };
}
