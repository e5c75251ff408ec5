import {
  INTERNAL_REVIEW_CREATED,
  INTERNAL_REVIEW_DELETED,
  INTERNAL_REVIEW_UPDATED,
  type InternalReviewCreatedData,
  type InternalReviewUpdatedData,
} from '@user-office/contracts';
import { internalReviewNotFound } from './internal-review.errors';

/** One internal review as folded from its `internal-review-<id>` stream (null before it is created). */
export interface InternalReviewState {
  review: {
    id: number;
    technicalReviewId: number;
    title: string;
    comment: string | null;
    reviewerId: number;
    files: readonly string[];
  } | null;
  deleted: boolean;
}

export const initialInternalReviewState: InternalReviewState = { review: null, deleted: false };

export function evolveInternalReview(
  state: InternalReviewState,
  event: { type: string; data: unknown },
): InternalReviewState {
  switch (event.type) {
    case INTERNAL_REVIEW_CREATED:
    case INTERNAL_REVIEW_UPDATED: {
      const { id, technicalReviewId, title, comment, reviewerId, files } = event.data as
        InternalReviewCreatedData | InternalReviewUpdatedData;
      return { ...state, review: { id, technicalReviewId, title, comment, reviewerId, files: [...files] } };
    }
    case INTERNAL_REVIEW_DELETED:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/**
 * The review, when it exists, is not deleted and belongs to `technicalReviewId` (the technical review the
 * caller names); NOT_FOUND otherwise.
 */
export function liveReview(
  state: InternalReviewState,
  technicalReviewId: number,
): NonNullable<InternalReviewState['review']> {
  if (state.review === null || state.deleted || state.review.technicalReviewId !== technicalReviewId) {
    throw internalReviewNotFound();
  }
  return state.review;
}
