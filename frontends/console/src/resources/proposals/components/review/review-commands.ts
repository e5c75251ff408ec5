import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleAddTechnicalReviewDocument,
  ConsoleAnswerTechnicalReviewBasisDocument,
  ConsoleCreateInternalReviewDocument,
  ConsoleCreateProposalScientistCommentDocument,
  ConsoleDeleteInternalReviewDocument,
  ConsoleDeleteProposalScientistCommentDocument,
  ConsoleInstrumentsByIdsMinimalDocument,
  ConsoleInternalReviewersDocument,
  ConsoleInternalReviewsDocument,
  ConsoleProposalScientistCommentDocument,
  ConsoleSubmitTechnicalReviewsDocument,
  ConsoleTechnicalReviewsDocument,
  ConsoleUpdateInternalReviewDocument,
  ConsoleUpdateProposalScientistCommentDocument,
  type ConsoleAddTechnicalReviewMutationVariables,
  type ConsoleInternalReviewFragment,
  type ConsoleScientistCommentFragment,
  type ConsoleTechnicalReviewFragment,
  type CreateInternalReviewInput,
  type UpdateInternalReviewInput,
} from '../../../../gql/graphql';

export type TechnicalReview = ConsoleTechnicalReviewFragment;
export type InternalReview = ConsoleInternalReviewFragment;
export type ScientistComment = ConsoleScientistCommentFragment;
export interface InstrumentName {
  id: number;
  name: string;
  shortCode: string;
}

/** The §7 operations of the review modal's Technical reviews tab (the GraphQL client of the shared package). */
export const reviewCommands = {
  technicalReviews: async (proposalPk: number): Promise<TechnicalReview[]> =>
    (await request(ConsoleTechnicalReviewsDocument, { proposalPk })).technicalReviews,
  instruments: async (instrumentIds: number[]): Promise<InstrumentName[]> =>
    instrumentIds.length === 0
      ? []
      : (await request(ConsoleInstrumentsByIdsMinimalDocument, { instrumentIds })).getInstrumentsByIdsMinimal,
  addTechnicalReview: async (
    variables: ConsoleAddTechnicalReviewMutationVariables,
  ): Promise<TechnicalReview> =>
    (await request(ConsoleAddTechnicalReviewDocument, variables)).addTechnicalReview,
  /** the TECHNICAL_REVIEW_BASIS answer of the review's questionary, saved as a partial step */
  answerBasis: async (
    questionaryId: number,
    topicId: number,
    questionId: string,
    value: unknown,
  ): Promise<void> => {
    await request(ConsoleAnswerTechnicalReviewBasisDocument, {
      questionaryId,
      topicId,
      answers: [{ questionId, value: JSON.stringify({ value }) }],
    });
  },
  submitTechnicalReview: async (review: TechnicalReview): Promise<void> => {
    await request(ConsoleSubmitTechnicalReviewsDocument, {
      technicalReviews: [
        { proposalPk: review.proposalPk, instrumentId: review.instrumentId, submitted: true },
      ],
    });
  },
  internalReviews: async (technicalReviewId: number): Promise<InternalReview[]> =>
    (await request(ConsoleInternalReviewsDocument, { filter: { technicalReviewId } })).internalReviews,
  createInternalReview: async (input: CreateInternalReviewInput): Promise<InternalReview> =>
    (await request(ConsoleCreateInternalReviewDocument, { input })).createInternalReview,
  updateInternalReview: async (input: UpdateInternalReviewInput): Promise<InternalReview> =>
    (await request(ConsoleUpdateInternalReviewDocument, { input })).updateInternalReview,
  deleteInternalReview: async (id: number, technicalReviewId: number): Promise<void> => {
    await request(ConsoleDeleteInternalReviewDocument, { input: { id, technicalReviewId } });
  },
  internalReviewers: async (surname: string) =>
    (await request(ConsoleInternalReviewersDocument, { filter: surname })).getUsers.users,
  scientistComment: async (proposalPk: number): Promise<ScientistComment | null> =>
    (await request(ConsoleProposalScientistCommentDocument, { proposalPk })).proposalScientistComment ?? null,
  createScientistComment: async (proposalPk: number, comment: string): Promise<ScientistComment> =>
    (await request(ConsoleCreateProposalScientistCommentDocument, { proposalPk, comment }))
      .createProposalScientistComment,
  updateScientistComment: async (commentId: number, comment: string): Promise<ScientistComment> =>
    (await request(ConsoleUpdateProposalScientistCommentDocument, { commentId, comment }))
      .updateProposalScientistComment,
  deleteScientistComment: async (commentId: number): Promise<void> => {
    await request(ConsoleDeleteProposalScientistCommentDocument, { commentId });
  },
};
