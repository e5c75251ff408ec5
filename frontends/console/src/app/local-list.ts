import type { GetListParams } from 'ra-core';

type Row = Record<string, unknown>;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * react-admin's page of a §7 operation that answers with the whole list (getCalls, getUnits, getSettings, …):
 * sorted by the column asked for, then sliced to the page. The total is the list's length.
 */
export function pageOf<T extends Row>(
  rows: T[],
  params: Partial<GetListParams>,
): { data: T[]; total: number } {
  const sorted = [...rows];
  const field = params.sort?.field;
  if (field) {
    const direction = params.sort?.order === 'DESC' ? -1 : 1;
    sorted.sort((a, b) => direction * compare(a[field], b[field]));
  }
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? sorted.length;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

/** Rows whose text columns contain `text` (any case); all rows without a text. */
export function matching<T extends Row>(rows: T[], text: unknown, columns: (keyof T)[]): T[] {
  const needle = typeof text === 'string' ? text.trim().toLowerCase() : '';
  if (!needle) return rows;
  return rows.filter((row) =>
    columns.some((c) =>
      String(row[c] ?? '')
        .toLowerCase()
        .includes(needle),
    ),
  );
}
