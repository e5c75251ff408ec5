import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { InternalReviewActor } from './domain/internal-review.decide';

/**
 * Who sees and changes internal reviews (§6). `caller` null is an API access token: the guard let it through
 * because the token names the operation, so it acts with an officer's rights (as for files).
 */

/** Staff who see internal reviews: officers, scientists, FAP chairs and secretaries see all; internal reviewers theirs. */
export const INTERNAL_REVIEW_READERS = [
  Role.USER_OFFICER,
  Role.INSTRUMENT_SCIENTIST,
  Role.INTERNAL_REVIEWER,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
] as const;

/** §6: officers create and delete internal reviews; an internal reviewer may update their own. */
export const INTERNAL_REVIEW_UPDATERS = [Role.USER_OFFICER, Role.INTERNAL_REVIEWER] as const;

/** Who acts on a review: the caller, or for an API access token the system with officer rights. */
export const internalReviewActor = (caller: SessionUser | null): InternalReviewActor =>
  caller === null
    ? { id: null, isOfficer: true }
    : { id: caller.id, isOfficer: caller.currentRole === Role.USER_OFFICER };

/**
 * Whether the caller sees every internal review whole (officers, scientists, FAP chairs and secretaries: §6
 * "sees the internal comment and documents"). An internal reviewer does not: see `maySeeContent`.
 */
export function maySeeAllReviews(caller: SessionUser | null): boolean {
  return (
    caller === null ||
    (caller.currentRole !== Role.INTERNAL_REVIEWER &&
      INTERNAL_REVIEW_READERS.includes(caller.currentRole as (typeof INTERNAL_REVIEW_READERS)[number]))
  );
}

/**
 * Whether the caller sees the title, comment and documents of a review: those who see all reviews, and the
 * review's own internal reviewer (§6 "sees title and comment of only their own review"). An internal reviewer
 * sees the other reviews of the technical reviews they are assigned to without them.
 */
export function maySeeContent(caller: SessionUser | null, review: { reviewerId: number }): boolean {
  return (
    maySeeAllReviews(caller) ||
    (caller !== null && caller.currentRole === Role.INTERNAL_REVIEWER && review.reviewerId === caller.id)
  );
}
