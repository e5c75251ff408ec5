import type { ConflictResolutionStrategy, QuestionComparisonStatus } from '../../../gql/graphql';

export interface ComparisonChoice {
  questionId: string;
  status: QuestionComparisonStatus | `${QuestionComparisonStatus}`;
  strategy: ConflictResolutionStrategy | `${ConflictResolutionStrategy}`;
}

/** The question ids still UNRESOLVED: the import is refused while any remains (§2 /ImportTemplate). */
export function unresolvedOf(choices: readonly ComparisonChoice[]): string[] {
  return choices.filter((c) => c.strategy === 'UNRESOLVED').map((c) => c.questionId);
}

/** Only a DIFFERENT question offers a choice; NEW is always imported, SAME keeps the existing one. */
export const isChoosable = (choice: Pick<ComparisonChoice, 'status'>): boolean =>
  choice.status === 'DIFFERENT';

/** The conflictResolutions argument of importTemplate. */
export function toConflictResolutions(choices: readonly ComparisonChoice[]) {
  return choices.map((c) => ({ itemId: c.questionId, strategy: c.strategy as ConflictResolutionStrategy }));
}
