import {
  PREDEFINED_MESSAGE_CREATED,
  PREDEFINED_MESSAGE_DELETED,
  PREDEFINED_MESSAGE_UPDATED,
  type PredefinedMessageCreatedData,
  type PredefinedMessageKey,
  type PredefinedMessageUpdatedData,
} from '@user-office/contracts';
import { predefinedMessageNotFound } from './predefined-message.errors';

/** One predefined message as folded from its `predefined-message-<id>` stream (null before it is created). */
export interface PredefinedMessageState {
  message: {
    id: number;
    title: string;
    message: string;
    key: PredefinedMessageKey;
  } | null;
  deleted: boolean;
}

export const initialPredefinedMessageState: PredefinedMessageState = { message: null, deleted: false };

export function evolvePredefinedMessage(
  state: PredefinedMessageState,
  event: { type: string; data: unknown },
): PredefinedMessageState {
  switch (event.type) {
    case PREDEFINED_MESSAGE_CREATED:
    case PREDEFINED_MESSAGE_UPDATED: {
      const { id, title, message, key } = event.data as
        PredefinedMessageCreatedData | PredefinedMessageUpdatedData;
      return { ...state, message: { id, title, message, key } };
    }
    case PREDEFINED_MESSAGE_DELETED:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/** The message, when it exists and is not deleted; NOT_FOUND otherwise. */
export function liveMessage(state: PredefinedMessageState): NonNullable<PredefinedMessageState['message']> {
  if (state.message === null || state.deleted) throw predefinedMessageNotFound();
  return state.message;
}
