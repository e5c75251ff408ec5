import type { ProposalEndStatus } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/** One stream per proposal: `proposal-<proposalPk>`. */
export const PROPOSAL_STREAM = 'proposal';
export const proposalStreamId = (proposalPk: number): string => `${PROPOSAL_STREAM}-${proposalPk}`;

export const PROPOSAL_CREATED = 'ProposalCreated';
export const PROPOSAL_UPDATED = 'ProposalUpdated';
export const PROPOSAL_SUBMITTED = 'ProposalSubmitted';
export const PROPOSAL_DELETED = 'ProposalDeleted';
export const PROPOSAL_STATUS_CHANGED = 'ProposalStatusChanged';
export const CO_PROPOSER_INVITED = 'CoProposerInvited';
export const CO_PROPOSER_INVITE_CANCELLED = 'CoProposerInviteCancelled';
export const CO_PROPOSER_INVITE_ACCEPTED = 'CoProposerInviteAccepted';
/** The management decision (administrationProposal): final status, comments, time allocations. */
export const PROPOSAL_MANAGEMENT_DECISION_UPDATED = 'ProposalManagementDecisionUpdated';
/** The management decision became submitted (its `managementDecisionSubmitted` turned true). */
export const PROPOSAL_MANAGEMENT_DECISION_SUBMITTED = 'ProposalManagementDecisionSubmitted';
/** The proposers were told the final decision (notifyProposal). */
export const PROPOSAL_NOTIFIED = 'ProposalNotified';
/** Something a workflow waits for happened outside the proposal's own stream (e.g. its call ended). */
export const PROPOSAL_WORKFLOW_EVENT_RECORDED = 'ProposalWorkflowEventRecorded';

export interface ProposalCreatedData {
  readonly proposalPk: number;
  /** the pre-submission reference; submission may replace it with the call's reference number */
  readonly proposalId: string;
  readonly callId: number;
  readonly proposerId: number;
  readonly questionaryId: number;
  readonly statusId: number;
  readonly title: string;
  readonly abstract: string;
  /** co-proposers */
  readonly userIds: readonly number[];
  /** the proposal this one is a copy of (cloneProposals) */
  readonly clonedFromPk: number | null;
}

export interface ProposalUpdatedData {
  readonly proposalPk: number;
  readonly title: string;
  readonly abstract: string;
  readonly proposerId: number;
  readonly userIds: readonly number[];
}

export interface ProposalSubmittedData {
  readonly proposalPk: number;
  readonly proposalId: string;
  readonly callId: number;
  readonly submittedAt: string;
}

export interface ProposalDeletedData {
  readonly proposalPk: number;
  readonly callId: number;
}

export interface ProposalStatusChangedData {
  readonly proposalPk: number;
  readonly statusId: number;
  readonly previousStatusId: number;
  /** who moved it: the workflow engine, or a user (changeProposalsStatus) */
  readonly changedBy: 'workflow' | 'user';
  /** the status-changing events that took it there (workflow) */
  readonly events: readonly string[];
  /** the workflow connection reached (its status actions run); null when the status is not on the workflow */
  readonly connectionId: number | null;
}

/** An invitation by e-mail to join a proposal as co-proposer (§3 Invite); the code is sent by e-mail. */
export interface CoProposerInvitedData {
  readonly proposalPk: number;
  readonly inviteId: string;
  readonly code: string;
  readonly email: string;
  readonly createdByUserId: number;
  readonly expiresAt: string;
}

export interface CoProposerInviteCancelledData {
  readonly proposalPk: number;
  readonly inviteId: string;
}

/** The invitation was claimed: the user joins the proposal as co-proposer. */
export interface CoProposerInviteAcceptedData {
  readonly proposalPk: number;
  readonly inviteId: string;
  readonly userId: number;
  readonly claimedAt: string;
}

export interface ProposalWorkflowEventRecordedData {
  readonly proposalPk: number;
  /** a status-changing event name, e.g. CALL_ENDED */
  readonly name: string;
  /** the event it stems from (recorded once per source event) */
  readonly sourceEventId: string;
}

/** Management time allocated to the proposal on one of its instruments (§3, §5: 0 to 100000). */
export interface ManagementTimeAllocation {
  readonly instrumentId: number;
  readonly value: number;
}

