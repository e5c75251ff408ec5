/** The questionary machinery: step forms, the wizard and the shared confirmation dialog (see types.ts). */
export * from './types';
export { ConfirmDialog, useConfirm, useConfirmedSubmit, type ConfirmDialogProps } from './ConfirmDialog';
export { QuestionaryStepForm, type QuestionaryStepFormProps } from './QuestionaryStepForm';
export {
  QuestionaryWizard,
  questionaryStepDefinitions,
  type QuestionaryStepDefinitionsParams,
  type QuestionaryWizardProps,
} from './QuestionaryWizard';
export { QuestionInput, type QuestionInputDispatchProps } from './QuestionInput';
export {
  useQuestionary,
  type LoadedQuestionary,
  type UseQuestionaryOptions,
  type UseQuestionaryResult,
} from './useQuestionary';
export { clampStep, initialStepIndex, isStepReadonly, Wizard, type WizardProps } from './Wizard';
export { toStepData } from './model';
export { answerText, isAnsweredField, type AnswerTextHelpers } from './answer-text';
export { AnswersSummary, type AnswersSummaryProps, type SummaryRow } from './AnswersSummary';
export { NestedWizardContext, useNestedWizard, type NestedWizardProps } from './nested-wizard';
