import {
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  PROPOSAL_WORKFLOW_EVENT_RECORDED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  PROPOSAL_NOTIFIED,
  CO_PROPOSER_INVITED,
  CO_PROPOSER_INVITE_ACCEPTED,
  CO_PROPOSER_INVITE_CANCELLED,
  coProposerInviteAcceptedEvent,
  coProposerInviteCancelledEvent,
  coProposerInvitedEvent,
  finalStatusChangingEvent,
  managementDecisionMessages,
  proposalCreatedEvent,
  proposalManagementDecisionSubmittedEvent,
  proposalManagementDecisionUpdatedEvent,
  proposalNotifiedEvent,
  proposalDeletedEvent,
  proposalMessages,
  proposalRuleMessages,
  proposalStatusChangedEvent,
  proposalSubmittedEvent,
  proposalUpdatedEvent,
  proposalWorkflowEventRecordedEvent,
  ProposalEndStatus,
  validationLimits,
  MAX_WORKFLOW_HOPS,
  nextWorkflowStep,
  type WorkflowStep as SharedWorkflowStep,
  type ManagementTimeAllocation,
  type ProposalCreatedData,
  type ProposalEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { GrowOnlySet } from '../../../platform/cqrs/grow-only-set';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = proposalRuleMessages;
const D = managementDecisionMessages;

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
  /** the status-changing events (names) that happened since the proposal entered its current status */
  eventsSinceStatus: readonly string[];
  /** source events already recorded as workflow events (a reaction may deliver one twice) */
  recordedSources: GrowOnlySet<string>;
  invites: readonly InviteState[];
  /** the management decision (administrationProposal) */
  finalStatus: ProposalEndStatus;
  commentForUser: string;
  commentForManagement: string;
  managementTimeAllocations: readonly ManagementTimeAllocation[];
  managementDecisionSubmitted: boolean;
  /** the proposers were told the final decision (notifyProposal) */
  notified: boolean;
}

/** A co-proposer invitation of the proposal. */
export interface InviteState {
  inviteId: string;
  code: string;
  email: string;
  expiresAt: string;
  status: 'pending' | 'claimed' | 'cancelled';
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
  eventsSinceStatus: [],
  recordedSources: GrowOnlySet.empty(),
  invites: [],
  finalStatus: ProposalEndStatus.UNSET,
  commentForUser: '',
  commentForManagement: '',
  managementTimeAllocations: [],
  managementDecisionSubmitted: false,
  notified: false,
};

const since = (state: ProposalState, name: string): readonly string[] =>
  state.eventsSinceStatus.includes(name) ? state.eventsSinceStatus : [...state.eventsSinceStatus, name];

