/** Pure helpers of the questionary: mapping the GraphQL steps, values, visibility and validation (registry-based). */
import {
  answerErrors,
  DataType,
  QUESTION_TYPES,
  visibleQuestions,
  type AnswerContext,
  type CommonQuestionConfig,
  type DependentField,
} from '@user-office/contracts';
import type { AnySchema } from 'yup';
import { ValidationError } from 'yup';
import type { QuestionaryStepFieldsFragment } from '../gql/graphql';
import type { QuestionaryField, QuestionaryStepData } from './types';

/** A step as the API returns it (the QuestionaryStepFields fragment) → the contract's step. */
export function toStepData(step: QuestionaryStepFieldsFragment): QuestionaryStepData {
  return {
    topic: { ...step.topic },
    isCompleted: step.isCompleted,
    fields: step.fields
      .map((field): QuestionaryField => ({
        question: { ...field.question, dataType: field.question.dataType as string as DataType },
        config: isRecord(field.config) ? field.config : {},
        dependencies: field.dependencies.map((d) => ({
          questionId: d.questionId,
          dependencyId: d.dependencyId,
          dependencyNaturalKey: d.dependencyNaturalKey,
          condition: { condition: d.condition.condition, params: d.condition.params },
        })),
        dependenciesOperator: field.dependenciesOperator,
        topicId: field.topicId,
        sortOrder: field.sortOrder,
        value: field.value ?? null,
      }))
      .sort((a, b) => a.sortOrder - b.sortOrder),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a field is a *_BASIS question (rendered by the feature's BasisExtension). */
export function isBasisField(field: QuestionaryField): boolean {
  return QUESTION_TYPES[field.question.dataType]?.isBasis === true;
}

/** Whether a field takes an answer sent through answerTopic (not an embellishment, not a basis question). */
export function isAnswerable(field: QuestionaryField): boolean {
  const definition = QUESTION_TYPES[field.question.dataType];
  return definition !== undefined && definition.hasValue && !definition.isBasis;
}

/** Sub-template / sample lists: their answer is computed by the server from the items. */
export function isItemList(field: QuestionaryField): boolean {
  return (
    field.question.dataType === DataType.GENERIC_TEMPLATE ||
    field.question.dataType === DataType.SAMPLE_DECLARATION
  );
}

/** The form value of a field: its saved answer, or the type's empty value. */
export function initialFieldValue(field: QuestionaryField): unknown {
  if (field.value !== null && field.value !== undefined) return field.value;
  const definition = QUESTION_TYPES[field.question.dataType];
  return definition ? definition.emptyValue() : null;
}

/** The formik values of a step: one per answerable question (by question id). */
export function initialStepValues(fields: readonly QuestionaryField[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.filter(isAnswerable).map((field) => [field.question.id, initialFieldValue(field)]),
  );
}

/**
 * Visibility (by question id) of the step's questions, with the step's current values over the saved answers of the
 * whole questionary (dependencies may cross steps).
 */
export function stepVisibility(
  stepFields: readonly QuestionaryField[],
  values: Readonly<Record<string, unknown>>,
  allFields: readonly QuestionaryField[] = [],
): Record<string, boolean> {
  const byId = new Map<string, QuestionaryField>();
  for (const field of allFields) byId.set(field.question.id, field);
  for (const field of stepFields) byId.set(field.question.id, field);
  const stepIds = new Set(stepFields.map((f) => f.question.id));
  const dependent: DependentField[] = [...byId.values()].map((field) => ({
    questionId: field.question.id,
    naturalKey: field.question.naturalKey,
    dataType: field.question.dataType,
    value:
      stepIds.has(field.question.id) && field.question.id in values ? values[field.question.id] : field.value,
    dependencies: field.dependencies as DependentField['dependencies'],
    dependenciesOperator: field.dependenciesOperator as DependentField['dependenciesOperator'],
  }));
  return visibleQuestions(dependent);
}

export type SaveMode = 'partial' | 'full';

/**
 * The errors of a step's values under the registry's answer schemas (the server's rules and messages): visible
 * answerable questions only. Partial (Save): required is relaxed and item lists are left to the server; full (Save
 * and continue): everything.
 */
export function validateStep(
  stepFields: readonly QuestionaryField[],
  values: Readonly<Record<string, unknown>>,
  mode: SaveMode,
  options: {
    allFields?: readonly QuestionaryField[];
    contextFor?: (questionId: string) => AnswerContext | undefined;
    basisSchema?: Readonly<Record<string, AnySchema>>;
  } = {},
): Record<string, string> {
  const visibility = stepVisibility(stepFields, values, options.allFields);
  const errors: Record<string, string> = {};
  for (const field of stepFields) {
    const id = field.question.id;
    if (visibility[id] === false || !isAnswerable(field)) continue;
    if (mode === 'partial' && isItemList(field)) continue;
    const config = field.config as unknown as CommonQuestionConfig;
    const [error] = answerErrors(
      field.question.dataType,
      mode === 'partial' ? { ...config, required: false } : config,
      values[id],
      options.contextFor?.(id),
    );
    if (error) errors[id] = error;
  }
  for (const [key, schema] of Object.entries(options.basisSchema ?? {})) {
    try {
      schema.validateSync(values[key], { abortEarly: true });
    } catch (error) {
      if (error instanceof ValidationError) errors[key] = error.errors[0] ?? error.message;
      else throw error;
    }
  }
  return errors;
}

/** The answerTopic input: the visible answerable questions, each value JSON-wrapped as {"value": …}. */
export function answersToSend(
  stepFields: readonly QuestionaryField[],
  values: Readonly<Record<string, unknown>>,
  allFields?: readonly QuestionaryField[],
): { questionId: string; value: string }[] {
  const visibility = stepVisibility(stepFields, values, allFields);
  return stepFields
    .filter((field) => visibility[field.question.id] !== false && isAnswerable(field))
    .map((field) => ({
      questionId: field.question.id,
      value: JSON.stringify({ value: values[field.question.id] ?? null }),
    }));
}

/** Deep equality of JSON-like values (form dirtiness). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
