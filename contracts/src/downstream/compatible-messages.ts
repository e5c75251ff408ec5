/**
 * The RabbitMQ message profile compatible with the consumers facilities already run against the open-source user
 * office (its scheduler above all): durable fanout exchanges, routing key '', the event name in the AMQP `type`
 * property, persistent, `timestamp` in milliseconds, a UTF-8 JSON body. Out: what we publish (a RABBITMQ status
 * action with `profile: "compatible"`, the deletions, and the feed an operator switches on type by type). In: the
 * scheduler's booking messages. See README.md beside this file; the JSON Schemas are below and, for consumers in
 * other languages, in `contracts/rabbitmq/*.schema.json` (a test keeps them equal).
 */

/** The two message profiles of a RABBITMQ status action (its config's `profile`; default RABBITMQ_DEFAULT_PROFILE). */
export const RabbitMqProfile = {
  /** our own JSON-Schema'd PROPOSAL_STATUS_CHANGED message (status-actions/proposal-status-changed.message.ts) */
  NATIVE: 'native',
  /** PROPOSAL_STATUS_ACTION_EXECUTED as the open-source user office publishes it */
  COMPATIBLE: 'compatible',
} as const;
export type RabbitMqProfile = (typeof RabbitMqProfile)[keyof typeof RabbitMqProfile];
export const RABBITMQ_PROFILES: readonly RabbitMqProfile[] = Object.values(RabbitMqProfile);

/** where the compatible profile publishes when an action or the configuration names no exchange */
export const COMPATIBLE_DEFAULT_EXCHANGE = 'user_office_backend.fanout';
/** the exchange the scheduler publishes its booking messages to */
export const SCHEDULER_DEFAULT_EXCHANGE = 'user_office_scheduler_backend.fanout';
/** the queue our consumer reads the scheduler's exchange through (RABBITMQ_SCHEDULER_QUEUE) */
export const SCHEDULER_DEFAULT_QUEUE = 'user_office_backend.scheduler';
/** dead letters of a consumer queue: `DLX__<queue>` (fanout exchange) bound to `DL__<queue>` (durable queue) */
export const deadLetterExchangeOf = (queue: string): string => `DLX__${queue}`;
export const deadLetterQueueOf = (queue: string): string => `DL__${queue}`;

/** Out: the types published on events without any workflow (whenever AMQP_URL is set). */
export const COMPATIBLE_ALWAYS_TYPES = ['PROPOSAL_DELETED', 'INSTRUMENT_DELETED'] as const;
/** Out: the status action's type. */
export const PROPOSAL_STATUS_ACTION_EXECUTED = 'PROPOSAL_STATUS_ACTION_EXECUTED';
/** Out: the feed, each type switched on by RABBITMQ_FEED_TYPES. */
export const COMPATIBLE_FEED_TYPES = [
  'PROPOSAL_CREATED',
  'PROPOSAL_UPDATED',
  'PROPOSAL_SUBMITTED',
  'PROPOSAL_ACCEPTED',
  'CALL_CREATED',
  'INSTRUMENT_CREATED',
  'INSTRUMENT_UPDATED',
  'TOPIC_ANSWERED',
  'PROPOSAL_INSTRUMENTS_SELECTED',
  'PROPOSAL_FAPS_SELECTED',
  'USER_UPDATED',
  'USER_DELETED',
  'VISIT_CREATED',
] as const;
export type CompatibleFeedType = (typeof COMPATIBLE_FEED_TYPES)[number];
export type CompatibleOutType =
  typeof PROPOSAL_STATUS_ACTION_EXECUTED | (typeof COMPATIBLE_ALWAYS_TYPES)[number] | CompatibleFeedType;

/** In: the scheduler's booking messages. */
export const SCHEDULER_BOOKING_TYPES = [
  'PROPOSAL_BOOKING_TIME_SLOT_ADDED',
  'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED',
  'PROPOSAL_BOOKING_TIME_ACTIVATED',
  'PROPOSAL_BOOKING_TIME_UPDATED',
  'PROPOSAL_BOOKING_TIME_REOPENED',
  'PROPOSAL_BOOKING_TIME_COMPLETED',
] as const;
export type SchedulerBookingType = (typeof SCHEDULER_BOOKING_TYPES)[number];

