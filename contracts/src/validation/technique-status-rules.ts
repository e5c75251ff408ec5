import { ProposalStatusDefaultShortCode as S } from '../enums';

/** The statuses the technique proposals table shows (§4): EXPIRED to officers only, the others to nobody. */
export const TECHNIQUE_TABLE_STATUSES: readonly string[] = [
  S.DRAFT,
  S.SUBMITTED_LOCKED,
  S.UNDER_REVIEW,
  S.APPROVED,
  S.UNSUCCESSFUL,
  S.FINISHED,
  S.EXPIRED,
];

/** Statuses a non-officer may not change a proposal out of (§4 "read-only"). */
export const TECHNIQUE_READ_ONLY_STATUSES: readonly string[] = [
  S.DRAFT,
  S.FINISHED,
  S.UNSUCCESSFUL,
  S.EXPIRED,
];

/** The §4 technique table rules, as the server states them when it refuses (the spec quotes none). */
export const techniqueRuleMessages = {
  readOnly: (from: string) => `A proposal in status ${from} is read-only in the technique table`,
  notInTable: (status: string) => `Status ${status} is not offered in the technique table`,
  expiredOfficersOnly: 'Only the user office may set the status EXPIRED',
  approvedLocked: 'APPROVED is not possible while the proposal is SUBMITTED_LOCKED',
  approvedNeedsInstrument: 'APPROVED needs an instrument assigned to the proposal',
  finishedOnlyApproved: 'FINISHED is allowed only for approved proposals',
  underReviewClosed: 'UNDER_REVIEW is not possible for approved or unsuccessful proposals',
  unsuccessfulLocked: 'UNSUCCESSFUL is not possible while the proposal is SUBMITTED_LOCKED',
  instrumentOnlyUnderReview: 'The instrument can be changed only while the proposal is UNDER_REVIEW',
  refused: (proposalIds: readonly string[], rule: string) => `Proposals ${proposalIds.join(', ')}: ${rule}`,
} as const;

const M = techniqueRuleMessages;

/**
 * §4 "Technique table status rules" for a status change from the proposal's status `from` to `to` (short codes):
 * the rule it breaks, or null when allowed. Officers are not bound by them ("these apply to non-officers").
 */
export function techniqueStatusChangeRefusal(
  from: string,
  to: string,
  context: { hasInstrument: boolean; isOfficer: boolean },
): string | null {
  if (context.isOfficer) return null;
  if (TECHNIQUE_READ_ONLY_STATUSES.includes(from)) return M.readOnly(from);
  if (!TECHNIQUE_TABLE_STATUSES.includes(from)) return M.notInTable(from);
  if (to === S.EXPIRED) return M.expiredOfficersOnly;
  if (!TECHNIQUE_TABLE_STATUSES.includes(to)) return M.notInTable(to);
  switch (to) {
    case S.APPROVED:
      if (from === S.SUBMITTED_LOCKED) return M.approvedLocked;
      if (!context.hasInstrument) return M.approvedNeedsInstrument;
      return null;
    case S.FINISHED:
      return from === S.APPROVED ? null : M.finishedOnlyApproved;
    case S.UNDER_REVIEW:
      return from === S.APPROVED || from === S.UNSUCCESSFUL ? M.underReviewClosed : null;
    case S.UNSUCCESSFUL:
      return from === S.SUBMITTED_LOCKED ? M.unsuccessfulLocked : null;
    default:
      return null;
  }
}

/** §4: the instrument is changed by officers, or by others while the proposal is UNDER_REVIEW. */
export function techniqueInstrumentChangeRefusal(
  status: string,
  context: { isOfficer: boolean },
): string | null {
  if (context.isOfficer) return null;
  return status === S.UNDER_REVIEW ? null : M.instrumentOnlyUnderReview;
}
