/**
 * The FAP ranking and its cut line: the ONE calculation shared by the meeting view and the spreadsheets, so
 * the line a chair sees is the line the exported file shows.
 *
 * Order: rows with an explicit `rankOrder` (the meeting decision) first, by rankOrder ascending; then the rows
 * without one, by `averageGrade` ascending (grade 1 is the best), rows without a grade last; ties by proposalPk.
 *
 * `cumulativeTime` sums `allocatedTime` down that order (a null time counts 0). A row is in the availability zone
 * when the time available is known and the cumulative time including the row is at most that time: the row that
 * itself crosses the line is outside, a row ending exactly on it is inside. No availability time, no zone.
 */

export interface RankingRow {
  readonly proposalPk: number;
  /** the meeting decision's explicit rank */
  readonly rankOrder: number | null;
  /** submitted reviews only */
  readonly averageGrade: number | null;
  /** FAP time allocation if set, else the technical review's time */
  readonly allocatedTime: number | null;
}

export interface RankedRow extends RankingRow {
  /** 1-based */
  readonly rank: number;
  readonly cumulativeTime: number;
  readonly inAvailabilityZone: boolean;
}

/** Ascending with nulls last. */
const nullsLast = (a: number | null, b: number | null): number => {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a - b;
};

/** Sums of decimal times (0.1 + 0.2) must not push a row that ends exactly on the line out of the zone. */
const TIME_EPSILON = 1e-9;

/** The ranking order (see the header): explicit ranks first, then grades ascending with nulls last, then pk. */
export function compareRankingRows(a: RankingRow, b: RankingRow): number {
  if (a.rankOrder !== null || b.rankOrder !== null) {
    return nullsLast(a.rankOrder, b.rankOrder) || a.proposalPk - b.proposalPk;
  }
  return nullsLast(a.averageGrade, b.averageGrade) || a.proposalPk - b.proposalPk;
}

export function rankWithCutLine(rows: readonly RankingRow[], availabilityTime: number | null): RankedRow[] {
  let cumulativeTime = 0;
  return [...rows].sort(compareRankingRows).map((row, i) => {
    cumulativeTime += row.allocatedTime ?? 0;
    return {
      ...row,
      rank: i + 1,
      cumulativeTime,
      inAvailabilityZone: availabilityTime !== null && cumulativeTime <= availabilityTime + TIME_EPSILON,
    };
  });
}
