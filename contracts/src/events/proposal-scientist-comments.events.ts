import { defineEvent, registerEvents } from './catalogue';

/**
 * The scientist comment of one proposal is one stream: `proposal-scientist-comment-<proposalPk>` (a proposal
 * has at most one live comment; its commentId comes from a database sequence).
 */
export const PROPOSAL_SCIENTIST_COMMENT_STREAM = 'proposal-scientist-comment';

/** The stream of the scientist comment of one proposal. */
export const proposalScientistCommentStreamId = (proposalPk: number): string =>
  `${PROPOSAL_SCIENTIST_COMMENT_STREAM}-${proposalPk}`;

export const PROPOSAL_SCIENTIST_COMMENT_CREATED = 'ProposalScientistCommentCreated';
export const PROPOSAL_SCIENTIST_COMMENT_UPDATED = 'ProposalScientistCommentUpdated';
export const PROPOSAL_SCIENTIST_COMMENT_DELETED = 'ProposalScientistCommentDeleted';

/** §3 Proposal scientist comment; `comment` is sanitised HTML. Updated carries the whole comment too. */
export interface ProposalScientistCommentData {
  readonly commentId: number;
  readonly proposalPk: number;
  readonly comment: string;
}

export interface ProposalScientistCommentDeletedData {
  readonly commentId: number;
  readonly proposalPk: number;
}

export const proposalScientistCommentCreatedEvent = defineEvent<
  ProposalScientistCommentData,
  typeof PROPOSAL_SCIENTIST_COMMENT_CREATED
>(PROPOSAL_SCIENTIST_COMMENT_CREATED, {
  stream: PROPOSAL_SCIENTIST_COMMENT_STREAM,
  description: (data) => `Scientist comment #${data.commentId} on proposal #${data.proposalPk} created`,
  changedObjectId: (data) => String(data.proposalPk),
});

export const proposalScientistCommentUpdatedEvent = defineEvent<
  ProposalScientistCommentData,
  typeof PROPOSAL_SCIENTIST_COMMENT_UPDATED
>(PROPOSAL_SCIENTIST_COMMENT_UPDATED, {
  stream: PROPOSAL_SCIENTIST_COMMENT_STREAM,
  description: (data) => `Scientist comment #${data.commentId} on proposal #${data.proposalPk} updated`,
  changedObjectId: (data) => String(data.proposalPk),
});

export const proposalScientistCommentDeletedEvent = defineEvent<
  ProposalScientistCommentDeletedData,
  typeof PROPOSAL_SCIENTIST_COMMENT_DELETED
>(PROPOSAL_SCIENTIST_COMMENT_DELETED, {
  stream: PROPOSAL_SCIENTIST_COMMENT_STREAM,
  description: (data) => `Scientist comment #${data.commentId} on proposal #${data.proposalPk} deleted`,
  changedObjectId: (data) => String(data.proposalPk),
});

/** Any event of a proposal scientist comment stream. */
export type ProposalScientistCommentEvent =
  | { readonly type: typeof PROPOSAL_SCIENTIST_COMMENT_CREATED; readonly data: ProposalScientistCommentData }
  | { readonly type: typeof PROPOSAL_SCIENTIST_COMMENT_UPDATED; readonly data: ProposalScientistCommentData }
  | {
      readonly type: typeof PROPOSAL_SCIENTIST_COMMENT_DELETED;
      readonly data: ProposalScientistCommentDeletedData;
    };

export const PROPOSAL_SCIENTIST_COMMENT_EVENTS = [
  proposalScientistCommentCreatedEvent,
  proposalScientistCommentUpdatedEvent,
  proposalScientistCommentDeletedEvent,
] as const;

registerEvents(...PROPOSAL_SCIENTIST_COMMENT_EVENTS);
