import { boolean, mixed, number, object, string, type ObjectSchema } from 'yup';

import { DataType } from '../../enums';
import { validationLimits } from '../../validation/common';
import { questionMessages } from '../../validation/messages';
import { questionTypeMessages } from '../messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isFiniteNumber,
  type AnswerContext,
  type CommonQuestionConfig,
  type QuestionTypeDefinition,
} from '../question-type';

/** Config of GENERIC_TEMPLATE (sub template) and SAMPLE_DECLARATION questions. */
export interface SubTemplateConfig extends CommonQuestionConfig {
  templateId: number | null;
  esiTemplateId: number | null;
  /** null: no minimum. */
  minEntries: number | null;
  /** null: unlimited. */
  maxEntries: number | null;
  addEntryButtonLabel: string;
  canCopy: boolean;
  copyButtonLabel: string;
  isMultipleCopySelect: boolean;
  isCompleteOnCopy: boolean;
}

const configSchema: ObjectSchema<SubTemplateConfig> = object({
  ...commonConfigShape,
  templateId: number().nullable().defined().required(questionMessages.templateRequired),
  esiTemplateId: number().nullable().defined(),
  minEntries: number()
    .nullable()
    .defined()
    .integer()
    .min(validationLimits.sampleDeclarationMinEntriesMin, questionMessages.valueAtLeastZero),
  maxEntries: number()
    .nullable()
    .defined()
    .integer()
    .min(validationLimits.sampleDeclarationMaxEntriesMin, questionTypeMessages.configMaxAtLeastOne)
    .test('min-max', questionTypeMessages.minEntriesAboveMaxEntries, function (max) {
      const min: unknown = this.parent.minEntries;
      return max == null || !isFiniteNumber(min) || min <= max;
    }),
  addEntryButtonLabel: string().trim().required(questionMessages.requiredField),
  canCopy: boolean().defined(),
  copyButtonLabel: string()
    .defined()
    .test('copy-label', questionMessages.requiredField, function (label) {
      return this.parent.canCopy !== true || label.trim() !== '';
    }),
  isMultipleCopySelect: boolean().defined(),
  isCompleteOnCopy: boolean().defined(),
});

interface EntryMessages {
  atLeast: (n: number) => string;
  atMost: (n: number) => string;
  incomplete: string;
}

/** The value is the list of item ids; required means at least 1 (§5 "Sub template answers"). */
function entriesAnswerSchema(
  config: SubTemplateConfig,
  context: AnswerContext | undefined,
  messages: EntryMessages,
) {
  const min = Math.max(config.minEntries ?? 0, config.required ? 1 : 0);
  return mixed<number[]>()
    .nullable()
    .test('entries', function (value) {
      const ids: unknown[] = Array.isArray(value) ? value : [];
      if (ids.length < min) return this.createError({ message: messages.atLeast(min) });
      if (config.maxEntries != null && ids.length > config.maxEntries) {
        return this.createError({ message: messages.atMost(config.maxEntries) });
      }
      const completed = context?.itemsCompleted;
      if (completed && ids.some((id) => typeof id !== 'number' || completed[id] !== true)) {
        return this.createError({ message: messages.incomplete });
      }
      return true;
    });
}

function subTemplateType(
  dataType: DataType.GENERIC_TEMPLATE | DataType.SAMPLE_DECLARATION,
  messages: EntryMessages,
): QuestionTypeDefinition<SubTemplateConfig, number[]> {
  return defineQuestionType<SubTemplateConfig, number[]>({
    dataType,
    isBasis: false,
    hasValue: true,
    canBeDependedOn: false,
    defaultConfig: () => ({
      ...defaultCommonConfig(),
      templateId: null,
      esiTemplateId: null,
      minEntries: null,
      maxEntries: null,
      addEntryButtonLabel: 'Add',
      canCopy: false,
      copyButtonLabel: '',
      isMultipleCopySelect: false,
      isCompleteOnCopy: false,
    }),
    configSchema,
    emptyValue: () => [],
    answerSchema: (config, context) => entriesAnswerSchema(config, context, messages),
    isAnswered: (value) => Array.isArray(value) && value.length > 0,
    dependencyValue: () => null,
  });
}

/** Sub templates: each entry owns a questionary of `templateId`. */
export const genericTemplateQuestionType = subTemplateType(DataType.GENERIC_TEMPLATE, {
  atLeast: questionMessages.genericTemplatesAtLeast,
  atMost: questionMessages.genericTemplatesAtMost,
  incomplete: questionMessages.genericTemplatesIncomplete,
});

/** Sample declarations: each entry is a sample with a questionary of `templateId` (ESI: `esiTemplateId`). */
export const sampleDeclarationQuestionType = subTemplateType(DataType.SAMPLE_DECLARATION, {
  atLeast: questionTypeMessages.samplesAtLeast,
  atMost: questionTypeMessages.samplesAtMost,
  incomplete: questionTypeMessages.samplesIncomplete,
});
