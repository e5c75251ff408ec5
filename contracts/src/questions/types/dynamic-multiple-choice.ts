import { array, boolean, mixed, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { httpUrlPattern } from '../../validation/common';
import { questionMessages } from '../../validation/messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';
import { choiceAnswerSchema, selectedValues, selectionVariants, type SelectionVariant } from './selection';

export interface ApiCallRequestHeader {
  name: string;
  value: string;
}

export interface DynamicMultipleChoiceConfig extends CommonQuestionConfig {
  url: string;
  jsonPath: string;
  apiCallRequestHeaders: ApiCallRequestHeader[];
  variant: SelectionVariant;
  isMultipleSelect: boolean;
}

const configSchema: ObjectSchema<DynamicMultipleChoiceConfig> = object({
  ...commonConfigShape,
  url: string()
    .trim()
    .required(questionMessages.validUrl)
    .matches(httpUrlPattern, { message: questionMessages.validUrl, excludeEmptyString: true }),
  jsonPath: string().defined(),
  apiCallRequestHeaders: array(
    object({ name: string().defined(), value: string().defined() }).required(),
  ).defined(),
  variant: mixed<SelectionVariant>()
    .oneOf(selectionVariants, questionMessages.variantRequired)
    .required(questionMessages.variantRequired),
  isMultipleSelect: boolean().defined(),
});

/**
 * Options fetched from `url` (picked with `jsonPath`); the value is the list of selected strings. Membership is
 * checked only when the caller passes the fetched options as `context.dynamicOptions`.
 */
export const dynamicMultipleChoiceQuestionType = defineQuestionType<DynamicMultipleChoiceConfig, string[]>({
  dataType: DataType.DYNAMIC_MULTIPLE_CHOICE,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: false,
  defaultConfig: () => ({
    ...defaultCommonConfig(),
    url: '',
    jsonPath: '',
    apiCallRequestHeaders: [],
    variant: 'dropdown',
    isMultipleSelect: false,
  }),
  configSchema,
  emptyValue: () => [],
  answerSchema: (config, context) =>
    choiceAnswerSchema<string>({
      required: config.required,
      isMultipleSelect: config.isMultipleSelect,
      offered: context?.dynamicOptions,
    }),
  isAnswered: (value) => selectedValues(value).length > 0,
  dependencyValue: () => null,
});
