/**
 * The contract between the question inputs (inputs/), the questionary step form and wizard (this folder) and the
 * features that compose them (proposals, later samples, shipments, visits, reviews).
 */
import type { ComponentType, ReactNode } from 'react';
import type { DataType, DependenciesLogicOperator } from '@user-office/contracts';
import type { AnySchema } from 'yup';

/** One question of a step as getQuestionary / getBlankQuestionarySteps return it (GraphQL `Answer`). */
export interface QuestionaryField {
  question: { id: string; naturalKey: string; question: string; dataType: DataType };
  /** the type's config for this template (see contracts/src/questions/types/*) */
  config: Record<string, unknown>;
  dependencies: {
    questionId: string;
    dependencyId: string;
    dependencyNaturalKey: string;
    condition: { condition: string; params: unknown };
  }[];
  dependenciesOperator: DependenciesLogicOperator | `${DependenciesLogicOperator}`;
  topicId: number;
  sortOrder: number;
  /** the saved answer (null when unanswered) */
  value: unknown;
}

/** One step (topic) of a questionary. */
export interface QuestionaryStepData {
  topic: { id: number; title: string; sortOrder: number; isEnabled: boolean };
  isCompleted: boolean;
  fields: QuestionaryField[];
}

/** Who owns the questionary: sub-templates and sample declarations need the proposal and their question. */
export interface QuestionaryOwner {
  proposalPk: number | null;
  /** the proposal's call: an instrument picker with no instruments of its own offers the call's */
  callId?: number | null;
  /** whether the owner was submitted (only post-submission samples may then be created or deleted) */
  submitted?: boolean;
}

/**
 * Props of every question input. The value lives in the step's formik form under `name` (the question id);
 * read it with formik's `useField(name)`; the form validates with the registry's `answerSchema`.
 */
export interface QuestionInputProps {
  field: QuestionaryField;
  name: string;
  readonly: boolean;
  owner: QuestionaryOwner;
  /** the questionary being answered (null before a new item's first save) */
  questionaryId: number | null;
}

export type QuestionInput = ComponentType<QuestionInputProps>;

/** What the wizard hands each step. */
export interface WizardStepContext {
  /** §4: read-only when the previous step is incomplete (officers excepted), or the whole item is read-only */
  readonly: boolean;
  isFirst: boolean;
  isLast: boolean;
  goBack(): void;
  goNext(): void;
  /** the step reports unsaved changes, so leaving it asks for confirmation */
  setDirty(dirty: boolean): void;
  /** reload the item after a save (completeness, values) */
  reload(): Promise<void>;
  /** shows a short success message ("Saved") that outlives the step (the wizard's snackbar) */
  notify?(message: string): void;
}

export interface WizardStepDefinition {
  key: string;
  title: string;
  isCompleted: boolean;
  /**
   * A review step is read-only until every step before it is complete (§4). Defaults to true for the last of two or
   * more steps; set false when the last step is an ordinary questionary step that should follow the previous-step rule.
   */
  isReview?: boolean;
  render(context: WizardStepContext): ReactNode;
}

/**
 * The *_BASIS question of a step (proposal title / abstract / people, a sample's title, …) rendered by the feature
 * that owns the item. Its fields join the step's formik values under their own keys.
 */
export interface BasisExtension {
  initialValues: Record<string, unknown>;
  /** yup schemas of those keys (with the spec's messages) */
  schema: Record<string, AnySchema>;
  Component: ComponentType<{ readonly: boolean }>;
  /**
   * Called on Save and on Save and continue before answerTopic. Throw (ApiError) to stop. Return a questionary id
   * when the save created the item (id 0 until first saved, §4): the answers then go there.
   */
  save(values: Record<string, unknown>): Promise<number | void>;
}
