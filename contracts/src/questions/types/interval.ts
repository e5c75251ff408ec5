import { array, mixed, object, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isFiniteNumber,
  type CommonQuestionConfig,
} from '../question-type';
import { unitValueSchema, type IntervalAnswerValue, type Unit } from '../units';
import { unitError } from './number-input';

export interface IntervalConfig extends CommonQuestionConfig {
  units: Unit[];
}

const configSchema: ObjectSchema<IntervalConfig> = object({
  ...commonConfigShape,
  units: array(unitValueSchema.required()).defined(),
});

/** A min–max range with an optional unit; `siMin` / `siMax` are filled by `withSiInterval`. */
export const intervalQuestionType = defineQuestionType<IntervalConfig, IntervalAnswerValue>({
  dataType: DataType.INTERVAL,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({ ...defaultCommonConfig(), units: [] }),
  configSchema,
  emptyValue: () => ({ min: null, max: null, unit: null, siMin: null, siMax: null }),
  answerSchema: (config) =>
    mixed<IntervalAnswerValue>()
      .nullable()
      .test('interval', function (answer) {
        const min: unknown = answer?.min;
        const max: unknown = answer?.max;
        if (min == null && max == null) {
          return config.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
        }
        if (min == null || max == null)
          return this.createError({ message: questionTypeMessages.requiredField });
        if (!isFiniteNumber(min) || !isFiniteNumber(max)) {
          return this.createError({ message: questionTypeMessages.numberInvalid });
        }
        if (min > max) return this.createError({ message: questionTypeMessages.intervalMinAboveMax });
        const message = unitError(answer?.unit, config.units);
        return message === null ? true : this.createError({ message });
      }),
  isAnswered: (value) => isFiniteNumber(value?.min) && isFiniteNumber(value?.max),
  dependencyValue: () => null,
});
