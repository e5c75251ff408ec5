import { boolean, mixed, number, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionMessages } from '../../validation/messages';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isNonBlank,
  type CommonQuestionConfig,
} from '../question-type';

export interface TextInputConfig extends CommonQuestionConfig {
  min: number | null;
  max: number | null;
  multiline: boolean;
  placeholder: string;
  htmlQuestion: string | null;
  isHtmlQuestion: boolean;
  isCounterHidden: boolean;
}

const configSchema: ObjectSchema<TextInputConfig> = object({
  ...commonConfigShape,
  min: number().nullable().defined().integer().min(0, questionMessages.valueAtLeastZero),
  max: number()
    .nullable()
    .defined()
    .integer()
    .min(1, questionTypeMessages.configMaxAtLeastOne)
    .test('min-max', questionTypeMessages.configMinAboveMax, function (max) {
      const min: unknown = this.parent.min;
      return max == null || typeof min !== 'number' || min <= max;
    }),
  multiline: boolean().defined(),
  placeholder: string().defined(),
  htmlQuestion: string().nullable().defined(),
  isHtmlQuestion: boolean().defined(),
  isCounterHidden: boolean().defined(),
});

/** A single- or multi-line text; min / max are lengths in characters. */
export const textInputQuestionType = defineQuestionType<TextInputConfig, string>({
  dataType: DataType.TEXT_INPUT,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({
    ...defaultCommonConfig(),
    min: null,
    max: null,
    multiline: false,
    placeholder: '',
    htmlQuestion: null,
    isHtmlQuestion: false,
    isCounterHidden: false,
  }),
  configSchema,
  emptyValue: () => '',
  answerSchema: (config) =>
    mixed<string>()
      .nullable()
      .test(
        'string',
        questionTypeMessages.requiredField,
        (value) => value == null || typeof value === 'string',
      )
      .test('required', questionTypeMessages.requiredField, (value) => !config.required || isNonBlank(value))
      .test(
        'min',
        questionTypeMessages.textMin(config.min ?? 0),
        (value) => config.min == null || !isNonBlank(value) || value.length >= config.min,
      )
      .test(
        'max',
        questionTypeMessages.textMax(config.max ?? 0),
        (value) => config.max == null || typeof value !== 'string' || value.length <= config.max,
      ),
  isAnswered: (value) => isNonBlank(value),
  dependencyValue: () => null,
});
