import { mixed, object, string, type InferType, type ObjectSchema } from 'yup';

import { DataType } from '../enums';
import { naturalKeyPattern, validationLimits } from '../validation/common';
import { questionMessages } from '../validation/messages';
import { questionTypeMessages } from './messages';
import type { CommonQuestionConfig } from './question-type';
import { questionType } from './registry';

/**
 * The yup context of the question form: `isNaturalKeyTaken` checks uniqueness (the api asks its read model, the
 * console the `questions` query); `originalKey` is the key being edited, which may be kept.
 */
export interface QuestionFormContext {
  isNaturalKeyTaken?: (naturalKey: string) => boolean | Promise<boolean>;
  originalKey?: string | null;
}

/** The natural key field (§5). Uniqueness needs `isNaturalKeyTaken` in the context; validate asynchronously. */
export const naturalKeySchema = string()
  .defined(questionMessages.requiredField)
  .nonNullable(questionMessages.requiredField)
  .test('natural-key-empty', questionMessages.naturalKeyEmpty, (key) => key == null || key.trim() !== '')
  .matches(naturalKeyPattern, { message: questionMessages.naturalKeyPattern, excludeEmptyString: true })
  .max(validationLimits.naturalKeyMax, questionTypeMessages.naturalKeyMax)
  .test('natural-key-unique', questionMessages.naturalKeyUsed, async function (key) {
    const context = (this.options.context ?? {}) as QuestionFormContext;
    if (!key || !context.isNaturalKeyTaken) return true;
    if (context.originalKey != null && key === context.originalKey) return true;
    return !(await context.isNaturalKeyTaken(key));
  });

/** The question text (§5): required; at most 256 characters for the basis types. */
export function questionTextSchema(dataType: DataType) {
  const text = string().trim().required(questionMessages.questionRequired);
  return questionType(dataType).isBasis
    ? text.max(validationLimits.basisQuestionTextMax, questionMessages.questionMax)
    : text;
}

export interface QuestionForm<TConfig extends CommonQuestionConfig = CommonQuestionConfig> {
  naturalKey: string;
  question: string;
  config: TConfig;
}

/** The question form of a data type: natural key, text and the type's config. */
export function questionFormSchema(dataType: DataType): ObjectSchema<QuestionForm> {
  return object({
    naturalKey: naturalKeySchema,
    question: questionTextSchema(dataType),
    config: questionType(dataType).configSchema.required(),
  });
}

/** The data type field of a new question. */
export const dataTypeSchema = mixed<DataType>().oneOf(Object.values(DataType)).required();

export type QuestionFormValues = InferType<ReturnType<typeof questionFormSchema>>;