/** Seconds per unit of a call's allocation time unit (Day when unknown, as the original does). */
export function secondsPerAllocationUnit(unit: string | null | undefined): number {
  switch ((unit ?? '').toLowerCase()) {
    case 'hour':
      return 3_600;
    case 'week':
      return 604_800;
    default:
      return 86_400;
  }
}

export interface CompatibleInstitution {
  readonly id: number;
  readonly name: string;
  readonly country: string | null;
}

/** A person on a proposal, as the original's `Member`. */
export interface CompatibleMember {
  /** the user id, as a string (as the original sends it) */
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly oidcSub: string | null;
  readonly institution: CompatibleInstitution | null;
}

export interface CompatibleInstrument {
  readonly id: number;
  readonly shortCode: string;
  /** the management decision's time allocation in seconds (the call's allocation unit: day, week or hour) */
  readonly allocatedTime: number;
}

/** The body of PROPOSAL_STATUS_ACTION_EXECUTED, PROPOSAL_DELETED and the feed's proposal types. */
export interface CompatibleProposalMessage {
  readonly proposalPk: number;
  /** the proposal's reference (our proposalId) */
  readonly shortCode: string;
  readonly title: string;
  readonly abstract: string;
  readonly callId: number;
  /** the short code of the proposal's status */
  readonly newStatus: string;
  readonly submitted: boolean;
  readonly proposer: CompatibleMember | null;
  readonly members: readonly CompatibleMember[];
  /** always present: an empty list when the proposal has no instrument */
  readonly instruments: readonly CompatibleInstrument[];
}

export interface CompatibleInstrumentMessage {
  readonly id: number;
  readonly name: string;
  readonly shortCode: string;
  readonly description?: string;
}

/** In: one scheduled event (time slot) of the scheduler. */
export interface SchedulerBookingMessage {
  /** the scheduler's id of the time slot: our experiment's scheduledEventId */
  readonly id: number | string;
  readonly proposalPk: number;
  readonly instrumentId?: number;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly status?: 'DRAFT' | 'ACTIVE' | 'COMPLETED';
  readonly localContactId?: number | null;
  readonly proposalBookingId?: number;
}

export interface SchedulerSlotsRemovedMessage {
  readonly scheduledevents: readonly SchedulerBookingMessage[];
}

const institution = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    country: { type: ['string', 'null'] },
  },
} as const;

const member = {
  type: 'object',
  required: ['id', 'firstName', 'lastName', 'email', 'institution'],
  properties: {
    id: { type: 'string', minLength: 1 },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    oidcSub: { type: ['string', 'null'] },
    institution,
  },
} as const;

const schemaId = (name: string) => `https://user-office.local/schemas/rabbitmq/${name}.schema.json`;

/** JSON Schema (draft-07) of the compatible proposal message. */
export const COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('compatible-proposal'),
  title: 'Proposal message (compatible profile)',
  description:
    'Body of PROPOSAL_STATUS_ACTION_EXECUTED, PROPOSAL_DELETED and the feed types PROPOSAL_CREATED, PROPOSAL_UPDATED, ' +
    'PROPOSAL_SUBMITTED, PROPOSAL_ACCEPTED: fanout exchange, routing key "", AMQP type = the event name, persistent, ' +
    'timestamp in ms, messageId = the id of the event that caused it.',
  type: 'object',
  required: [
    'proposalPk',
    'shortCode',
    'title',
    'abstract',
    'callId',
    'newStatus',
    'submitted',
    'proposer',
    'members',
    'instruments',
  ],
  properties: {
    proposalPk: { type: 'integer', minimum: 1 },
    shortCode: { type: 'string' },
    title: { type: 'string' },
    abstract: { type: 'string' },
    callId: { type: 'integer', minimum: 1 },
    newStatus: { type: 'string', description: "the short code of the proposal's status" },
    submitted: { type: 'boolean' },
    proposer: { anyOf: [member, { type: 'null' }] },
    members: { type: 'array', items: member },
    instruments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'shortCode', 'allocatedTime'],
        properties: {
          id: { type: 'integer', minimum: 1 },
          shortCode: { type: 'string' },
          allocatedTime: { type: 'number', minimum: 0, description: 'seconds' },
        },
      },
    },
  },
} as const;

