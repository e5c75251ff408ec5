import {
  instrumentAssignedToCallEvent,
  instrumentAvailabilityTimeSetEvent,
  instrumentCreatedEvent,
  instrumentDeletedEvent,
  instrumentRemovedFromCallEvent,
  instrumentScientistRemovedEvent,
  instrumentScientistsAssignedEvent,
  instrumentUpdatedEvent,
  instrumentMessages,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { badInput } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  assertScientists,
  callNotFound,
  instrumentExists,
  instrumentNotOnCall,
  instrumentShortCodeTaken,
  managerNotFound,
  type ScientistCandidate,
} from './instruments.errors';
import {
  evolveInstrument,
  initialInstrumentState,
  liveInstrument,
  type InstrumentDetails,
  type InstrumentState,
} from './instrument.state';

interface Details {
  name: string;
  shortCode: string;
  description: string;
  managerUserId: number | null;
  selectable: boolean;
  instrumentContact: string | null;
}

/**
 * The commands on one instrument. What the rules need from elsewhere is in the command: `namesakes` (the live
 * instruments with the same short code, from the read model), `managerExists`, the scientists as found in the
 * users module, whether the call exists.
 */
export type InstrumentCommand =
  | ({ type: 'CreateInstrument'; id: number; namesakes: readonly number[]; managerExists: boolean } & Details)
  | ({ type: 'UpdateInstrument'; id: number; namesakes: readonly number[]; managerExists: boolean } & Details)
  | { type: 'DeleteInstrument'; id: number }
  | { type: 'AssignScientistsToInstrument'; id: number; scientists: readonly ScientistCandidate[] }
  | { type: 'RemoveScientistFromInstrument'; id: number; scientistId: number }
  | { type: 'AssignInstrumentToCall'; id: number; callId: number; fapId: number | null; callExists: boolean }
  | { type: 'RemoveInstrumentFromCall'; id: number; callId: number; callExists: boolean }
  | {
      type: 'SetInstrumentAvailabilityTime';
      id: number;
      callId: number;
      availabilityTime: number;
      callExists: boolean;
    };

const details = (id: number, c: Details): InstrumentDetails => ({
  id,
  name: c.name,
  shortCode: c.shortCode,
  description: c.description,
  managerUserId: c.managerUserId,
  selectable: c.selectable,
  instrumentContact: c.instrumentContact,
});

const same = (a: InstrumentDetails, b: InstrumentDetails): boolean =>
  (Object.keys(a) as (keyof InstrumentDetails)[]).every((k) => a[k] === b[k]);

/**
 * Pure: the events an instrument command leads to. A short code used by another live instrument, a manager
 * or scientist who does not exist (or, for a scientist, lacks the INSTRUMENT_SCIENTIST role), an unknown call
 * and an availability time for a call the instrument is not in are refused; a change that changes nothing
 * decides nothing.
 */
export function decideInstrument(command: InstrumentCommand, state: InstrumentState): NewEvent[] {
  switch (command.type) {
    case 'CreateInstrument': {
      if (state.instrument !== null) throw instrumentExists(command.id);
      if (command.namesakes.length > 0) throw instrumentShortCodeTaken();
      if (command.managerUserId !== null && !command.managerExists) throw managerNotFound();
      return [instrumentCreatedEvent.create(details(command.id, command))];
    }
    case 'UpdateInstrument': {
      const current = liveInstrument(state);
      if (command.namesakes.some((id) => id !== command.id)) throw instrumentShortCodeTaken();
      const next = details(command.id, command);
      if (
        next.managerUserId !== null &&
        next.managerUserId !== current.managerUserId &&
        !command.managerExists
      ) {
        throw managerNotFound();
      }
      return same(current, next) ? [] : [instrumentUpdatedEvent.create(next)];
    }
    case 'DeleteInstrument':
      return [instrumentDeletedEvent.create({ id: liveInstrument(state).id })];
    case 'AssignScientistsToInstrument': {
      const instrument = liveInstrument(state);
      assertScientists(command.scientists);
      const fresh = [...new Set(command.scientists.map((s) => s.id))].filter(
        (id) => !state.scientistIds.includes(id),
      );
      if (fresh.length === 0) return [];
      return [instrumentScientistsAssignedEvent.create({ instrumentId: instrument.id, scientistIds: fresh })];
    }
    case 'RemoveScientistFromInstrument': {
      const instrument = liveInstrument(state);
      if (!state.scientistIds.includes(command.scientistId)) return [];
      return [
        instrumentScientistRemovedEvent.create({
          instrumentId: instrument.id,
          scientistId: command.scientistId,
        }),
      ];
    }
    case 'AssignInstrumentToCall': {
      const instrument = liveInstrument(state);
      if (!command.callExists) throw callNotFound();
      const current = state.calls.get(command.callId);
      if (current && current.fapId === command.fapId) return [];
      return [
        instrumentAssignedToCallEvent.create({
          instrumentId: instrument.id,
          callId: command.callId,
          fapId: command.fapId,
        }),
      ];
    }
    case 'RemoveInstrumentFromCall': {
      const instrument = liveInstrument(state);
      if (!command.callExists) throw callNotFound();
      if (!state.calls.has(command.callId)) return [];
      return [instrumentRemovedFromCallEvent.create({ instrumentId: instrument.id, callId: command.callId })];
    }
    case 'SetInstrumentAvailabilityTime': {
      const instrument = liveInstrument(state);
      if (!command.callExists) throw callNotFound();
      if (!Number.isFinite(command.availabilityTime) || command.availabilityTime < 0) {
        throw badInput(instrumentMessages.availabilityTimeMin, {
          availabilityTime: instrumentMessages.availabilityTimeMin,
        });
      }
      const current = state.calls.get(command.callId);
      if (!current) throw instrumentNotOnCall();
      if (current.availabilityTime === command.availabilityTime) return [];
      return [
        instrumentAvailabilityTimeSetEvent.create({
          instrumentId: instrument.id,
          callId: command.callId,
          availabilityTime: command.availabilityTime,
        }),
      ];
    }
  }
}

export const instrumentDecider: Decider<InstrumentState, InstrumentCommand> = {
  initialState: initialInstrumentState,
  evolve: evolveInstrument,
  decide: decideInstrument,
};
