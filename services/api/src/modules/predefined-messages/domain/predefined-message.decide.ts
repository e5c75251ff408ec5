import {
  predefinedMessageCreatedEvent,
  predefinedMessageDeletedEvent,
  predefinedMessageUpdatedEvent,
  type PredefinedMessageKey,
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
      const { id, title, message, key } = command;
      return [predefinedMessageCreatedEvent.create({ id, title, message, key })];
    }
    case 'UpdatePredefinedMessage': {
      const current = liveMessage(state);
      const data = {
        id: current.id,
        title: command.title,
        message: command.message,
        key: command.key ?? current.key,
      };
      if (data.title === current.title && data.message === current.message && data.key === current.key) {
        return [];
      }
      return [predefinedMessageUpdatedEvent.create(data)];
    }
    case 'DeletePredefinedMessage': {
      return [predefinedMessageDeletedEvent.create({ id: liveMessage(state).id })];
    }
  }
}

export const predefinedMessageDecider: Decider<PredefinedMessageState, PredefinedMessageCommand> = {
  initialState: initialPredefinedMessageState,
  evolve: evolvePredefinedMessage,
  decide: decidePredefinedMessage,
};
