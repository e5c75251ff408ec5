import { array, boolean, mixed, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionMessages } from '../../validation/messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';
import { choiceAnswerSchema, selectedValues, selectionVariants, type SelectionVariant } from './selection';

export interface SelectionFromOptionsConfig extends CommonQuestionConfig {
  variant: SelectionVariant;
  options: string[];
  isMultipleSelect: boolean;
}

const configSchema: ObjectSchema<SelectionFromOptionsConfig> = object({
  ...commonConfigShape,
  variant: mixed<SelectionVariant>()
    .oneOf(selectionVariants, questionMessages.variantRequired)
    .required(questionMessages.variantRequired),
  options: array(string().defined()).defined(),
  isMultipleSelect: boolean().defined(),
});

/** Radio buttons or a dropdown over fixed options; the value is the list of selected options. */
export const selectionFromOptionsQuestionType = defineQuestionType<SelectionFromOptionsConfig, string[]>({
  dataType: DataType.SELECTION_FROM_OPTIONS,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: true,
  defaultConfig: () => ({ ...defaultCommonConfig(), variant: 'radio', options: [], isMultipleSelect: false }),
  configSchema,
  emptyValue: () => [],
  answerSchema: (config) =>
    choiceAnswerSchema<string>({
      required: config.required,
      isMultipleSelect: config.isMultipleSelect,
      offered: config.options,
    }),
  isAnswered: (value) => selectedValues(value).length > 0,
  dependencyValue: (value) => selectedValues(value),
});
