import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsolePanelDecisionDocument,
  ConsolePanelsOfProposalDocument,
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
  /**
   * The panels' meeting decisions of a proposal (the Admin tab, beside the management decision): each panel's
   * fapProposal(fapId, proposalPk) over getFapsMinimal (a facility has few panels; the proposal has no FAP ids).
   */
  panelDecisions: async (
    proposalPk: number,
  ): Promise<
    {
      fapId: number;
      code: string;
      recommendation: string | null;
      commentForUser: string | null;
      submitted: boolean;
    }[]
  > => {
    const faps = (await request(ConsolePanelsOfProposalDocument)).getFapsMinimal;
    const found = await Promise.all(
      faps.map(async (fap) => ({
        fap,
        on: (await request(ConsolePanelDecisionDocument, { fapId: fap.id, proposalPk })).fapProposal,
      })),
    );
    return found
      .filter(({ on }) => on)
      .map(({ fap, on }) => ({
        fapId: fap.id,
        code: fap.code,
        recommendation: on?.meetingDecision?.recommendation ?? null,
        commentForUser: on?.meetingDecision?.commentForUser ?? null,
        submitted: on?.meetingDecision?.submitted ?? false,
      }));
  },
  removeReviewer: async (reviewId: number, fapId: number): Promise<void> => {
    await request(ConsoleRemoveUserForReviewDocument, { reviewId, fapId });
  },
};