export function evolveProposal(state: ProposalState, event: { type: string; data: unknown }): ProposalState {
  const e = event as ProposalEvent;
  switch (e.type) {
    case PROPOSAL_CREATED: {
      const d = e.data;
      return {
        ...initialProposalState,
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
        eventsSinceStatus: ['PROPOSAL_CREATED'],
        recordedSources: GrowOnlySet.empty(),
        invites: [],
      };
    }
    case PROPOSAL_UPDATED:
      return {
        ...state,
        title: e.data.title,
        abstract: e.data.abstract,
        proposerId: e.data.proposerId,
        userIds: e.data.userIds,
        eventsSinceStatus: since(state, 'PROPOSAL_UPDATED'),
      };
    case PROPOSAL_SUBMITTED:
      return {
        ...state,
        submitted: true,
        proposalId: e.data.proposalId,
        eventsSinceStatus: since(state, 'PROPOSAL_SUBMITTED'),
      };
    case PROPOSAL_DELETED:
      return { ...state, status: 'deleted' };
    case PROPOSAL_STATUS_CHANGED:
      return {
        ...state,
        statusId: e.data.statusId,
        eventsSinceStatus: [
          e.data.changedBy === 'workflow'
            ? 'PROPOSAL_STATUS_CHANGED_BY_WORKFLOW'
            : 'PROPOSAL_STATUS_CHANGED_BY_USER',
        ],
      };
    case CO_PROPOSER_INVITED:
      return {
        ...state,
        invites: [
          ...state.invites,
          {
            inviteId: e.data.inviteId,
            code: e.data.code,
            email: e.data.email,
            expiresAt: e.data.expiresAt,
            status: 'pending',
          },
        ],
      };
    case CO_PROPOSER_INVITE_CANCELLED:
      return {
        ...state,
        invites: state.invites.map((i) =>
          i.inviteId === e.data.inviteId ? { ...i, status: 'cancelled' } : i,
        ),
      };
    case CO_PROPOSER_INVITE_ACCEPTED:
      return {
        ...state,
        userIds:
          state.userIds.includes(e.data.userId) || state.proposerId === e.data.userId
            ? state.userIds
            : [...state.userIds, e.data.userId],
        invites: state.invites.map((i) => (i.inviteId === e.data.inviteId ? { ...i, status: 'claimed' } : i)),
      };
    case PROPOSAL_MANAGEMENT_DECISION_UPDATED: {
      const d = e.data;
      const finalStatusEvent =
        d.finalStatus !== d.previousFinalStatus ? finalStatusChangingEvent(d.finalStatus) : null;
      const names = since(state, 'PROPOSAL_MANAGEMENT_DECISION_UPDATED');
      return {
        ...state,
        finalStatus: d.finalStatus,
        commentForUser: d.commentForUser,
        commentForManagement: d.commentForManagement,
        managementTimeAllocations: d.managementTimeAllocations,
        managementDecisionSubmitted: d.managementDecisionSubmitted,
        eventsSinceStatus: finalStatusEvent
          ? since({ ...state, eventsSinceStatus: names }, finalStatusEvent)
          : names,
      };
    }
    case PROPOSAL_MANAGEMENT_DECISION_SUBMITTED:
      return {
        ...state,
        managementDecisionSubmitted: true,
        eventsSinceStatus: since(state, 'PROPOSAL_MANAGEMENT_DECISION_SUBMITTED'),
      };
    case PROPOSAL_NOTIFIED:
      return { ...state, notified: true, eventsSinceStatus: since(state, 'PROPOSAL_NOTIFIED') };
    case PROPOSAL_WORKFLOW_EVENT_RECORDED:
      return {
        ...state,
        eventsSinceStatus: since(state, e.data.name),
        recordedSources: state.recordedSources.add(e.data.sourceEventId),
      };
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
  /**
   * The pending invitations become exactly `emails` (new ones invited, missing ones withdrawn); `fresh` holds an
   * id and code for each e-mail, used when it needs a new invitation; members' e-mails are skipped.
   */
  | {
      type: 'SetInvites';
      actor: Actor;
      editable: boolean;
      emails: readonly string[];
      memberEmails: readonly string[];
      fresh: Readonly<Record<string, { inviteId: string; code: string }>>;
      expiresAt: string;
    }
  | { type: 'AcceptInvite'; code: string; userId: number; now: string }
  /**
   * administrationProposal: the management decision. A comment, the time allocations or the submitted flag left
   * out (undefined or null) stay as they are; an empty list removes the time allocations.
   */
  | {
      type: 'AdministerProposal';
      actor: Actor;
      /** the caller may make the management decision on this proposal (proposals.policy) */
      administers: boolean;
      finalStatus: ProposalEndStatus;
      commentForUser?: string | null;
      commentForManagement?: string | null;
      managementTimeAllocations?: readonly ManagementTimeAllocation[] | null;
      managementDecisionSubmitted?: boolean | null;
      /** the instruments assigned to the proposal (ProposalInstruments: none until instruments exist) */
      assignedInstrumentIds: readonly number[];
    }
  /** notifyProposal: the proposers are told the submitted final decision, once */
  | { type: 'NotifyProposal'; actor: Actor }
  /** an officer sets the status (changeProposalsStatus); `connectionId`: the connection into it, if any */
  | { type: 'ChangeStatus'; statusId: number; connectionId: number | null }
  /**
   * The engine: record an outside event (once per source event), then move along every connection whose
   * status-changing events all happened since the current status was entered (several hops at once).
   */
  | {
      type: 'AdvanceWorkflow';
      connections: readonly WorkflowStep[];
      /** `alsoNames`: further status-changing events the same source event is (recorded together) */
      external?: { name: string; sourceEventId: string; alsoNames?: readonly string[] };
    };

/** A connection of the proposal's workflow, as the engine needs it (the engine's step is shared with experiments). */
export type WorkflowStep = SharedWorkflowStep;

/** The most hops one decision takes (a workflow looping on events that are always there must not spin). */
export const MAX_HOPS = MAX_WORKFLOW_HOPS;

function advance(
  command: Extract<ProposalCommand, { type: 'AdvanceWorkflow' }>,
  state: ProposalState,
): NewEvent[] {
  const events: NewEvent[] = [];
  let current = state;
  if (command.external && !state.recordedSources.has(command.external.sourceEventId)) {
    // one source event may be several status-changing events at once (a review submitted and feasible)
    const names = [command.external.name, ...(command.external.alsoNames ?? [])];
    for (const name of names) {
      const recorded = proposalWorkflowEventRecordedEvent.create({
        proposalPk: state.proposalPk,
        name,
        sourceEventId: command.external.sourceEventId,
      });
      events.push(recorded);
      current = evolveProposal(current, recorded);
    }
  }
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = nextWorkflowStep(command.connections, current);
    if (!next) break;
    const changed = proposalStatusChangedEvent.create({
      proposalPk: state.proposalPk,
      statusId: next.statusId,
      previousStatusId: current.statusId,
      changedBy: 'workflow',
      events: next.statusChangingEvents,
      connectionId: next.connectionId,
    });
    events.push(changed);
    current = evolveProposal(current, changed);
  }
  return events;
}

/** The time allocations, checked against the instruments assigned to the proposal; throws the rule broken. */
function checkAllocations(
  allocations: readonly ManagementTimeAllocation[],
  assignedInstrumentIds: readonly number[],
): void {
  const seen = new Set<number>();
  for (const { instrumentId, value } of allocations) {
    if (seen.has(instrumentId)) throw badInput(D.duplicateInstrument(instrumentId));
    seen.add(instrumentId);
    if (!Number.isFinite(value)) throw badInput(D.timeAllocationRequired);
    if (value < validationLimits.timeAllocationMin) throw badInput(D.timeAllocationMin);
    if (value > validationLimits.timeAllocationMax) throw badInput(D.timeAllocationMax);
  }
  if (allocations.length > 0 && assignedInstrumentIds.length === 0) throw badInput(D.noInstrumentAssigned);
  const stranger = allocations.find((a) => !assignedInstrumentIds.includes(a.instrumentId));
  if (stranger) throw badInput(D.instrumentNotAssigned(stranger.instrumentId));
}

const sameAllocations = (a: readonly ManagementTimeAllocation[], b: readonly ManagementTimeAllocation[]) =>
  a.length === b.length &&
  a.every((x) => b.some((y) => y.instrumentId === x.instrumentId && y.value === x.value));

/**
 * The management decision: officers make it (`administers`) on a submitted proposal; once it is submitted only
 * officers change it. Unchanged, nothing is appended. Turning `managementDecisionSubmitted` true also appends
 * ProposalManagementDecisionSubmitted.
 */
function administer(
  command: Extract<ProposalCommand, { type: 'AdministerProposal' }>,
  state: ProposalState,
): NewEvent[] {
  if (!command.administers) throw forbidden(D.mayNotAdminister);
  if (state.managementDecisionSubmitted && !command.actor.isOfficer) throw forbidden(D.decisionSubmitted);
  if (!state.submitted) throw badInput(D.notSubmitted);
  if (!Object.values(ProposalEndStatus).includes(command.finalStatus)) throw badInput(D.finalStatusOneOf);
  const allocations = command.managementTimeAllocations ?? state.managementTimeAllocations;
  if (command.managementTimeAllocations != null)
    checkAllocations(command.managementTimeAllocations, command.assignedInstrumentIds);
  const next = {
    finalStatus: command.finalStatus,
    commentForUser: command.commentForUser ?? state.commentForUser,
    commentForManagement: command.commentForManagement ?? state.commentForManagement,
    managementTimeAllocations: allocations,
    managementDecisionSubmitted: command.managementDecisionSubmitted ?? state.managementDecisionSubmitted,
  };
  if (
    next.finalStatus === state.finalStatus &&
    next.commentForUser === state.commentForUser &&
    next.commentForManagement === state.commentForManagement &&
    sameAllocations(next.managementTimeAllocations, state.managementTimeAllocations) &&
    next.managementDecisionSubmitted === state.managementDecisionSubmitted
  )
    return [];
  const events: NewEvent[] = [
    proposalManagementDecisionUpdatedEvent.create({
      proposalPk: state.proposalPk,
      previousFinalStatus: state.finalStatus,
      ...next,
      managementTimeAllocations: next.managementTimeAllocations.map((a) => ({
        instrumentId: a.instrumentId,
        value: a.value,
      })),
    }),
  ];
  if (next.managementDecisionSubmitted && !state.managementDecisionSubmitted)
    events.push(
      proposalManagementDecisionSubmittedEvent.create({
        proposalPk: state.proposalPk,
        finalStatus: next.finalStatus,
      }),
    );
  return events;
}

/** notifyProposal: officers, once, after a submitted decision with a final status. */
function notify(
  command: Extract<ProposalCommand, { type: 'NotifyProposal' }>,
  state: ProposalState,
): NewEvent[] {
  if (!command.actor.isOfficer) throw forbidden(D.mayNotAdminister);
  if (state.notified) throw badInput(D.alreadyNotified);
  if (state.finalStatus === ProposalEndStatus.UNSET) throw badInput(D.notifyFinalStatusUnset);
  if (!state.managementDecisionSubmitted) throw badInput(D.notifyDecisionNotSubmitted);
  return [
    proposalNotifiedEvent.create({
      proposalPk: state.proposalPk,
      proposalId: state.proposalId,
      proposerId: state.proposerId,
      finalStatus: state.finalStatus,
      commentForUser: state.commentForUser,
    }),
  ];
}

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
          changedBy: 'user',
          events: [],
          connectionId: command.connectionId,
        }),
      ];
    }
    case 'AdvanceWorkflow':
      return advance(command, state);
    case 'AdministerProposal':
      return administer(command, state);
    case 'NotifyProposal':
      return notify(command, state);
    case 'SetInvites': {
      const { actor } = command;
      if (!actor.isOfficer && !isMember(state, actor.id)) throw forbidden(M.mayNotRead);
      if (!command.editable) throw badInput(M.notEditable);
      const wanted = new Set(command.emails.filter((email) => !command.memberEmails.includes(email)));
      const pending = state.invites.filter((i) => i.status === 'pending');
      const events: NewEvent[] = pending
        .filter((i) => !wanted.has(i.email))
        .map((i) =>
          coProposerInviteCancelledEvent.create({ proposalPk: state.proposalPk, inviteId: i.inviteId }),
        );
      for (const email of wanted) {
        if (pending.some((i) => i.email === email)) continue;
        const fresh = command.fresh[email];
        if (!fresh) continue;
        events.push(
          coProposerInvitedEvent.create({
            proposalPk: state.proposalPk,
            inviteId: fresh.inviteId,
            code: fresh.code,
            email,
            createdByUserId: actor.id,
            expiresAt: command.expiresAt,
          }),
        );
      }
      return events;
    }
    case 'AcceptInvite': {
      const invite = state.invites.find((i) => i.code === command.code);
      if (!invite || invite.status === 'cancelled') throw notFound(M.inviteNotFound);
      if (invite.status === 'claimed') throw badInput(M.inviteClaimed);
      if (Date.parse(invite.expiresAt) <= Date.parse(command.now)) throw badInput(M.inviteExpired);
      if (isMember(state, command.userId)) throw badInput(M.alreadyMember);
      return [
        coProposerInviteAcceptedEvent.create({
          proposalPk: state.proposalPk,
          inviteId: invite.inviteId,
          userId: command.userId,
          claimedAt: command.now,
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
