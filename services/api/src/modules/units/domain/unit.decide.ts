import {
  ConflictResolutionStrategy,
  unitCreatedEvent,
  unitDeletedEvent,
  unitImportedEvent,
  type UnitData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { sameUnit } from './unit-comparison';
import { unitConflictUnresolved, unitIdTaken, unitNotFound } from './unit.errors';
import { evolveUnit, initialUnitState, isActive, type UnitState } from './unit.state';

/** The commands on one `unit-<id>` stream; the input is already valid (contracts' createUnitSchema). */
export type UnitCommand =
  | { type: 'CreateUnit'; unit: UnitData }
  /** `strategy`: the officer's choice, consulted only when the unit exists and differs */
  | { type: 'ImportUnit'; unit: UnitData; strategy: ConflictResolutionStrategy }
  | { type: 'DeleteUnit'; id: string };

const copy = ({ id, unit, quantity, symbol, siConversionFormula }: UnitData): UnitData => ({
  id,
  unit,
  quantity,
  symbol,
  siConversionFormula,
});

/** Pure: the events a unit command leads to; throws the rule broken. */
export function decideUnit(command: UnitCommand, state: UnitState): NewEvent[] {
  switch (command.type) {
    case 'CreateUnit': {
      if (isActive(state)) throw unitIdTaken();
      return [unitCreatedEvent.create(copy(command.unit))];
    }
    case 'ImportUnit': {
      if (!isActive(state)) return [unitImportedEvent.create(copy(command.unit))];
      if (sameUnit(state.unit, command.unit)) return [];
      switch (command.strategy) {
        case ConflictResolutionStrategy.USE_NEW:
          return [unitImportedEvent.create(copy(command.unit))];
        case ConflictResolutionStrategy.USE_EXISTING:
          return [];
        default:
          throw unitConflictUnresolved(command.unit.id);
      }
    }
    case 'DeleteUnit': {
      if (!isActive(state)) throw unitNotFound();
      return [unitDeletedEvent.create({ id: command.id })];
    }
  }
}

export const unitDecider: Decider<UnitState, UnitCommand> = {
  initialState: initialUnitState,
  evolve: evolveUnit,
  decide: decideUnit,
};
