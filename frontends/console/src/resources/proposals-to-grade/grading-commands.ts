import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleProposalFapReviewsDocument,
  ConsoleProposalsToGradeDocument,
  ConsoleRemoveUserForReviewDocument,
  ConsoleSubmitProposalsReviewDocument,
  ConsoleUpdateFapReviewDocument,
  type ConsoleFapReviewFieldsFragment,
  type ConsoleReviewRowFieldsFragment,
} from '../../gql/graphql';

export type ReviewRow = ConsoleReviewRowFieldsFragment;
export type FapReview = ConsoleFapReviewFieldsFragment;
export type ReviewerFilterValue = 'ME' | 'ALL';

/** The panel reviews' operations (docs/faps.md "Reviewers and reviews"), over the shared GraphQL client. */
export const gradingCommands = {
  /** userWithReviews(reviewer): "Proposals to grade", the caller's reviews (ME) or their panels' (ALL) */
  reviewsToGrade: async (reviewer: ReviewerFilterValue): Promise<ReviewRow[]> =>
    (await request(ConsoleProposalsToGradeDocument, { reviewer })).userWithReviews?.reviews ?? [],
  proposalReviews: async (proposalPk: number): Promise<FapReview[]> =>
    (await request(ConsoleProposalFapReviewsDocument, { proposalPk })).proposalReviews,
  /** updateReview: the grade and comment, DRAFT (save) or SUBMITTED (submit, final) */
  updateReview: async (
    review: { id: number; fapID: number; questionaryID?: number | null },
    values: { grade: number | null; comment: string | null; status: 'DRAFT' | 'SUBMITTED' },
  ): Promise<FapReview> =>
    (
      await request(ConsoleUpdateFapReviewDocument, {
        reviewID: review.id,
        fapID: review.fapID,
        questionaryID: review.questionaryID ?? null,
        grade: values.grade,
        comment: values.comment,
        status: values.status,
      })
    ).updateReview,
  submitReviews: async (proposals: { proposalPk: number; reviewId: number }[]): Promise<void> => {
    await request(ConsoleSubmitProposalsReviewDocument, { proposals });
  },
  removeReviewer: async (reviewId: number, fapId: number): Promise<void> => {
    await request(ConsoleRemoveUserForReviewDocument, { reviewId, fapId });
  },
};
