import {
  techniqueInstrumentChangeRefusal,
  techniqueRuleMessages as M,
  techniqueStatusChangeRefusal,
} from './technique-status-rules';

/**
 * §4 "Technique table status rules", one row per case: from → to, whether the proposal has an instrument, and the
 * rule a scientist (non-officer) breaks (null: allowed). Officers are not bound by them.
 */
const TABLE: [from: string, to: string, hasInstrument: boolean, refusal: string | null][] = [
  // DRAFT, FINISHED, UNSUCCESSFUL and EXPIRED are read-only
  ['DRAFT', 'UNDER_REVIEW', true, M.readOnly('DRAFT')],
  ['FINISHED', 'APPROVED', true, M.readOnly('FINISHED')],
  ['UNSUCCESSFUL', 'UNDER_REVIEW', true, M.readOnly('UNSUCCESSFUL')],
  ['EXPIRED', 'UNDER_REVIEW', true, M.readOnly('EXPIRED')],
  // EXPIRED is shown only to officers; other statuses are hidden from the table
  ['UNDER_REVIEW', 'EXPIRED', true, M.expiredOfficersOnly],
  ['UNDER_REVIEW', 'FEASIBILITY_REVIEW', true, M.notInTable('FEASIBILITY_REVIEW')],
  ['FEASIBILITY_REVIEW', 'UNDER_REVIEW', true, M.notInTable('FEASIBILITY_REVIEW')],
  // APPROVED is disabled when the proposal is SUBMITTED_LOCKED or has no instrument
  ['SUBMITTED_LOCKED', 'APPROVED', true, M.approvedLocked],
  ['UNDER_REVIEW', 'APPROVED', false, M.approvedNeedsInstrument],
  ['UNDER_REVIEW', 'APPROVED', true, null],
  // FINISHED is allowed only for approved proposals
  ['APPROVED', 'FINISHED', true, null],
  ['UNDER_REVIEW', 'FINISHED', true, M.finishedOnlyApproved],
  ['SUBMITTED_LOCKED', 'FINISHED', true, M.finishedOnlyApproved],
  // UNDER_REVIEW is disabled for approved or unsuccessful proposals
  ['APPROVED', 'UNDER_REVIEW', true, M.underReviewClosed],
  ['SUBMITTED_LOCKED', 'UNDER_REVIEW', false, null],
  // UNSUCCESSFUL is disabled when the proposal is SUBMITTED_LOCKED
  ['SUBMITTED_LOCKED', 'UNSUCCESSFUL', true, M.unsuccessfulLocked],
  ['UNDER_REVIEW', 'UNSUCCESSFUL', false, null],
  ['APPROVED', 'UNSUCCESSFUL', true, null],
  // changing status to DRAFT reopens the proposal
  ['UNDER_REVIEW', 'DRAFT', false, null],
  ['SUBMITTED_LOCKED', 'DRAFT', false, null],
];

describe('technique table status rules (§4)', () => {
  it.each(TABLE)('a scientist changing %s → %s (instrument: %s): %s', (from, to, hasInstrument, refusal) => {
    expect(techniqueStatusChangeRefusal(from, to, { hasInstrument, isOfficer: false })).toBe(refusal);
  });

  it.each(TABLE)('an officer changing %s → %s (instrument: %s) is not bound', (from, to, hasInstrument) => {
    expect(techniqueStatusChangeRefusal(from, to, { hasInstrument, isOfficer: true })).toBeNull();
  });

  it.each([
    ['UNDER_REVIEW', false, null],
    ['SUBMITTED_LOCKED', false, M.instrumentOnlyUnderReview],
    ['APPROVED', false, M.instrumentOnlyUnderReview],
    ['UNSUCCESSFUL', false, M.instrumentOnlyUnderReview],
    ['FINISHED', false, M.instrumentOnlyUnderReview],
    ['APPROVED', true, null],
    ['FINISHED', true, null],
  ] as const)('the instrument of a %s proposal (officer: %s): %s', (status, isOfficer, refusal) => {
    expect(techniqueInstrumentChangeRefusal(status, { isOfficer })).toBe(refusal);
  });
});
