import { object, string, type ObjectSchema } from 'yup';

import { evaluateConversionFormula } from '../validation/units.schema';

/**
 * Units of number and interval answers. The conversion formula itself (`x` is the value, e.g. `x * 1000` or
 * `(x - 32) * 5/9`) is checked and evaluated by `evaluateConversionFormula` / `isValidConversionFormula` of
 * validation/units.schema.ts, the one formula checker of contracts: mathjs parses it and only numbers, `x`, pi, e,
 * arithmetic and a few numeric functions pass its syntax-tree check before mathjs evaluates it (no JS eval).
 */

/** A measurement unit (§3 "Unit"); `siConversionFormula` maps a value `x` in this unit to SI. */
export interface Unit {
  id: string;
  unit: string;
  quantity: string;
  symbol: string;
  siConversionFormula: string;
}

/** A number answer (§3): the value, its unit and the value in SI. */
export interface NumberAnswerValue {
  value: number | null;
  unit: Unit | null;
  siValue: number | null;
}

/** An interval answer (§3): min and max, their unit and both in SI. */
export interface IntervalAnswerValue {
  min: number | null;
  max: number | null;
  unit: Unit | null;
  siMin: number | null;
  siMax: number | null;
}

/** `value` converted to SI with the unit's formula; the value itself when there is no unit. Throws on a bad formula. */
export function toSi(value: number, unit: Unit | null | undefined): number {
  if (!unit) return value;
  const si = evaluateConversionFormula(unit.siConversionFormula, value);
  if (si === null)
    throw new Error(`Invalid conversion formula of unit ${unit.id}: ${unit.siConversionFormula}`);
  return si;
}

/** A number answer with `siValue` filled from its value and unit. */
export function withSiValue(answer: NumberAnswerValue): NumberAnswerValue {
  return { ...answer, siValue: answer.value === null ? null : toSi(answer.value, answer.unit) };
}

/** An interval answer with `siMin` / `siMax` filled from its bounds and unit. */
export function withSiInterval(answer: IntervalAnswerValue): IntervalAnswerValue {
  return {
    ...answer,
    siMin: answer.min === null ? null : toSi(answer.min, answer.unit),
    siMax: answer.max === null ? null : toSi(answer.max, answer.unit),
  };
}

/** The yup schema of a unit inside a question config (the unit form itself is `createUnitSchema`). */
export const unitValueSchema: ObjectSchema<Unit> = object({
  id: string().defined(),
  unit: string().defined(),
  quantity: string().defined(),
  symbol: string().defined(),
  siConversionFormula: string().defined(),
});
