import { array, boolean, mixed, number, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { questionMessages } from '../../validation/messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  type CommonQuestionConfig,
} from '../question-type';
import { choiceAnswerSchema, selectedValues, selectionVariants, type SelectionVariant } from './selection';

export interface TechniqueOption {
  id: number;
  name: string;
}

export interface TechniquePickerConfig extends CommonQuestionConfig {
  variant: SelectionVariant;
  isMultipleSelect: boolean;
  techniques: TechniqueOption[];
}

const configSchema: ObjectSchema<TechniquePickerConfig> = object({
  ...commonConfigShape,
  variant: mixed<SelectionVariant>()
    .oneOf(selectionVariants, questionMessages.variantRequired)
    .required(questionMessages.variantRequired),
  isMultipleSelect: boolean().defined(),
  techniques: array(object({ id: number().defined(), name: string().defined() }).required()).defined(),
});

/**
 * Picks techniques; the value is the list of technique ids, checked against `techniques`, or when it is empty
 * against every technique (`context.offeredTechniques`, given by the api; unchecked when absent).
 */
export const techniquePickerQuestionType = defineQuestionType<TechniquePickerConfig, number[]>({
  dataType: DataType.TECHNIQUE_PICKER,
  isBasis: false,
  hasValue: true,
  canBeDependedOn: true,
  defaultConfig: () => ({
    ...defaultCommonConfig(),
    variant: 'radio',
    isMultipleSelect: false,
    techniques: [],
  }),
  configSchema,
  emptyValue: () => [],
  answerSchema: (config, context) =>
    choiceAnswerSchema<number>({
      required: config.required,
      isMultipleSelect: config.isMultipleSelect,
      offered:
        config.techniques.length > 0
          ? config.techniques.map((technique) => technique.id)
          : context?.offeredTechniques,
    }),
  isAnswered: (value) => selectedValues(value).length > 0,
  dependencyValue: (value) => selectedValues(value),
});
