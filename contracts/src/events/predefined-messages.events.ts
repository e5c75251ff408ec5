import { PredefinedMessageKey } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/** Each predefined message is one stream: `predefined-message-<id>` (ids from a database sequence). */
export const PREDEFINED_MESSAGE_STREAM = 'predefined-message';

/** The stream of one predefined message. */
export const predefinedMessageStreamId = (id: number): string => `${PREDEFINED_MESSAGE_STREAM}-${id}`;

export const PREDEFINED_MESSAGE_CREATED = 'PredefinedMessageCreated';
export const PREDEFINED_MESSAGE_UPDATED = 'PredefinedMessageUpdated';
export const PREDEFINED_MESSAGE_DELETED = 'PredefinedMessageDeleted';

export interface PredefinedMessageCreatedData {
  readonly id: number;
  readonly title: string;
  readonly message: string;
  readonly key: PredefinedMessageKey;
}

/** The whole message after the change (title, message and key, changed or not). */
export interface PredefinedMessageUpdatedData {
  readonly id: number;
  readonly title: string;
  readonly message: string;
  readonly key: PredefinedMessageKey;
}

export interface PredefinedMessageDeletedData {
  readonly id: number;
}

export const predefinedMessageCreatedEvent = defineEvent<
  PredefinedMessageCreatedData,
  typeof PREDEFINED_MESSAGE_CREATED
>(PREDEFINED_MESSAGE_CREATED, {
  stream: PREDEFINED_MESSAGE_STREAM,
  description: (data) => `Predefined message ${JSON.stringify(data.title)} (${data.key}) created`,
  changedObjectId: (data) => String(data.id),
});

export const predefinedMessageUpdatedEvent = defineEvent<
  PredefinedMessageUpdatedData,
  typeof PREDEFINED_MESSAGE_UPDATED
>(PREDEFINED_MESSAGE_UPDATED, {
  stream: PREDEFINED_MESSAGE_STREAM,
  description: (data) => `Predefined message ${JSON.stringify(data.title)} (${data.key}) updated`,
  changedObjectId: (data) => String(data.id),
});

export const predefinedMessageDeletedEvent = defineEvent<
  PredefinedMessageDeletedData,
  typeof PREDEFINED_MESSAGE_DELETED
>(PREDEFINED_MESSAGE_DELETED, {
  stream: PREDEFINED_MESSAGE_STREAM,
  description: (data) => `Predefined message #${data.id} deleted`,
  changedObjectId: (data) => String(data.id),
});

/** Any event of a predefined message stream. */
export type PredefinedMessageEvent =
  | { readonly type: typeof PREDEFINED_MESSAGE_CREATED; readonly data: PredefinedMessageCreatedData }
  | { readonly type: typeof PREDEFINED_MESSAGE_UPDATED; readonly data: PredefinedMessageUpdatedData }
  | { readonly type: typeof PREDEFINED_MESSAGE_DELETED; readonly data: PredefinedMessageDeletedData };

export const PREDEFINED_MESSAGE_EVENTS = [
  predefinedMessageCreatedEvent,
  predefinedMessageUpdatedEvent,
  predefinedMessageDeletedEvent,
] as const;

registerEvents(...PREDEFINED_MESSAGE_EVENTS);
