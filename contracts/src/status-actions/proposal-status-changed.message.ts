/**
 * The message a RABBITMQ status action publishes (ARCHITECTURE §4): for downstream consumers (schedulers,
 * visit systems, audit). Documented by the JSON Schema below, also committed as
 * `proposal-status-changed.schema.json` beside this file for consumers in other languages; see README.md here.
 */

export const PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE = 'PROPOSAL_STATUS_CHANGED';

/** A person on the proposal. */
export interface StatusActionMessagePerson {
  readonly id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
}

export interface ProposalStatusChangedMessage {
  readonly type: typeof PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE;
  /** the id of the status change (the ProposalStatusChanged event): the same on every replay, so consumers can de-duplicate */
  readonly eventId: string;
  /** when the proposal reached the status (ISO 8601) */
  readonly occurredAt: string;
  readonly proposal: {
    readonly primaryKey: number;
    readonly proposalId: string;
    readonly title: string;
    readonly abstract: string;
    readonly callId: number;
    readonly callShortCode: string;
    readonly statusId: number;
    readonly statusShortCode: string;
    readonly statusName: string;
    readonly submitted: boolean;
    /** the principal investigator */
    readonly proposer: StatusActionMessagePerson;
    /** the co-proposers */
    readonly members: readonly StatusActionMessagePerson[];
  };
}

const person = {
  type: 'object',
  required: ['id', 'firstname', 'lastname', 'email'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    email: { type: 'string', minLength: 3 },
  },
} as const;

/** JSON Schema (draft-07) of `ProposalStatusChangedMessage`. Consumers should ignore properties they do not know. */
export const PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://user-office.local/schemas/status-actions/proposal-status-changed.schema.json',
  title: 'ProposalStatusChanged message',
  description:
    'Published by a RABBITMQ status action to each exchange of the action (publisher confirms; persistent; ' +
    'content type application/json; AMQP type PROPOSAL_STATUS_CHANGED; AMQP message id = eventId) when a ' +
    'proposal reaches a workflow status. Delivered at least once: de-duplicate by eventId.',
  type: 'object',
  required: ['type', 'eventId', 'occurredAt', 'proposal'],
  properties: {
    type: { const: PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE },
    eventId: { type: 'string', minLength: 1, description: 'the id of the status change' },
    occurredAt: { type: 'string', format: 'date-time', description: 'when the status was reached' },
    proposal: {
      type: 'object',
      required: [
        'primaryKey',
        'proposalId',
        'title',
        'abstract',
        'callId',
        'callShortCode',
        'statusId',
        'statusShortCode',
        'statusName',
        'submitted',
        'proposer',
        'members',
      ],
      properties: {
        primaryKey: { type: 'integer', minimum: 1 },
        proposalId: { type: 'string', description: "the proposal's reference" },
        title: { type: 'string' },
        abstract: { type: 'string' },
        callId: { type: 'integer', minimum: 1 },
        callShortCode: { type: 'string' },
        statusId: { type: 'integer', minimum: 1, description: 'the status reached' },
        statusShortCode: { type: 'string' },
        statusName: { type: 'string' },
        submitted: { type: 'boolean' },
        proposer: { ...person, description: 'the principal investigator' },
        members: { type: 'array', items: person, description: 'the co-proposers' },
      },
    },
  },
} as const;