/** JSON Schema of INSTRUMENT_DELETED (and the feed's INSTRUMENT_CREATED / INSTRUMENT_UPDATED). */
export const COMPATIBLE_INSTRUMENT_MESSAGE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('compatible-instrument'),
  title: 'Instrument message (compatible profile)',
  type: 'object',
  required: ['id', 'name', 'shortCode'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    shortCode: { type: 'string' },
    description: { type: 'string' },
  },
} as const;

/** JSON Schema of the feed's other types (CALL_CREATED, TOPIC_ANSWERED, …): the event's own data, as JSON. */
export const COMPATIBLE_FEED_MESSAGE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('compatible-feed'),
  title: 'Feed message (compatible profile)',
  description:
    "CALL_CREATED, TOPIC_ANSWERED, PROPOSAL_INSTRUMENTS_SELECTED, PROPOSAL_FAPS_SELECTED, USER_UPDATED, USER_DELETED, VISIT_CREATED: the causing event's data (an object or a list).",
  type: ['object', 'array'],
} as const;

const dateTime = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?$',
  description: 'yyyy-MM-dd HH:mm:ss in the facility TIMEZONE, or ISO 8601',
} as const;

const booking = {
  type: 'object',
  required: ['id', 'proposalPk', 'startsAt', 'endsAt'],
  properties: {
    id: { type: ['integer', 'string'], description: "the scheduler's time slot id" },
    proposalPk: { type: 'integer', minimum: 1 },
    instrumentId: { type: 'integer', minimum: 1 },
    startsAt: dateTime,
    endsAt: dateTime,
    status: { enum: ['DRAFT', 'ACTIVE', 'COMPLETED'] },
    localContactId: { type: ['integer', 'null'] },
    proposalBookingId: { type: ['integer', 'null'] },
  },
} as const;

/** In: JSON Schema of PROPOSAL_BOOKING_TIME_SLOT_ADDED, _ACTIVATED, _UPDATED, _REOPENED, _COMPLETED. */
export const SCHEDULER_BOOKING_MESSAGE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('scheduler-booking'),
  title: 'Booking message of the scheduler',
  ...booking,
} as const;

/** In: JSON Schema of PROPOSAL_BOOKING_TIME_SLOTS_REMOVED. */
export const SCHEDULER_SLOTS_REMOVED_MESSAGE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('scheduler-slots-removed'),
  title: 'Time slots removed message of the scheduler',
  type: 'object',
  required: ['scheduledevents'],
  properties: {
    scheduledevents: {
      type: 'array',
      items: {
        ...booking,
        required: ['id'],
        properties: {
          ...booking.properties,
          startsAt: { type: 'string', format: 'date-time' },
          endsAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

/** The schema files committed in contracts/rabbitmq/ (file name → schema). */
export const RABBITMQ_SCHEMA_FILES: Readonly<Record<string, object>> = {
  'compatible-proposal.schema.json': COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA,
  'compatible-instrument.schema.json': COMPATIBLE_INSTRUMENT_MESSAGE_SCHEMA,
  'compatible-feed.schema.json': COMPATIBLE_FEED_MESSAGE_SCHEMA,
  'scheduler-booking.schema.json': SCHEDULER_BOOKING_MESSAGE_SCHEMA,
  'scheduler-slots-removed.schema.json': SCHEDULER_SLOTS_REMOVED_MESSAGE_SCHEMA,
};

/** A downstream (feed) message as a job of the `downstream` queue: everything the publisher needs. */
export interface DownstreamMessageJobData {
  readonly type: CompatibleOutType;
  readonly exchanges: readonly string[];
  /** the body, JSON */
  readonly body: unknown;
  /** the causing event's id (AMQP messageId) */
  readonly messageId: string;
  /** its global position: the order of the messages of one ordering key */
  readonly position: number;
  /** `proposal-<pk>`, `instrument-<id>`, … (messages of one key are published in event order) */
  readonly orderingKey: string;
  /** when the event happened (ISO 8601): the AMQP timestamp, in ms */
  readonly occurredAt: string;
}

export const DOWNSTREAM_JOB_NAME = 'downstream-message';
