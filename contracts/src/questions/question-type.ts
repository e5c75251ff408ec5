import { boolean, string, type ObjectSchema, type Schema } from 'yup';

import type { DataType } from '../enums';

/** The config every question type has (§3 "Question config by type": Common). */
export interface CommonQuestionConfig {
  required: boolean;
  small_label: string;
  tooltip: string;
}

/** The yup fields of the common config; every type's config schema spreads these. */
export const commonConfigShape = {
  required: boolean().defined(),
  small_label: string().defined(),
  tooltip: string().defined(),
};

/** The default common config. */
export function defaultCommonConfig(): CommonQuestionConfig {
  return { required: false, small_label: '', tooltip: '' };
}

/**
 * What an answer's validation may need beyond the value and the config. The api fills it from its read models,
 * the frontends from the loaded questionary.
 */
export interface AnswerContext {
  /** Completeness of sub-template items / samples by item id (GENERIC_TEMPLATE, SAMPLE_DECLARATION). */
  readonly itemsCompleted?: Readonly<Record<number, boolean>>;
  /** The options a DYNAMIC_MULTIPLE_CHOICE question offered (fetched from its url); unchecked when absent. */
  readonly dynamicOptions?: readonly string[];
  /**
   * The instruments an INSTRUMENT_PICKER with no instruments of its own offers (those of the proposal's call);
   * unchecked when absent.
   */
  readonly offeredInstruments?: readonly number[];
  /** The techniques a TECHNIQUE_PICKER with no techniques of its own offers (every technique); unchecked when absent. */
  readonly offeredTechniques?: readonly number[];
  /** "Now" for date rules such as "Visit start date can not be in the past" (defaults to the current time). */
  readonly now?: Date;
}

/** What an eq/neq dependency compares: a boolean, a selected option / id, or the selected options / ids. */
export type DependencyValue = boolean | string | number | readonly (string | number)[] | null;

/** One question type: its config, its answer and how other questions may depend on it (ARCHITECTURE §7). */
export interface QuestionTypeDefinition<
  TConfig extends CommonQuestionConfig = CommonQuestionConfig,
  TValue = unknown,
> {
  readonly dataType: DataType;
  /** The *_BASIS types: the answer is the entity itself (proposal, sample, visit, …). */
  readonly isBasis: boolean;
  /** False only for EMBELLISHMENT, which shows content and takes no answer. */
  readonly hasValue: boolean;
  /** BOOLEAN, SELECTION_FROM_OPTIONS, INSTRUMENT_PICKER and TECHNIQUE_PICKER (§4 "Question dependencies"). */
  readonly canBeDependedOn: boolean;
  /** The config of a freshly created question. */
  defaultConfig(): TConfig;
  /** The question form's config validation (§5), including the common config. */
  readonly configSchema: ObjectSchema<TConfig>;
  /** The value of a question nobody has answered yet. */
  emptyValue(): TValue;
  /** Validation of an answer value under a config (used by formik and by the api on answerTopic / submit). */
  answerSchema(config: TConfig, context?: AnswerContext): Schema;
  /** Whether the value is an answer at all (not whether it is valid). */
  isAnswered(value: TValue | null | undefined): boolean;
  /** What eq / neq conditions compare (null when the type cannot be depended on or nothing is chosen). */
  dependencyValue(value: TValue | null | undefined): DependencyValue;
}

/** Identity helper that keeps a definition's config and value types. */
export function defineQuestionType<TConfig extends CommonQuestionConfig, TValue>(
  definition: QuestionTypeDefinition<TConfig, TValue>,
): QuestionTypeDefinition<TConfig, TValue> {
  return definition;
}

/** Whether a string has a non-blank text. */
export function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Whether a value is a finite number. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Milliseconds of an ISO date / date-time string, or NaN. */
export function timeOf(value: string | null | undefined): number {
  return typeof value === 'string' && value.trim() !== '' ? Date.parse(value) : Number.NaN;
}
