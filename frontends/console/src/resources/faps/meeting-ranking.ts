/**
 * The meeting view's ranking of one instrument (§3 Fap meeting decision, issue #28 item 5): rows in rank order,
 * the cumulative allocated time and the cut line against the instrument's availability time ("in availability
 * zone"). The api computes the zone once for the view and the spreadsheets; the console shows the api's flag and
 * only derives the cumulative time it draws beside it (and the flag when an answer lacks it).
 */

export interface RankingRow {
  proposalPk: number;
  /** the FAP time allocation, else the technical review's time (what the panel allocates) */
  allocatedTime: number | null;
  /** the api's flag; computed here from the cumulative time when absent */
  inAvailabilityZone?: boolean | null;
  /** the api's cumulative time (it counts a technical review's time where no FAP time is set) */
  cumulativeTime?: number | null;
}

export type RankedRow<T extends RankingRow> = T & { cumulativeTime: number; inAvailabilityZone: boolean };

/** Each row with the time allocated up to and including it, and whether it fits within the availability. */
export function withCumulativeTime<T extends RankingRow>(
  rows: readonly T[],
  availabilityTime: number | null | undefined,
): RankedRow<T>[] {
  let cumulative = 0;
  return rows.map((row) => {
    cumulative = row.cumulativeTime ?? cumulative + (row.allocatedTime ?? 0);
    const computed = availabilityTime != null && cumulative <= availabilityTime;
    return {
      ...row,
      cumulativeTime: cumulative,
      inAvailabilityZone: row.inAvailabilityZone ?? computed,
    };
  });
}

/** The index after which the cut line is drawn: the last row in the availability zone (-1: none fits). */
export function cutLineIndex(rows: readonly { inAvailabilityZone: boolean }[]): number {
  let last = -1;
  rows.forEach((row, i) => {
    if (row.inAvailabilityZone) last = i;
  });
  return last;
}

/** A row moved by `delta` places (move up: -1, down: +1), clamped to the list. */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const target = Math.min(Math.max(index + delta, 0), rows.length - 1);
  if (target === index) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved);
  return next;
}

/** Average (mean) and spread (standard deviation) of the submitted grades; null without any. */
export function gradeStats(grades: readonly (number | null | undefined)[]): {
  average: number | null;
  spread: number | null;
} {
  const given = grades.filter((g): g is number => typeof g === 'number');
  if (given.length === 0) return { average: null, spread: null };
  const average = given.reduce((a, b) => a + b, 0) / given.length;
  const variance = given.reduce((a, g) => a + (g - average) ** 2, 0) / given.length;
  return { average, spread: Math.sqrt(variance) };
}

/** A figure as the tables show it: at most two decimals, '' for none. */
export const figure = (value: number | null | undefined): string =>
  value == null || Number.isNaN(value) ? '' : String(Math.round(value * 100) / 100);

/**
 * "Submit all" (issue #28 item 5): the decisions that can be submitted (a recommendation given) and the proposal
 * ids of the incomplete ones, which the view reports.
 */
export function decisionsToSubmit<T extends { proposalId: string; recommendation?: string | null }>(
  rows: readonly T[],
): { complete: T[]; incomplete: string[] } {
  const complete = rows.filter((r) => (r.recommendation ?? '') !== '');
  return {
    complete,
    incomplete: rows.filter((r) => (r.recommendation ?? '') === '').map((r) => r.proposalId),
  };
}
