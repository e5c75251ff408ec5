import { idRanges } from './components/DownloadMenu';
import { commonInstruments, reassignPlan, technicalReviewsToSubmit } from './technical-review-actions';

const review = (instrumentId: number, more: object = {}) => ({
  instrumentId,
  status: 'FEASIBLE' as const,
  timeAllocation: 3,
  submitted: false,
  technicalReviewAssignee: { id: 5, firstname: 'S', lastname: 'S' },
  ...more,
});
const proposal = (pk: number, instruments: number[], technicalReviews: ReturnType<typeof review>[]) => ({
  primaryKey: pk,
  proposalId: `P${pk}`,
  instruments: instruments.map((id) => ({ id, name: `I${id}`, shortCode: `I${id}` })),
  technicalReviews,
});

describe('the technical review bulk actions (§2 toolbar, §5, §8)', () => {
  const rows = [
    proposal(1, [4], [review(4)]),
    proposal(2, [4, 6], [review(4, { status: null }), review(6, { technicalReviewAssignee: { id: 9 } })]),
    proposal(3, [6], [review(6, { submitted: true })]),
    proposal(4, [4], [review(4, { timeAllocation: null })]),
  ];

  it('submits the unsubmitted reviews and lists the proposals missing a status or a time allocation', () => {
    const officer = technicalReviewsToSubmit(rows, { userId: 1, isOfficer: true });
    expect(officer.reviews.map((r) => [r.proposalPk, r.instrumentId])).toEqual([
      [1, 4],
      [2, 4],
      [2, 6],
      [4, 4],
    ]);
    expect(officer.reviews[0]).toEqual({ proposalPk: 1, instrumentId: 4, reviewerId: 1, submitted: true });
    expect(officer.incomplete).toEqual(['P2', 'P4']);
  });

  it('a scientist submits only the reviews assigned to them (§6)', () => {
    const scientist = technicalReviewsToSubmit(rows, { userId: 9, isOfficer: false });
    expect(scientist.reviews.map((r) => [r.proposalPk, r.instrumentId])).toEqual([[2, 6]]);
    expect(scientist.incomplete).toEqual([]);
  });

  it('reassigns per instrument and warns about proposals on several instruments', () => {
    const plan = reassignPlan(rows);
    expect(plan.instrumentIds).toEqual([4, 6]);
    expect(plan.multiInstrument).toEqual(['P2']);
    expect(plan.proposalsOf(6)).toEqual([2, 3]);
    expect(plan.proposalsOf(99)).toEqual([]);
  });

  it('starts the assign dialog from the instruments every selected proposal shares', () => {
    expect(commonInstruments(rows.slice(0, 2))).toEqual([4]);
    expect(commonInstruments([])).toEqual([]);
  });

  it('sends long id lists as ranges (the XLSX download address)', () => {
    expect(idRanges([9, 3, 4, 5, 7, 12, 13, 3])).toBe('3-5,7,9,12-13');
    expect(idRanges([])).toBe('');
  });
});
