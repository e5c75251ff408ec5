import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleMyInternalReviewsDocument,
  ConsoleReviewProposalDocument,
  ConsoleTechnicalReviewOfInternalReviewDocument,
  type ConsoleReviewProposalQuery,
} from '../../gql/graphql';

export type ReviewProposal = NonNullable<ConsoleReviewProposalQuery['getProposal']>;

export interface ReviewProposalRow {
  proposal: ReviewProposal;
  /** the caller's internal reviews of the proposal's technical reviews (their titles) */
  internalReviews: { id: number; title: string | null }[];
}

/**
 * The internal reviewer's proposals (§6 "Review Proposals"), composed from §7 queries: their internal reviews
 * (internalReviews with no filter answers the caller's own), each one's technical review (getTechnicalReview), and
 * its proposal (getProposal, which the api lets the internal reviewer read). Each technical review and proposal
 * is asked once; a list of an internal reviewer's work is short.
 */
export async function loadReviewProposals(): Promise<ReviewProposalRow[]> {
  const reviews = (await request(ConsoleMyInternalReviewsDocument)).internalReviews;
  const technicalReviewIds = [...new Set(reviews.map((r) => r.technicalReviewId))];
  const technical = await Promise.all(
    technicalReviewIds.map(
      async (technicalReviewId) =>
        (await request(ConsoleTechnicalReviewOfInternalReviewDocument, { technicalReviewId }))
          .getTechnicalReview,
    ),
  );
  const proposalOf = new Map<number, number>();
  for (const review of technical) if (review) proposalOf.set(review.id, review.proposalPk);
  const proposalPks = [...new Set(proposalOf.values())];
  const proposals = await Promise.all(
    proposalPks.map(
      async (primaryKey) => (await request(ConsoleReviewProposalDocument, { primaryKey })).getProposal,
    ),
  );
  return proposals
    .filter((p): p is ReviewProposal => p !== null && p !== undefined)
    .map((proposal) => ({
      proposal,
      internalReviews: reviews
        .filter((r) => proposalOf.get(r.technicalReviewId) === proposal.primaryKey)
        .map((r) => ({ id: r.id, title: r.title ?? null })),
    }));
}
