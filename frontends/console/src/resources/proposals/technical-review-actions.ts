import type { SubmitTechnicalReviewInput } from '../../gql/graphql';
import type { ProposalRow } from './proposals.operations';

type Row = Pick<ProposalRow, 'primaryKey' | 'proposalId' | 'instruments' | 'technicalReviews'>;

/**
 * What "Submit technical reviews" sends for the selected proposals (§2 toolbar, §5): every technical review not
 * yet submitted (a scientist: the ones assigned to them, §6), and the proposal IDs whose reviews miss a status or a
 * time allocation, which the warning lists before the user confirms anyway.
 */
export function technicalReviewsToSubmit(
  rows: readonly Row[],
  caller: { userId: number; isOfficer: boolean },
): { reviews: SubmitTechnicalReviewInput[]; incomplete: string[] } {
  const reviews: SubmitTechnicalReviewInput[] = [];
  const incomplete = new Set<string>();
  for (const row of rows)
    for (const review of row.technicalReviews) {
      if (review.submitted) continue;
      if (!caller.isOfficer && review.technicalReviewAssignee?.id !== caller.userId) continue;
      reviews.push({
        proposalPk: row.primaryKey,
        instrumentId: review.instrumentId,
        reviewerId: caller.userId,
        submitted: true,
      });
      if (!review.status || review.timeAllocation === null || review.timeAllocation === undefined)
        incomplete.add(row.proposalId);
    }
  return { reviews, incomplete: [...incomplete] };
}

/**
 * Bulk reassign (§2, §8): the instruments of the selected proposals, the proposal IDs on several instruments (the
 * warning), and the proposals of each instrument (one updateTechnicalReviewAssignee per instrument).
 */
export function reassignPlan(rows: readonly Row[]): {
  instrumentIds: number[];
  multiInstrument: string[];
  proposalsOf(instrumentId: number): number[];
} {
  const byInstrument = new Map<number, number[]>();
  for (const row of rows)
    for (const instrument of row.instruments) {
      const pks = byInstrument.get(instrument.id) ?? [];
      pks.push(row.primaryKey);
      byInstrument.set(instrument.id, pks);
    }
  return {
    instrumentIds: [...byInstrument.keys()],
    multiInstrument: rows.filter((r) => r.instruments.length > 1).map((r) => r.proposalId),
    proposalsOf: (instrumentId) => byInstrument.get(instrumentId) ?? [],
  };
}

/** The instruments every selected proposal is on (the assign dialog starts from them). */
export function commonInstruments(rows: readonly Row[]): number[] {
  if (rows.length === 0) return [];
  return rows[0].instruments
    .map((i) => i.id)
    .filter((id) => rows.every((r) => r.instruments.some((i) => i.id === id)));
}
