import type { DataType } from '../enums';
import type { AnswerContext, CommonQuestionConfig } from './question-type';
import { answerErrors, questionType } from './registry';

/** A question of a wizard step, as completeness needs it. */
export interface CompletenessField {
  questionId: string;
  dataType: DataType;
  config: CommonQuestionConfig;
}

/**
 * Whether a step is complete: every visible question that takes an answer has a valid one, which for a required
 * question means it is answered (hidden questions and embellishments are ignored). `visibility` is the result of
 * `visibleQuestions`; a question missing from it counts as visible.
 */
export function isStepComplete(
  fields: readonly CompletenessField[],
  answers: Readonly<Record<string, unknown>>,
  visibility: Readonly<Record<string, boolean>>,
  context?: AnswerContext,
): boolean {
  return fields.every((field) => {
    if (visibility[field.questionId] === false || !questionType(field.dataType).hasValue) return true;
    return answerErrors(field.dataType, field.config, answers[field.questionId], context).length === 0;
  });
}
