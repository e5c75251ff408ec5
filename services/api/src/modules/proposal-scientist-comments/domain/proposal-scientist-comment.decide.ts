import {
  PROPOSAL_SCIENTIST_COMMENT_CREATED,
  PROPOSAL_SCIENTIST_COMMENT_DELETED,
  PROPOSAL_SCIENTIST_COMMENT_UPDATED,
  proposalScientistCommentCreatedEvent,
  proposalScientistCommentDeletedEvent,
  proposalScientistCommentUpdatedEvent,
  type ProposalScientistCommentData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  scientistCommentExists,
  scientistCommentNotFound,
  scientistCommentRequired,
} from './proposal-scientist-comment.errors';

/** The scientist comment of one proposal, folded from `proposal-scientist-comment-<proposalPk>` (null: none). */
export interface ProposalScientistCommentState {
  comment: ProposalScientistCommentData | null;
}

export const initialProposalScientistCommentState: ProposalScientistCommentState = { comment: null };

export function evolveProposalScientistComment(
  state: ProposalScientistCommentState,
  event: { type: string; data: unknown },
): ProposalScientistCommentState {
  switch (event.type) {
    case PROPOSAL_SCIENTIST_COMMENT_CREATED:
    case PROPOSAL_SCIENTIST_COMMENT_UPDATED: {
      const { commentId, proposalPk, comment } = event.data as ProposalScientistCommentData;
      return { comment: { commentId, proposalPk, comment } };
    }
    case PROPOSAL_SCIENTIST_COMMENT_DELETED:
      return { comment: null };
    default:
      return state;
  }
}

/** `comment` is sanitised HTML; '' when it shows no text. */
export type ProposalScientistCommentCommand =
  | { type: 'CreateProposalScientistComment'; proposalPk: number; commentId: number; comment: string }
  | { type: 'UpdateProposalScientistComment'; proposalPk: number; commentId: number; comment: string }
  | { type: 'DeleteProposalScientistComment'; proposalPk: number; commentId: number };

function liveComment(state: ProposalScientistCommentState, commentId: number): ProposalScientistCommentData {
  if (state.comment === null || state.comment.commentId !== commentId) throw scientistCommentNotFound();
  return state.comment;
}

/**
 * Pure: one comment per proposal (§3). Creating a second one is a CONFLICT; a comment is required (§5, blank
 * counts as missing); updating or deleting a comment that is not the proposal's live one is NOT_FOUND; an update
 * that changes nothing decides nothing. A deleted comment may be written again (with a new commentId).
 */
export function decideProposalScientistComment(
  command: ProposalScientistCommentCommand,
  state: ProposalScientistCommentState,
): NewEvent[] {
  switch (command.type) {
    case 'CreateProposalScientistComment': {
      if (state.comment !== null) throw scientistCommentExists();
      if (command.comment.trim() === '') throw scientistCommentRequired();
      const { commentId, proposalPk, comment } = command;
      return [proposalScientistCommentCreatedEvent.create({ commentId, proposalPk, comment })];
    }
    case 'UpdateProposalScientistComment': {
      const current = liveComment(state, command.commentId);
      if (command.comment.trim() === '') throw scientistCommentRequired();
      if (command.comment === current.comment) return [];
      return [proposalScientistCommentUpdatedEvent.create({ ...current, comment: command.comment })];
    }
    case 'DeleteProposalScientistComment': {
      const { commentId, proposalPk } = liveComment(state, command.commentId);
      return [proposalScientistCommentDeletedEvent.create({ commentId, proposalPk })];
    }
  }
}

export const proposalScientistCommentDecider: Decider<
  ProposalScientistCommentState,
  ProposalScientistCommentCommand
> = {
  initialState: initialProposalScientistCommentState,
  evolve: evolveProposalScientistComment,
  decide: decideProposalScientistComment,
};
