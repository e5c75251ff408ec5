import { createContext, useContext } from 'react';
import type { AnswerContext } from '@user-office/contracts';

/** What the step form offers its inputs beyond formik. */
export interface StepFormApi {
  /**
   * Facts an answer's validation needs that only the input knows (the completeness of sub-template items / samples):
   * the form validates the question with them.
   */
  setAnswerContext(questionId: string, context: AnswerContext | undefined): void;
}

export const StepFormContext = createContext<StepFormApi | null>(null);

/** The enclosing step form's API (null outside a QuestionaryStepForm). */
export function useStepForm(): StepFormApi | null {
  return useContext(StepFormContext);
}
