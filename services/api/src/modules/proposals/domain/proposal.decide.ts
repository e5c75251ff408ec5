import {
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  proposalCreatedEvent,
  proposalDeletedEvent,
  proposalMessages,
  proposalRuleMessages,
  proposalStatusChangedEvent,
  proposalSubmittedEvent,
  proposalUpdatedEvent,
  type ProposalCreatedData,
  type ProposalEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = proposalRuleMessages;

/** One proposal folded from `proposal-<pk>`. */
export interface ProposalState {
  status: 'none' | 'active' | 'deleted';
  proposalPk: number;
  proposalId: string;
  callId: number;
  proposerId: number;
  userIds: readonly number[];
  questionaryId: number;
  statusId: number;
  title: string;
  abstract: string;
  submitted: boolean;
}

export const initialProposalState: ProposalState = {
  status: 'none',
  proposalPk: 0,
  proposalId: '',
  callId: 0,
  proposerId: 0,
  userIds: [],
  questionaryId: 0,
  statusId: 0,
  title: '',
  abstract: '',
  submitted: false,
};

export function evolveProposal(state: ProposalState, event: { type: string; data: unknown }): ProposalState {
  const e = event as ProposalEvent;
  switch (e.type) {
    case PROPOSAL_CREATED: {
      const d = e.data;
      return {
        status: 'active',
        proposalPk: d.proposalPk,
        proposalId: d.proposalId,
        callId: d.callId,
        proposerId: d.proposerId,
        userIds: d.userIds,
        questionaryId: d.questionaryId,
        statusId: d.statusId,
        title: d.title,
        abstract: d.abstract,
        submitted: false,
      };
    }
    case PROPOSAL_UPDATED:
      return {
        ...state,
        title: e.data.title,
        abstract: e.data.abstract,
        proposerId: e.data.proposerId,
        userIds: e.data.userIds,
      };
    case PROPOSAL_SUBMITTED:
      return { ...state, submitted: true, proposalId: e.data.proposalId };
    case PROPOSAL_DELETED:
      return { ...state, status: 'deleted' };
    case PROPOSAL_STATUS_CHANGED:
      return { ...state, statusId: e.data.statusId };
    default:
      return state;
  }
}

/** Who acts, as the rules need it. */
export interface Actor {
  id: number;
  isOfficer: boolean;
}

export type ProposalCommand =
  | { type: 'CreateProposal'; proposal: ProposalCreatedData }
  | {
      type: 'UpdateProposal';
      actor: Actor;
      title: string;
      abstract: string;
      proposerId: number;
      userIds: readonly number[];
      /** §4 editability, decided from the status and the call (officers: always) */
      editable: boolean;
    }
  | {
      type: 'SubmitProposal';
      actor: Actor;
      /** the call takes submissions from this actor now (open; internally open for internal users; officers) */
      callAccepts: boolean;
      /** the first rule the questionary breaks (steps incomplete, invalid answers), or null */
      questionaryError: string | null;
      /** the reference from the call's format, or null to keep the pre-submission one */
      referenceNumber: string | null;
      now: string;
    }
  | { type: 'DeleteProposal'; actor: Actor }
  | { type: 'ChangeStatus'; statusId: number; changedBy: 'workflow' | 'user'; events: readonly string[] };

export const isMember = (state: ProposalState, userId: number): boolean =>
  state.proposerId === userId || state.userIds.includes(userId);

/** Pure: the events a proposal command leads to; throws the rule broken. */
export function decideProposal(command: ProposalCommand, state: ProposalState): NewEvent[] {
  if (command.type === 'CreateProposal') {
    if (state.status !== 'none') throw badInput('A proposal with this id exists');
    return [proposalCreatedEvent.create(command.proposal)];
  }
  if (state.status !== 'active') throw notFound(M.notFound);
  switch (command.type) {
    case 'UpdateProposal': {
      const { actor } = command;
      if (!actor.isOfficer && !isMember(state, actor.id)) throw forbidden(M.mayNotRead);
      if (!command.editable) throw badInput(M.notEditable);
      const userIds = [...new Set(command.userIds)].filter((id) => id !== command.proposerId);
      if (!actor.isOfficer && actor.id !== command.proposerId && !userIds.includes(actor.id))
        throw badInput(proposalMessages.mustBePartOfProposal);
      if (
        command.title === state.title &&
        command.abstract === state.abstract &&
        command.proposerId === state.proposerId &&
        JSON.stringify(userIds) === JSON.stringify(state.userIds)
      )
        return [];
      return [
        proposalUpdatedEvent.create({
          proposalPk: state.proposalPk,
          title: command.title,
          abstract: command.abstract,
          proposerId: command.proposerId,
          userIds,
        }),
      ];
    }
    case 'SubmitProposal': {
      const { actor } = command;
      if (!actor.isOfficer && !isMember(state, actor.id)) throw forbidden(M.mayNotRead);
      if (state.submitted) throw badInput(M.alreadySubmitted);
      if (!command.callAccepts) throw badInput(M.callNotOpen);
      if (command.questionaryError) throw badInput(command.questionaryError);
      return [
        proposalSubmittedEvent.create({
          proposalPk: state.proposalPk,
          proposalId: command.referenceNumber ?? state.proposalId,
          callId: state.callId,
          submittedAt: command.now,
        }),
      ];
    }
    case 'DeleteProposal': {
      if (command.actor.id !== state.proposerId) throw forbidden(M.onlyPiDeletes);
      if (state.submitted) throw badInput(M.onlyDraftDeleted);
      return [proposalDeletedEvent.create({ proposalPk: state.proposalPk, callId: state.callId })];
    }
    case 'ChangeStatus': {
      if (command.statusId === state.statusId) return [];
      return [
        proposalStatusChangedEvent.create({
          proposalPk: state.proposalPk,
          statusId: command.statusId,
          previousStatusId: state.statusId,
          changedBy: command.changedBy,
          events: command.events,
        }),
      ];
    }
  }
}

export const proposalDecider: Decider<ProposalState, ProposalCommand> = {
  initialState: initialProposalState,
  evolve: evolveProposal,
  decide: decideProposal,
};
