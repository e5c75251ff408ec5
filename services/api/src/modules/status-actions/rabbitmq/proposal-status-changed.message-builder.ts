import {
  PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE,
  type ProposalStatusChangedMessage,
  type StatusActionMessagePerson,
} from '@user-office/contracts';

export interface MessagePersonSource {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
}

export interface ProposalStatusChangedMessageInput {
  eventId: string;
  occurredAt: string;
  proposal: {
    primaryKey: number;
    proposalId: string;
    title: string;
    abstract: string;
    callId: number;
    submitted: boolean;
  };
  call: { shortCode: string };
  status: { id: number; shortCode: string; name: string };
  proposer: MessagePersonSource;
  members: readonly MessagePersonSource[];
}

const person = (p: MessagePersonSource): StatusActionMessagePerson => ({
  id: p.id,
  firstname: p.firstname,
  lastname: p.lastname,
  email: p.email,
});

/** Pure: the message a RABBITMQ status action publishes (contracts' PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA). */
export function buildProposalStatusChangedMessage(
  input: ProposalStatusChangedMessageInput,
): ProposalStatusChangedMessage {
  return {
    type: PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE,
    eventId: input.eventId,
    occurredAt: input.occurredAt,
    proposal: {
      primaryKey: input.proposal.primaryKey,
      proposalId: input.proposal.proposalId,
      title: input.proposal.title,
      abstract: input.proposal.abstract,
      callId: input.proposal.callId,
      callShortCode: input.call.shortCode,
      statusId: input.status.id,
      statusShortCode: input.status.shortCode,
      statusName: input.status.name,
      submitted: input.proposal.submitted,
      proposer: person(input.proposer),
      members: input.members.map(person),
    },
  };
}
