import { ValidationError, type Schema } from 'yup';

import { DataType } from '../enums';
import type { AnswerContext, CommonQuestionConfig, QuestionTypeDefinition } from './question-type';
import { basisQuestionTypes } from './types/basis';
import { booleanQuestionType } from './types/boolean';
import { dateQuestionType } from './types/date';
import { dynamicMultipleChoiceQuestionType } from './types/dynamic-multiple-choice';
import { embellishmentQuestionType } from './types/embellishment';
import { fileUploadQuestionType } from './types/file-upload';
import { instrumentPickerQuestionType } from './types/instrument-picker';
import { intervalQuestionType } from './types/interval';
import { numberInputQuestionType } from './types/number-input';
import { richTextInputQuestionType } from './types/rich-text-input';
import { selectionFromOptionsQuestionType } from './types/selection-from-options';
import { genericTemplateQuestionType, sampleDeclarationQuestionType } from './types/sub-template';
import { techniquePickerQuestionType } from './types/technique-picker';
import { textInputQuestionType } from './types/text-input';

/** A definition seen through the registry: config and value are only known to be a config and something. */
export type AnyQuestionTypeDefinition = QuestionTypeDefinition<CommonQuestionConfig, unknown>;

/** Widens a typed definition for the registry (its methods accept the config / value of its own type only). */
function entry<TConfig extends CommonQuestionConfig, TValue>(
  definition: QuestionTypeDefinition<TConfig, TValue>,
): AnyQuestionTypeDefinition {
  return definition as unknown as AnyQuestionTypeDefinition;
}

/** The question-type registry: one definition per data type (ARCHITECTURE §7). */
export const QUESTION_TYPES: Readonly<Record<DataType, AnyQuestionTypeDefinition>> = {
  [DataType.BOOLEAN]: entry(booleanQuestionType),
  [DataType.DATE]: entry(dateQuestionType),
  [DataType.DYNAMIC_MULTIPLE_CHOICE]: entry(dynamicMultipleChoiceQuestionType),
  [DataType.EMBELLISHMENT]: entry(embellishmentQuestionType),
  [DataType.FILE_UPLOAD]: entry(fileUploadQuestionType),
  [DataType.GENERIC_TEMPLATE]: entry(genericTemplateQuestionType),
  [DataType.INSTRUMENT_PICKER]: entry(instrumentPickerQuestionType),
  [DataType.INTERVAL]: entry(intervalQuestionType),
  [DataType.NUMBER_INPUT]: entry(numberInputQuestionType),
  [DataType.RICH_TEXT_INPUT]: entry(richTextInputQuestionType),
  [DataType.SAMPLE_DECLARATION]: entry(sampleDeclarationQuestionType),
  [DataType.SELECTION_FROM_OPTIONS]: entry(selectionFromOptionsQuestionType),
  [DataType.TECHNIQUE_PICKER]: entry(techniquePickerQuestionType),
  [DataType.TEXT_INPUT]: entry(textInputQuestionType),
  [DataType.FAP_REVIEW_BASIS]: entry(basisQuestionTypes[DataType.FAP_REVIEW_BASIS]),
  [DataType.FEEDBACK_BASIS]: entry(basisQuestionTypes[DataType.FEEDBACK_BASIS]),
  [DataType.GENERIC_TEMPLATE_BASIS]: entry(basisQuestionTypes[DataType.GENERIC_TEMPLATE_BASIS]),
  [DataType.PROPOSAL_BASIS]: entry(basisQuestionTypes[DataType.PROPOSAL_BASIS]),
  [DataType.PROPOSAL_ESI_BASIS]: entry(basisQuestionTypes[DataType.PROPOSAL_ESI_BASIS]),
  [DataType.SAMPLE_BASIS]: entry(basisQuestionTypes[DataType.SAMPLE_BASIS]),
  [DataType.SAMPLE_ESI_BASIS]: entry(basisQuestionTypes[DataType.SAMPLE_ESI_BASIS]),
  [DataType.SHIPMENT_BASIS]: entry(basisQuestionTypes[DataType.SHIPMENT_BASIS]),
  [DataType.TECHNICAL_REVIEW_BASIS]: entry(basisQuestionTypes[DataType.TECHNICAL_REVIEW_BASIS]),
  [DataType.VISIT_BASIS]: entry(basisQuestionTypes[DataType.VISIT_BASIS]),
};

/** The definition of a data type. Throws for a value that is not a DataType (e.g. from an old stored event). */
export function questionType(dataType: DataType): AnyQuestionTypeDefinition {
  const definition = QUESTION_TYPES[dataType] as AnyQuestionTypeDefinition | undefined;
  if (!definition) throw new Error(`Unknown question data type: ${String(dataType)}`);
  return definition;
}

/** answer schemas of the types that read only their config, by data type and config (as JSON) */
const schemasByConfig = new Map<string, Schema>();
const SCHEMAS_KEPT = 5_000;
/** the same by the config object itself (a template's cached structure hands out the same objects) */
const schemasByConfigObject = new WeakMap<object, Map<DataType, Schema>>();

/**
 * The answer schema of a question. Building a yup schema costs more than validating with it (a 50-question save
 * built 50 of them), so the schemas of types whose `answerSchema` takes no context argument (its arity: a type that
 * reads the context declares the parameter) are built once per config and kept; the others are built per call.
 */
function answerSchemaOf(dataType: DataType, config: CommonQuestionConfig, context?: AnswerContext): Schema {
  const definition = questionType(dataType);
  if (definition.answerSchema.length > 1) return definition.answerSchema(config, context);
  let byType = schemasByConfigObject.get(config);
  let schema = byType?.get(dataType);
  if (schema) return schema;
  const key = `${dataType}:${JSON.stringify(config)}`;
  schema = schemasByConfig.get(key);
  if (!schema) {
    if (schemasByConfig.size >= SCHEMAS_KEPT) schemasByConfig.clear();
    schema = definition.answerSchema(config);
    schemasByConfig.set(key, schema);
  }
  if (!byType) schemasByConfigObject.set(config, (byType = new Map()));
  byType.set(dataType, schema);
  return schema;
}

/** Validation errors of an answer (empty when valid). Synchronous: no answer rule is asynchronous. */
export function answerErrors(
  dataType: DataType,
  config: CommonQuestionConfig,
  value: unknown,
  context?: AnswerContext,
): string[] {
  try {
    answerSchemaOf(dataType, config, context).validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}
