import { techniqueRuleMessages as M } from '@user-office/contracts';
import { instrumentChangeRefusal, statusButtons } from './technique-status';

const codes = [
  'DRAFT',
  'SUBMITTED_LOCKED',
  'UNDER_REVIEW',
  'APPROVED',
  'UNSUCCESSFUL',
  'FINISHED',
  'EXPIRED',
  'FEASIBILITY_REVIEW',
];
const statuses = codes.map((shortCode, i) => ({ id: i + 1, shortCode, name: shortCode.toLowerCase() }));
const id = (code: string) => statuses.find((s) => s.shortCode === code)!.id;
const row = (code: string, instruments: number[] = [1], proposalId = 'P1') => ({
  proposalId,
  statusId: id(code),
  instruments,
});
const refusals = (rows: ReturnType<typeof row>[], isOfficer = false) =>
  Object.fromEntries(statusButtons(statuses, rows, isOfficer).map((b) => [b.status.shortCode, b.refusal]));

describe('the technique table status buttons (§4)', () => {
  it("offers the table's statuses, EXPIRED to officers only, and greys nothing for an officer", () => {
    expect(Object.keys(refusals([row('UNDER_REVIEW')]))).toEqual([
      'DRAFT',
      'SUBMITTED_LOCKED',
      'UNDER_REVIEW',
      'APPROVED',
      'UNSUCCESSFUL',
      'FINISHED',
    ]);
    const officer = refusals([row('FINISHED', [])], true);
    expect(Object.keys(officer)).toContain('EXPIRED');
    expect(Object.values(officer).every((r) => r === null)).toBe(true);
  });

  it('greys, with the rule, what the server refuses a scientist', () => {
    const locked = refusals([row('SUBMITTED_LOCKED')]);
    expect(locked.APPROVED).toBe(M.approvedLocked);
    expect(locked.UNSUCCESSFUL).toBe(M.unsuccessfulLocked);
    expect(locked.FINISHED).toBe(M.finishedOnlyApproved);
    expect(locked.UNDER_REVIEW).toBeNull();
    expect(refusals([row('UNDER_REVIEW', [])]).APPROVED).toBe(M.approvedNeedsInstrument);
    expect(refusals([row('APPROVED')]).UNDER_REVIEW).toBe(M.underReviewClosed);
    expect(refusals([row('APPROVED')]).FINISHED).toBeNull();
    // read-only statuses: every button greyed
    expect(Object.values(refusals([row('FINISHED')]))).toEqual(Array(6).fill(M.readOnly('FINISHED')));
  });

  it('names the proposal that blocks a status when several are selected', () => {
    expect(refusals([row('UNDER_REVIEW', [1], 'P1'), row('SUBMITTED_LOCKED', [1], 'P2')]).APPROVED).toBe(
      `P2: ${M.approvedLocked}`,
    );
  });

  it('lets a scientist change the instrument only while UNDER_REVIEW; an officer always', () => {
    expect(instrumentChangeRefusal(statuses, [row('UNDER_REVIEW')], false)).toBeNull();
    expect(instrumentChangeRefusal(statuses, [row('UNDER_REVIEW'), row('APPROVED')], false)).toBe(
      M.instrumentOnlyUnderReview,
    );
    expect(instrumentChangeRefusal(statuses, [row('APPROVED')], true)).toBeNull();
  });
});
