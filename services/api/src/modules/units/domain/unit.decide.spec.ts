import {
  ConflictResolutionStrategy,
  createUnitSchema,
  evaluateConversionFormula,
  QuestionComparisonStatus,
  unitImportMessages,
  unitValidationMessages,
  type UnitData,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { DEFAULT_UNITS } from './default-units';
import { compareUnit } from './unit-comparison';
import { unitDecider, type UnitCommand } from './unit.decide';

type Event = { type: string; data: unknown };
const given = (events: Event[]) => events.reduce(unitDecider.evolve, unitDecider.initialState);
const when = (command: UnitCommand, history: Event[] = []) => unitDecider.decide(command, given(history));

function thrown(decide: () => unknown): {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
} {
  try {
    decide();
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error('expected the decision to throw');
}

const centimeter: UnitData = {
  id: 'centimeter',
  unit: 'centimeter',
  quantity: 'length',
  symbol: 'cm',
  siConversionFormula: 'x / 100',
};
const changed: UnitData = { ...centimeter, symbol: 'cm.', siConversionFormula: 'x * 0.01' };
const created = (unit: UnitData = centimeter): Event => ({ type: 'UnitCreated', data: unit });
const deleted: Event = { type: 'UnitDeleted', data: { id: 'centimeter' } };
const imported = (unit: UnitData): Event => ({ type: 'UnitImported', data: unit });
const importing = (unit: UnitData, strategy = ConflictResolutionStrategy.UNRESOLVED): UnitCommand => ({
  type: 'ImportUnit',
  unit,
  strategy,
});

describe('unit decider', () => {
  describe('create', () => {
    it('records a new unit with exactly its five fields', () => {
      expect(when({ type: 'CreateUnit', unit: { ...centimeter, extra: 1 } as UnitData })).toEqual([
        { type: 'UnitCreated', data: centimeter },
      ]);
    });

    it('rejects an id a unit has', () => {
      expect(thrown(() => when({ type: 'CreateUnit', unit: changed }, [created()]))).toEqual({
        code: 'BAD_USER_INPUT',
        message: unitValidationMessages.idTaken,
        fieldErrors: { id: unitValidationMessages.idTaken },
      });
      expect(
        thrown(() => when({ type: 'CreateUnit', unit: centimeter }, [imported(centimeter)])).message,
      ).toBe(unitValidationMessages.idTaken);
    });

    it('lets the id of a deleted unit be used again', () => {
      expect(when({ type: 'CreateUnit', unit: changed }, [created(), deleted])).toEqual([
        { type: 'UnitCreated', data: changed },
      ]);
    });
  });

  describe('delete', () => {
    it('records the deletion', () => {
      expect(when({ type: 'DeleteUnit', id: 'centimeter' }, [created()])).toEqual([deleted]);
    });

    it('is NOT_FOUND when unknown or already deleted', () => {
      const notFound = {
        code: 'NOT_FOUND',
        message: unitValidationMessages.notFound,
        fieldErrors: undefined,
      };
      expect(thrown(() => when({ type: 'DeleteUnit', id: 'centimeter' }))).toEqual(notFound);
      expect(thrown(() => when({ type: 'DeleteUnit', id: 'centimeter' }, [created(), deleted]))).toEqual(
        notFound,
      );
    });
  });

  describe('import', () => {
    it('imports a unit that does not exist (or was deleted), whatever the strategy', () => {
      expect(when(importing(centimeter))).toEqual([imported(centimeter)]);
      expect(when(importing(changed, ConflictResolutionStrategy.USE_EXISTING), [created(), deleted])).toEqual(
        [imported(changed)],
      );
    });

    it('decides nothing for the same unit', () => {
      expect(when(importing({ ...centimeter }), [created()])).toEqual([]);
    });

    it('replaces a different unit with USE_NEW, keeps it with USE_EXISTING', () => {
      expect(when(importing(changed, ConflictResolutionStrategy.USE_NEW), [created()])).toEqual([
        imported(changed),
      ]);
      expect(when(importing(changed, ConflictResolutionStrategy.USE_EXISTING), [created()])).toEqual([]);
      const after = [created(), imported(changed)];
      expect(given(after)).toEqual({ status: 'active', unit: changed });
      expect(when(importing(changed), after)).toEqual([]);
    });

    it('rejects a different unit left UNRESOLVED, naming it', () => {
      expect(thrown(() => when(importing(changed), [created()]))).toEqual({
        code: 'BAD_USER_INPUT',
        message: unitImportMessages.unresolved('centimeter'),
        fieldErrors: { conflictResolutions: unitImportMessages.unresolved('centimeter') },
      });
    });
  });

  describe('comparison with the existing unit', () => {
    it('is NEW, SAME or DIFFERENT, with the strategy an import takes by default', () => {
      expect(compareUnit(null, centimeter)).toMatchObject({
        status: QuestionComparisonStatus.NEW,
        conflictResolutionStrategy: ConflictResolutionStrategy.USE_NEW,
      });
      expect(compareUnit(centimeter, { ...centimeter })).toMatchObject({
        status: QuestionComparisonStatus.SAME,
        conflictResolutionStrategy: ConflictResolutionStrategy.USE_EXISTING,
      });
      for (const field of ['unit', 'quantity', 'symbol', 'siConversionFormula'] as const)
        expect(compareUnit(centimeter, { ...centimeter, [field]: 'other' })).toEqual({
          existingUnit: centimeter,
          newUnit: { ...centimeter, [field]: 'other' },
          status: QuestionComparisonStatus.DIFFERENT,
          conflictResolutionStrategy: ConflictResolutionStrategy.UNRESOLVED,
        });
    });
  });
});

describe('default units', () => {
  it('pass the unit form rules, with unique ids, and convert as expected', () => {
    expect(new Set(DEFAULT_UNITS.map((d) => d.id)).size).toBe(DEFAULT_UNITS.length);
    for (const unit of DEFAULT_UNITS) expect(createUnitSchema.validateSync(unit)).toEqual(unit);
    const si = (id: string, x: number) =>
      evaluateConversionFormula(DEFAULT_UNITS.find((d) => d.id === id)!.siConversionFormula, x);
    expect(si('centimeter', 250)).toBeCloseTo(2.5);
    expect(si('hour', 2)).toBe(7200);
    expect(si('celsius', 0)).toBeCloseTo(273.15);
    expect(si('fahrenheit', 212)).toBeCloseTo(373.15);
    expect(si('bar', 1)).toBe(100000);
    expect(si('electronvolt', 1)).toBe(1.602176634e-19);
  });
});
