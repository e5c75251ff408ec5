import type { VisitRegistrationStatus } from '../../gql/graphql';

/** The statuses a registration may have (§3), in the order of its life. */
export const REGISTRATION_STATUSES: readonly VisitRegistrationStatus[] = [
  'DRAFTED',
  'SUBMITTED',
  'CHANGE_REQUESTED',
  'APPROVED',
  'CANCELLED_BY_USER',
  'CANCELLED_BY_FACILITY',
];

/** The list's status filter: one status, or every one. The queue opens on what waits for the user office. */
export type StatusFilter = VisitRegistrationStatus | 'ALL';
export const DEFAULT_STATUS_FILTER: StatusFilter = 'SUBMITTED';

/** The filter of the address's `status` value (anything unknown: the default). */
export function statusFilterOf(value: unknown): StatusFilter {
  if (value === 'ALL') return 'ALL';
  return REGISTRATION_STATUSES.includes(value as VisitRegistrationStatus)
    ? (value as VisitRegistrationStatus)
    : DEFAULT_STATUS_FILTER;
}

/** §4: only a submitted registration is approved or sent back for changes. */
export const isReviewable = (status: VisitRegistrationStatus): boolean => status === 'SUBMITTED';

/** §4: "Cancellation by the user or the facility is offered for drafted, submitted and change-requested". */
export const isCancellable = (status: VisitRegistrationStatus): boolean =>
  status === 'DRAFTED' || status === 'SUBMITTED' || status === 'CHANGE_REQUESTED';

/** A registration's row id: its visit and visitor (`{ visitId, userId }` is its key). */
export const registrationRowId = (visitId: number, userId: number): string => `${visitId}-${userId}`;

/** The registrations' keys of row ids (for approve / request changes in bulk). */
export function registrationKeysOf(ids: readonly (string | number)[]): { visitId: number; userId: number }[] {
  return ids.flatMap((id) => {
    const match = /^(\d+)-(\d+)$/.exec(String(id));
    return match ? [{ visitId: Number(match[1]), userId: Number(match[2]) }] : [];
  });
}
