import { UNIT_CREATED, UNIT_DELETED, UNIT_IMPORTED, type UnitData } from '@user-office/contracts';

/**
 * One unit as folded from its `unit-<id>` stream:
 * - `none`: the stream is empty (the id was never used);
 * - `active`: created or imported;
 * - `deleted`: gone; the id may be used again (created or imported anew).
 */
export interface UnitState {
  status: 'none' | 'active' | 'deleted';
  unit: UnitData | null;
}

export const initialUnitState: UnitState = { status: 'none', unit: null };

export function evolveUnit(state: UnitState, event: { type: string; data: unknown }): UnitState {
  switch (event.type) {
    case UNIT_CREATED:
    case UNIT_IMPORTED: {
      const { id, unit, quantity, symbol, siConversionFormula } = event.data as UnitData;
      return { status: 'active', unit: { id, unit, quantity, symbol, siConversionFormula } };
    }
    case UNIT_DELETED:
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export const isActive = (state: UnitState): state is UnitState & { unit: UnitData } =>
  state.status === 'active' && state.unit !== null;
