import { boolean, mixed, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionMessages } from '../../validation/messages';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isNonBlank,
  timeOf,
  type CommonQuestionConfig,
} from '../question-type';

/** Dates are ISO strings (`2025-01-31` or a full date-time when includeTime). */
export interface DateConfig extends CommonQuestionConfig {
  minDate: string | null;
  maxDate: string | null;
  defaultDate: string | null;
  includeTime: boolean;
}

const isoDate = () =>
  string()
    .nullable()
    .defined()
    .test(
      'date',
      questionTypeMessages.invalidDate,
      (value) => value == null || value === '' || !Number.isNaN(timeOf(value)),
    );

/** Whether both are dates and a <= b (a missing or invalid date passes: its own test reports it). */
function notAfter(a: unknown, b: unknown): boolean {
  const ta = timeOf(typeof a === 'string' ? a : null);
  const tb = timeOf(typeof b === 'string' ? b : null);
  return Number.isNaN(ta) || Number.isNaN(tb) || ta <= tb;
}

const configSchema: ObjectSchema<DateConfig> = object({
  ...commonConfigShape,
  minDate: isoDate(),
  maxDate: isoDate().test('min-before-max', questionMessages.minBeforeMax, function (max) {
    return notAfter(this.parent.minDate, max);
  }),
  defaultDate: isoDate()
    .test('default-after-min', questionMessages.defaultAfterMin, function (value) {
      return notAfter(this.parent.minDate, value);
    })
    .test('default-before-max', questionMessages.defaultBeforeMax, function (value) {
      return notAfter(value, this.parent.maxDate);
    }),
  includeTime: boolean().defined(),
});

/** A date (or date-time) within minDate / maxDate. */
export const dateQuestionType = defineQuestionType<DateConfig, string | null>({
  dataType: DataType.DATE,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({
    ...defaultCommonConfig(),
    minDate: null,
    maxDate: null,
    defaultDate: null,
    includeTime: false,
  }),
  configSchema,
  emptyValue: () => null,
  answerSchema: (config) =>
    mixed<string>()
      .nullable()
      .test('date', function (value) {
        if (!isNonBlank(value)) {
          return config.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
        }
        const time = timeOf(value);
        if (Number.isNaN(time)) return this.createError({ message: questionTypeMessages.invalidDate });
        if (isNonBlank(config.minDate) && time < timeOf(config.minDate)) {
          return this.createError({ message: questionTypeMessages.dateBeforeMin(config.minDate) });
        }
        if (isNonBlank(config.maxDate) && time > timeOf(config.maxDate)) {
          return this.createError({ message: questionTypeMessages.dateAfterMax(config.maxDate) });
        }
        return true;
      }),
  isAnswered: (value) => isNonBlank(value) && !Number.isNaN(timeOf(value)),
  dependencyValue: () => null,
});
