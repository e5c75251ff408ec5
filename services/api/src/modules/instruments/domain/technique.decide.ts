import {
  techniqueCreatedEvent,
  techniqueDeletedEvent,
  techniqueInstrumentsAssignedEvent,
  techniqueInstrumentsRemovedEvent,
  techniqueScientistRemovedEvent,
  techniqueScientistsAssignedEvent,
  techniqueUpdatedEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  assertScientists,
  instrumentsNotFound,
  techniqueExists,
  techniqueShortCodeTaken,
  type ScientistCandidate,
} from './instruments.errors';
import {
  evolveTechnique,
  initialTechniqueState,
  liveTechnique,
  type TechniqueState,
} from './technique.state';

interface Details {
  name: string;
  shortCode: string;
  description: string;
}

/**
 * The commands on one technique. `namesakes`: the live techniques with the same short code (read model);
 * `missingInstrumentIds`: the instruments of the command that do not exist (or were deleted).
 */
export type TechniqueCommand =
  | ({ type: 'CreateTechnique'; id: number; namesakes: readonly number[] } & Details)
  | ({ type: 'UpdateTechnique'; id: number; namesakes: readonly number[] } & Details)
  | { type: 'DeleteTechnique'; id: number }
  | { type: 'AssignScientistsToTechnique'; id: number; scientists: readonly ScientistCandidate[] }
  | { type: 'RemoveScientistFromTechnique'; id: number; scientistId: number }
  | {
      type: 'AssignInstrumentsToTechnique';
      id: number;
      instrumentIds: readonly number[];
      missingInstrumentIds: readonly number[];
    }
  | { type: 'RemoveInstrumentsFromTechnique'; id: number; instrumentIds: readonly number[] };

/**
 * Pure: the events a technique command leads to. A short code of another live technique, a scientist who does
 * not exist or lacks the INSTRUMENT_SCIENTIST role, and an unknown instrument are refused; what changes nothing
 * decides nothing.
 */
export function decideTechnique(command: TechniqueCommand, state: TechniqueState): NewEvent[] {
  switch (command.type) {
    case 'CreateTechnique': {
      if (state.technique !== null) throw techniqueExists(command.id);
      if (command.namesakes.length > 0) throw techniqueShortCodeTaken();
      const { id, name, shortCode, description } = command;
      return [techniqueCreatedEvent.create({ id, name, shortCode, description })];
    }
    case 'UpdateTechnique': {
      const current = liveTechnique(state);
      if (command.namesakes.some((id) => id !== command.id)) throw techniqueShortCodeTaken();
      const { id, name, shortCode, description } = command;
      if (current.name === name && current.shortCode === shortCode && current.description === description) {
        return [];
      }
      return [techniqueUpdatedEvent.create({ id, name, shortCode, description })];
    }
    case 'DeleteTechnique':
      return [techniqueDeletedEvent.create({ id: liveTechnique(state).id })];
    case 'AssignScientistsToTechnique': {
      const technique = liveTechnique(state);
      assertScientists(command.scientists);
      const fresh = [...new Set(command.scientists.map((s) => s.id))].filter(
        (id) => !state.scientistIds.includes(id),
      );
      if (fresh.length === 0) return [];
      return [techniqueScientistsAssignedEvent.create({ techniqueId: technique.id, scientistIds: fresh })];
    }
    case 'RemoveScientistFromTechnique': {
      const technique = liveTechnique(state);
      if (!state.scientistIds.includes(command.scientistId)) return [];
      return [
        techniqueScientistRemovedEvent.create({
          techniqueId: technique.id,
          scientistId: command.scientistId,
        }),
      ];
    }
    case 'AssignInstrumentsToTechnique': {
      const technique = liveTechnique(state);
      if (command.missingInstrumentIds.length > 0) throw instrumentsNotFound(command.missingInstrumentIds);
      const fresh = [...new Set(command.instrumentIds)].filter((id) => !state.instrumentIds.includes(id));
      if (fresh.length === 0) return [];
      return [techniqueInstrumentsAssignedEvent.create({ techniqueId: technique.id, instrumentIds: fresh })];
    }
    case 'RemoveInstrumentsFromTechnique': {
      const technique = liveTechnique(state);
      const removed = [...new Set(command.instrumentIds)].filter((id) => state.instrumentIds.includes(id));
      if (removed.length === 0) return [];
      return [techniqueInstrumentsRemovedEvent.create({ techniqueId: technique.id, instrumentIds: removed })];
    }
  }
}

export const techniqueDecider: Decider<TechniqueState, TechniqueCommand> = {
  initialState: initialTechniqueState,
  evolve: evolveTechnique,
  decide: decideTechnique,
};
