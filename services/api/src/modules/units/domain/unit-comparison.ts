import { ConflictResolutionStrategy, QuestionComparisonStatus, type UnitData } from '@user-office/contracts';

/** The same unit: name, quantity, symbol and formula equal (the id is what pairs them). */
export const sameUnit = (a: UnitData, b: UnitData): boolean =>
  a.unit === b.unit &&
  a.quantity === b.quantity &&
  a.symbol === b.symbol &&
  a.siConversionFormula === b.siConversionFormula;

export interface UnitComparison {
  existingUnit: UnitData | null;
  newUnit: UnitData;
  status: QuestionComparisonStatus;
  /** what an import does unless told otherwise: NEW → USE_NEW, SAME → USE_EXISTING, DIFFERENT → UNRESOLVED */
  conflictResolutionStrategy: ConflictResolutionStrategy;
}

/** How an imported unit compares with the existing (not deleted) unit of its id, if any. */
export function compareUnit(existingUnit: UnitData | null, newUnit: UnitData): UnitComparison {
  if (existingUnit === null)
    return {
      existingUnit,
      newUnit,
      status: QuestionComparisonStatus.NEW,
      conflictResolutionStrategy: ConflictResolutionStrategy.USE_NEW,
    };
  if (sameUnit(existingUnit, newUnit))
    return {
      existingUnit,
      newUnit,
      status: QuestionComparisonStatus.SAME,
      conflictResolutionStrategy: ConflictResolutionStrategy.USE_EXISTING,
    };
  return {
    existingUnit,
    newUnit,
    status: QuestionComparisonStatus.DIFFERENT,
    conflictResolutionStrategy: ConflictResolutionStrategy.UNRESOLVED,
  };
}
