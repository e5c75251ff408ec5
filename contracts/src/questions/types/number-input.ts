import { array, mixed, object, type ObjectSchema } from 'yup';

import { DataType, NumberValueConstraint } from '../../enums';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isFiniteNumber,
  type CommonQuestionConfig,
} from '../question-type';
import { unitValueSchema, type NumberAnswerValue, type Unit } from '../units';

export interface NumberInputConfig extends CommonQuestionConfig {
  units: Unit[];
  numberValueConstraint: NumberValueConstraint;
}

const configSchema: ObjectSchema<NumberInputConfig> = object({
  ...commonConfigShape,
  units: array(unitValueSchema.required()).defined(),
  numberValueConstraint: mixed<NumberValueConstraint>().oneOf(Object.values(NumberValueConstraint)).defined(),
});

/** The message of a number that breaks the constraint, or null. */
export function numberConstraintError(value: number, constraint: NumberValueConstraint): string | null {
  switch (constraint) {
    case NumberValueConstraint.ONLY_POSITIVE:
      return value > 0 ? null : questionTypeMessages.onlyPositive;
    case NumberValueConstraint.ONLY_POSITIVE_INTEGER:
      return value > 0 && Number.isInteger(value) ? null : questionTypeMessages.onlyPositiveInteger;
    case NumberValueConstraint.ONLY_NEGATIVE:
      return value < 0 ? null : questionTypeMessages.onlyNegative;
    case NumberValueConstraint.ONLY_NEGATIVE_INTEGER:
      return value < 0 && Number.isInteger(value) ? null : questionTypeMessages.onlyNegativeInteger;
    case NumberValueConstraint.NONE:
      return null;
  }
}

/** The message of a unit not allowed by the config, or null. A unit is required when units are offered. */
export function unitError(unit: Unit | null | undefined, units: readonly Unit[]): string | null {
  if (units.length === 0) return null;
  if (!unit) return questionTypeMessages.unitRequired;
  return units.some((offered) => offered.id === unit.id) ? null : questionTypeMessages.unitNotOffered;
}

/** A number with an optional unit; `siValue` is filled by `withSiValue`. */
export const numberInputQuestionType = defineQuestionType<NumberInputConfig, NumberAnswerValue>({
  dataType: DataType.NUMBER_INPUT,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({
    ...defaultCommonConfig(),
    units: [],
    numberValueConstraint: NumberValueConstraint.NONE,
  }),
  configSchema,
  emptyValue: () => ({ value: null, unit: null, siValue: null }),
  answerSchema: (config) =>
    mixed<NumberAnswerValue>()
      .nullable()
      .test('number', function (answer) {
        const value: unknown = answer?.value;
        if (value == null) {
          return config.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
        }
        if (!isFiniteNumber(value)) return this.createError({ message: questionTypeMessages.numberInvalid });
        const message =
          numberConstraintError(value, config.numberValueConstraint) ?? unitError(answer?.unit, config.units);
        return message === null ? true : this.createError({ message });
      }),
  isAnswered: (value) => isFiniteNumber(value?.value),
  dependencyValue: () => null,
});
