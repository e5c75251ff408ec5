import {
  institutionCreatedEvent,
  institutionDeletedEvent,
  institutionMergedAwayEvent,
  institutionsMergedEvent,
  institutionUpdatedEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  institutionIdTaken,
  institutionNameTaken,
  institutionNotFound,
  mergeIntoItself,
} from './institution.errors';
import {
  evolveInstitution,
  initialInstitutionState,
  isActive,
  type InstitutionState,
} from './institution.state';

/**
 * `namesakes`: the ids of the active institutions whose name equals the new name in any case, looked up in
 * the read model by the handler. Other than the institutions the command is about, any of them is a duplicate.
 */
export type InstitutionCommand =
  | {
      type: 'CreateInstitution';
      id: number;
      name: string;
      country: number;
      rorId: string | null;
      namesakes: readonly number[];
    }
  | {
      type: 'UpdateInstitution';
      id: number;
      name: string;
      country: number;
      rorId: string | null;
      namesakes: readonly number[];
    }
  | { type: 'DeleteInstitution'; id: number }
  /** on the stream of the institution merged into */
  | {
      type: 'MergeInstitutionInto';
      institutionIdFrom: number;
      institutionIdInto: number;
      newTitle: string;
      namesakes: readonly number[];
    }
  /** on the stream of the institution merged from */
  | { type: 'MergeInstitutionAway'; id: number; into: number };

const duplicate = (namesakes: readonly number[], ...own: number[]): boolean =>
  namesakes.some((id) => !own.includes(id));

/** Pure: the events an institution command leads to; throws the rule broken (NOT_FOUND before duplicates). */
export function decideInstitution(command: InstitutionCommand, state: InstitutionState): NewEvent[] {
  switch (command.type) {
    case 'CreateInstitution': {
      if (state.status !== 'none') throw institutionIdTaken(command.id);
      if (duplicate(command.namesakes)) throw institutionNameTaken('name');
      const { id, name, country, rorId } = command;
      return [institutionCreatedEvent.create({ id, name, country, rorId })];
    }
    case 'UpdateInstitution': {
      if (!isActive(state)) throw institutionNotFound();
      if (duplicate(command.namesakes, command.id)) throw institutionNameTaken('name');
      const { id, name, country, rorId } = command;
      if (name === state.name && country === state.country && rorId === state.rorId) return [];
      return [institutionUpdatedEvent.create({ id, name, country, rorId })];
    }
    case 'DeleteInstitution': {
      if (!isActive(state)) throw institutionNotFound();
      return [institutionDeletedEvent.create({ id: command.id })];
    }
    case 'MergeInstitutionInto': {
      const { institutionIdFrom, institutionIdInto, newTitle } = command;
      if (institutionIdFrom === institutionIdInto) throw mergeIntoItself();
      if (!isActive(state)) throw institutionNotFound();
      if (duplicate(command.namesakes, institutionIdFrom, institutionIdInto))
        throw institutionNameTaken('newTitle');
      return [institutionsMergedEvent.create({ institutionIdFrom, institutionIdInto, newTitle })];
    }
    case 'MergeInstitutionAway': {
      if (command.id === command.into) throw mergeIntoItself();
      if (!isActive(state)) throw institutionNotFound();
      return [institutionMergedAwayEvent.create({ id: command.id, into: command.into })];
    }
  }
}

export const institutionDecider: Decider<InstitutionState, InstitutionCommand> = {
  initialState: initialInstitutionState,
  evolve: evolveInstitution,
  decide: decideInstitution,
};
