import {
  PREDEFINED_MESSAGE_CREATED,
  PREDEFINED_MESSAGE_DELETED,
  PREDEFINED_MESSAGE_UPDATED,
  type PredefinedMessageCreatedData,
  type PredefinedMessageDeletedData,
  type PredefinedMessageKey,
  type PredefinedMessageUpdatedData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { predefinedMessageExists } from './predefined-message.errors';
import {
  evolvePredefinedMessage,
  initialPredefinedMessageState,
  liveMessage,
  type PredefinedMessageState,
} from './predefined-message.state';

export type PredefinedMessageCommand =
  | { type: 'CreatePredefinedMessage'; id: number; title: string; message: string; key: PredefinedMessageKey }
  /** `key` absent keeps the current key */
  | {
      type: 'UpdatePredefinedMessage';
      id: number;
      title: string;
      message: string;
      key?: PredefinedMessageKey;
    }
  | { type: 'DeletePredefinedMessage'; id: number };

/**
 * Pure: the events a predefined message command leads to. Updating or deleting a message that does not exist
 * (or no longer does) is NOT_FOUND; an update that changes nothing decides nothing.
 */
export function decidePredefinedMessage(
  command: PredefinedMessageCommand,
  state: PredefinedMessageState,
): NewEvent[] {
  switch (command.type) {
    case 'CreatePredefinedMessage': {
      if (state.message !== null) throw predefinedMessageExists(command.id);
      const data: PredefinedMessageCreatedData = {
        id: command.id,
        title: command.title,
        message: command.message,
        key: command.key,
      };
      return [{ type: PREDEFINED_MESSAGE_CREATED, data }];
    }
    case 'UpdatePredefinedMessage': {
      const current = liveMessage(state);
      const data: PredefinedMessageUpdatedData = {
        id: current.id,
        title: command.title,
        message: command.message,
        key: command.key ?? current.key,
      };
      if (data.title === current.title && data.message === current.message && data.key === current.key) {
        return [];
      }
      return [{ type: PREDEFINED_MESSAGE_UPDATED, data }];
    }
    case 'DeletePredefinedMessage': {
      const data: PredefinedMessageDeletedData = { id: liveMessage(state).id };
      return [{ type: PREDEFINED_MESSAGE_DELETED, data }];
    }
  }
}

export const predefinedMessageDecider: Decider<PredefinedMessageState, PredefinedMessageCommand> = {
  initialState: initialPredefinedMessageState,
  evolve: evolvePredefinedMessage,
  decide: decidePredefinedMessage,
};
