import { rankWithCutLine, type RankingRow } from './ranking';

const row = (
  proposalPk: number,
  averageGrade: number | null,
  allocatedTime: number | null = 1,
  rankOrder: number | null = null,
): RankingRow => ({ proposalPk, rankOrder, averageGrade, allocatedTime });
const order = (rows: RankingRow[], availability: number | null = null) =>
  rankWithCutLine(rows, availability).map((r) => r.proposalPk);

describe('the FAP ranking and its cut line', () => {
  it('given grades, when ranked, then lower grades come first (1 is the best), ranks 1-based', () => {
    const ranked = rankWithCutLine([row(1, 3.5), row(2, 1.2), row(3, 2)], null);
    expect(ranked.map((r) => [r.proposalPk, r.rank])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
  });

  it('given explicit rank orders, when ranked, then they come first by rank order, whatever the grades', () => {
    expect(order([row(1, 1), row(2, 4, 1, 2), row(3, 5, 1, 1), row(4, null)])).toEqual([3, 2, 1, 4]);
  });

  it('given rows without a grade, when ranked, then they come last', () => {
    expect(order([row(1, null), row(2, 4), row(3, null), row(4, 2)])).toEqual([4, 2, 1, 3]);
  });

  it('given equal grades or equal rank orders, when ranked, then the proposal pk breaks the tie', () => {
    expect(order([row(9, 2), row(3, 2), row(5, 2)])).toEqual([3, 5, 9]);
    expect(order([row(9, 1, 1, 1), row(3, 4, 1, 1)])).toEqual([3, 9]);
  });

  it('given times, when ranked, then the cumulative time sums them down the order, a null time counting 0', () => {
    const ranked = rankWithCutLine([row(1, 1, 2), row(2, 2, null), row(3, 3, 1.5)], null);
    expect(ranked.map((r) => r.cumulativeTime)).toEqual([2, 2, 3.5]);
  });

  it('given an availability time, when ranked, then a row ending exactly on the line is in and the one crossing it is out', () => {
    const ranked = rankWithCutLine([row(1, 1, 2), row(2, 2, 3), row(3, 3, 1), row(4, 4, 0)], 5);
    expect(ranked.map((r) => [r.proposalPk, r.cumulativeTime, r.inAvailabilityZone])).toEqual([
      [1, 2, true],
      [2, 5, true],
      [3, 6, false],
      [4, 6, false],
    ]);
  });

  it('given decimal times summing to the availability, when ranked, then the last one is still in', () => {
    const ranked = rankWithCutLine([row(1, 1, 0.1), row(2, 2, 0.2)], 0.3);
    expect(ranked.map((r) => r.inAvailabilityZone)).toEqual([true, true]);
  });

  it('given no availability time, when ranked, then no row is in the zone', () => {
    expect(rankWithCutLine([row(1, 1, 0), row(2, 2, 1)], null).some((r) => r.inAvailabilityZone)).toBe(false);
  });

  it('given the input rows, when ranked, then they are kept with their fields and not mutated', () => {
    const rows = [row(2, 3), row(1, 1)];
    const ranked = rankWithCutLine(rows, 10);
    expect(rows.map((r) => r.proposalPk)).toEqual([2, 1]);
    expect(ranked[0]).toMatchObject(rows[1]);
  });
});