/**
 * The management decision as it now stands (every field, not only the changed ones). `managementDecisionSubmitted`
 * false after it was true: an officer reopened the decision.
 */
export interface ProposalManagementDecisionUpdatedData {
  readonly proposalPk: number;
  readonly finalStatus: ProposalEndStatus;
  readonly previousFinalStatus: ProposalEndStatus;
  readonly commentForUser: string;
  /** staff only, never shown to the proposers */
  readonly commentForManagement: string;
  readonly managementTimeAllocations: readonly ManagementTimeAllocation[];
  readonly managementDecisionSubmitted: boolean;
}

export interface ProposalManagementDecisionSubmittedData {
  readonly proposalPk: number;
  readonly finalStatus: ProposalEndStatus;
}

/** What the proposers were told: the decision at the time of notification (the PI's e-mail is made from it). */
export interface ProposalNotifiedData {
  readonly proposalPk: number;
  readonly proposalId: string;
  readonly proposerId: number;
  readonly finalStatus: ProposalEndStatus;
  readonly commentForUser: string;
}

const pk = (data: { proposalPk: number }): string => String(data.proposalPk);

export const proposalCreatedEvent = defineEvent<ProposalCreatedData, typeof PROPOSAL_CREATED>(
  PROPOSAL_CREATED,
  {
    stream: PROPOSAL_STREAM,
    description: (d) =>
      d.clonedFromPk === null
        ? `Proposal ${d.proposalId} created in call ${d.callId}`
        : `Proposal ${d.proposalId} created in call ${d.callId} as a copy of proposal ${d.clonedFromPk}`,
    changedObjectId: pk,
  },
);
export const proposalUpdatedEvent = defineEvent<ProposalUpdatedData, typeof PROPOSAL_UPDATED>(
  PROPOSAL_UPDATED,
  {
    stream: PROPOSAL_STREAM,
    description: (d) => `Proposal updated: ${JSON.stringify(d.title)}`,
    changedObjectId: pk,
  },
);
export const proposalSubmittedEvent = defineEvent<ProposalSubmittedData, typeof PROPOSAL_SUBMITTED>(
  PROPOSAL_SUBMITTED,
  {
    stream: PROPOSAL_STREAM,
    description: (d) => `Proposal ${d.proposalId} submitted`,
    changedObjectId: pk,
  },
);
export const proposalDeletedEvent = defineEvent<ProposalDeletedData, typeof PROPOSAL_DELETED>(
  PROPOSAL_DELETED,
  {
    stream: PROPOSAL_STREAM,
    description: (d) => `Proposal ${d.proposalPk} deleted`,
    changedObjectId: pk,
  },
);
export const proposalStatusChangedEvent = defineEvent<
  ProposalStatusChangedData,
  typeof PROPOSAL_STATUS_CHANGED
>(PROPOSAL_STATUS_CHANGED, {
  stream: PROPOSAL_STREAM,
  description: (d) =>
    `Status changed from ${d.previousStatusId} to ${d.statusId} by ${d.changedBy}${
      d.events.length > 0 ? ` (${d.events.join(', ')})` : ''
    }`,
  changedObjectId: pk,
});

export const proposalWorkflowEventRecordedEvent = defineEvent<
  ProposalWorkflowEventRecordedData,
  typeof PROPOSAL_WORKFLOW_EVENT_RECORDED
>(PROPOSAL_WORKFLOW_EVENT_RECORDED, {
  stream: PROPOSAL_STREAM,
  description: (d) => `Workflow event ${d.name} recorded`,
  changedObjectId: pk,
});

const allocations = (list: readonly ManagementTimeAllocation[]): string =>
  list.length === 0 ? 'none' : list.map((a) => `instrument ${a.instrumentId}: ${a.value}`).join(', ');

export const proposalManagementDecisionUpdatedEvent = defineEvent<
  ProposalManagementDecisionUpdatedData,
  typeof PROPOSAL_MANAGEMENT_DECISION_UPDATED
>(PROPOSAL_MANAGEMENT_DECISION_UPDATED, {
  stream: PROPOSAL_STREAM,
  description: (d) =>
    `Management decision saved: final status ${d.finalStatus}` +
    (d.finalStatus !== d.previousFinalStatus ? ` (was ${d.previousFinalStatus})` : '') +
    `, time allocations ${allocations(d.managementTimeAllocations)}` +
    (d.managementDecisionSubmitted ? ', submitted' : ', not submitted'),
  changedObjectId: pk,
});
export const proposalManagementDecisionSubmittedEvent = defineEvent<
  ProposalManagementDecisionSubmittedData,
  typeof PROPOSAL_MANAGEMENT_DECISION_SUBMITTED
