import type { CompatibleOutType } from '../downstream/compatible-messages';
import { defineEvent, registerEvents } from './catalogue';

/**
 * One stream per compatible message owed on the `downstream` queue (PROPOSAL_DELETED, INSTRUMENT_DELETED, the
 * feed): `downstream-message-<messageKey>`, where messageKey is its job id (`<event id>-<type>`). The worker that
 * published it, or gave up on it, appends its outcome once (the stream must not exist yet); the Downstream messages
 * list (getDownstreamMessages) is their projection, beside the status actions log.
 */
export const DOWNSTREAM_MESSAGE_STREAM = 'downstream-message';
export const downstreamMessageStreamId = (messageKey: string): string =>
  `${DOWNSTREAM_MESSAGE_STREAM}-${messageKey}`;

export const DOWNSTREAM_MESSAGE_PUBLISHED = 'DownstreamMessagePublished';
export const DOWNSTREAM_MESSAGE_FAILED = 'DownstreamMessageFailed';

/** How one owed compatible message ended. */
export interface DownstreamMessageOutcomeData {
  /** its job id, `<event id>-<type>` */
  readonly messageKey: string;
  readonly type: CompatibleOutType;
  /** the AMQP messageId: the causing event's id */
  readonly messageId: string;
  /** `proposal-<pk>`, `instrument-<id>`, …: the messages of one key are published in event order */
  readonly orderingKey: string;
  /** the exchanges it was owed to */
  readonly exchanges: readonly string[];
  /** the exchanges the broker confirmed it on (all of them when published) */
  readonly publishedTo: readonly string[];
  /** what happened (the error when it failed) */
  readonly message: string;
  /** how many tries it took */
  readonly tries: number;
  /** when the causing event happened (ISO 8601) */
  readonly occurredAt: string;
  /** when it was published or given up (ISO 8601) */
  readonly timestamp: string;
}

export const downstreamMessagePublishedEvent = defineEvent<
  DownstreamMessageOutcomeData,
  typeof DOWNSTREAM_MESSAGE_PUBLISHED
>(DOWNSTREAM_MESSAGE_PUBLISHED, {
  stream: DOWNSTREAM_MESSAGE_STREAM,
  description: (d) => `${d.type} published to ${d.publishedTo.join(', ')}`,
  changedObjectId: (d) => d.messageKey,
});

export const downstreamMessageFailedEvent = defineEvent<
  DownstreamMessageOutcomeData,
  typeof DOWNSTREAM_MESSAGE_FAILED
>(DOWNSTREAM_MESSAGE_FAILED, {
  stream: DOWNSTREAM_MESSAGE_STREAM,
  description: (d) => `${d.type} to ${d.exchanges.join(', ')} failed: ${d.message}`,
  changedObjectId: (d) => d.messageKey,
});

export const DOWNSTREAM_MESSAGE_EVENTS = [
  downstreamMessagePublishedEvent,
  downstreamMessageFailedEvent,
] as const;

registerEvents(...DOWNSTREAM_MESSAGE_EVENTS);