>(PROPOSAL_MANAGEMENT_DECISION_SUBMITTED, {
  stream: PROPOSAL_STREAM,
  description: (d) => `Management decision submitted: final status ${d.finalStatus}`,
  changedObjectId: pk,
});
export const proposalNotifiedEvent = defineEvent<ProposalNotifiedData, typeof PROPOSAL_NOTIFIED>(
  PROPOSAL_NOTIFIED,
  {
    stream: PROPOSAL_STREAM,
    description: (d) =>
      `Proposal ${d.proposalId} notified: the proposers were told the final status ${d.finalStatus}`,
    changedObjectId: pk,
  },
);

export const coProposerInvitedEvent = defineEvent<CoProposerInvitedData, typeof CO_PROPOSER_INVITED>(
  CO_PROPOSER_INVITED,
  {
    stream: PROPOSAL_STREAM,
    description: (d) => `${d.email} invited to join as co-proposer (valid until ${d.expiresAt})`,
    changedObjectId: pk,
  },
);
export const coProposerInviteCancelledEvent = defineEvent<
  CoProposerInviteCancelledData,
  typeof CO_PROPOSER_INVITE_CANCELLED
>(CO_PROPOSER_INVITE_CANCELLED, {
  stream: PROPOSAL_STREAM,
  description: (d) => `Invitation ${d.inviteId} withdrawn`,
  changedObjectId: pk,
});
export const coProposerInviteAcceptedEvent = defineEvent<
  CoProposerInviteAcceptedData,
  typeof CO_PROPOSER_INVITE_ACCEPTED
>(CO_PROPOSER_INVITE_ACCEPTED, {
  stream: PROPOSAL_STREAM,
  description: (d) => `User ${d.userId} accepted invitation ${d.inviteId} and joined as co-proposer`,
  changedObjectId: pk,
});

export type ProposalEvent =
  | { readonly type: typeof PROPOSAL_CREATED; readonly data: ProposalCreatedData }
  | { readonly type: typeof PROPOSAL_UPDATED; readonly data: ProposalUpdatedData }
  | { readonly type: typeof PROPOSAL_SUBMITTED; readonly data: ProposalSubmittedData }
  | { readonly type: typeof PROPOSAL_DELETED; readonly data: ProposalDeletedData }
  | { readonly type: typeof PROPOSAL_STATUS_CHANGED; readonly data: ProposalStatusChangedData }
  | {
      readonly type: typeof PROPOSAL_WORKFLOW_EVENT_RECORDED;
      readonly data: ProposalWorkflowEventRecordedData;
    }
  | { readonly type: typeof CO_PROPOSER_INVITED; readonly data: CoProposerInvitedData }
  | { readonly type: typeof CO_PROPOSER_INVITE_CANCELLED; readonly data: CoProposerInviteCancelledData }
  | { readonly type: typeof CO_PROPOSER_INVITE_ACCEPTED; readonly data: CoProposerInviteAcceptedData }
  | {
      readonly type: typeof PROPOSAL_MANAGEMENT_DECISION_UPDATED;
      readonly data: ProposalManagementDecisionUpdatedData;
    }
  | {
      readonly type: typeof PROPOSAL_MANAGEMENT_DECISION_SUBMITTED;
      readonly data: ProposalManagementDecisionSubmittedData;
    }
  | { readonly type: typeof PROPOSAL_NOTIFIED; readonly data: ProposalNotifiedData };

export const PROPOSALS_EVENTS = [
  proposalCreatedEvent,
  proposalUpdatedEvent,
  proposalSubmittedEvent,
  proposalDeletedEvent,
  proposalStatusChangedEvent,
  proposalWorkflowEventRecordedEvent,
  coProposerInvitedEvent,
  coProposerInviteCancelledEvent,
  coProposerInviteAcceptedEvent,
  proposalManagementDecisionUpdatedEvent,
  proposalManagementDecisionSubmittedEvent,
  proposalNotifiedEvent,
] as const;

registerEvents(...PROPOSALS_EVENTS);
