import {
  DependenciesLogicOperator,
  QUESTION_TYPES,
  validateDependencies,
  type DataType,
  type DependencyGraphNode,
} from '@user-office/contracts';

/** A question placed on the template, as the dependency editor needs it. */
export interface PlacedQuestion {
  questionId: string;
  naturalKey: string;
  question: string;
  dataType: DataType;
  config: Record<string, unknown>;
  dependencies: {
    dependencyId: string;
    dependencyNaturalKey: string;
    condition: { condition: string; params: unknown };
  }[];
}

/** One row of the dependency editor. */
export interface DependencyRow {
  dependencyId: string;
  condition: 'eq' | 'neq';
  /** the value compared with: true/false, an option, an instrument or technique id */
  params: unknown;
}

export interface ValueOption {
  value: unknown;
  label: string;
}

const graphOf = (placed: readonly PlacedQuestion[]): DependencyGraphNode[] =>
  placed.map((p) => ({
    questionId: p.questionId,
    naturalKey: p.naturalKey,
    dataType: p.dataType,
    dependencies: p.dependencies.map((d) => ({
      questionId: p.questionId,
      dependencyId: d.dependencyId,
      dependencyNaturalKey: d.dependencyNaturalKey,
      condition: { condition: d.condition.condition as 'eq', params: d.condition.params },
    })),
  }));

/**
 * The questions `questionId` may depend on (§4): only boolean, selection, instrument and technique pickers, never
 * itself and never a question that depends on it (directly or through others).
 */
export function dependencyCandidates(
  questionId: string,
  placed: readonly PlacedQuestion[],
): PlacedQuestion[] {
  const graph = graphOf(placed);
  return placed.filter(
    (p) =>
      p.questionId !== questionId &&
      QUESTION_TYPES[p.dataType].canBeDependedOn &&
      validateDependencies(
        questionId,
        [dependencyOf(questionId, p, { dependencyId: p.questionId, condition: 'eq', params: null })],
        graph,
      ).length === 0,
  );
}

function dependencyOf(
  questionId: string,
  on: Pick<PlacedQuestion, 'questionId' | 'naturalKey'>,
  row: DependencyRow,
) {
  return {
    questionId,
    dependencyId: on.questionId,
    dependencyNaturalKey: on.naturalKey,
    condition: { condition: row.condition, params: row.params },
  };
}

/** The messages of the contracts' check (self, circular, undependable type): empty when the rows are allowed. */
export function dependencyErrors(
  questionId: string,
  rows: readonly DependencyRow[],
  placed: readonly PlacedQuestion[],
): string[] {
  const byId = new Map(placed.map((p) => [p.questionId, p]));
  const dependencies = rows.map((row) =>
    dependencyOf(
      questionId,
      byId.get(row.dependencyId) ?? { questionId: row.dependencyId, naturalKey: '' },
      row,
    ),
  );
  return validateDependencies(questionId, dependencies, graphOf(placed));
}

/** The values a dependency on this question may compare with: its options (§4 "value from the options"). */
export function valueOptionsOf(on: PlacedQuestion | undefined): ValueOption[] {
  if (!on) return [];
  const list = (key: string) => (Array.isArray(on.config[key]) ? (on.config[key] as unknown[]) : []);
  switch (on.dataType) {
    case 'BOOLEAN':
      return [
        { value: true, label: 'true' },
        { value: false, label: 'false' },
      ];
    case 'SELECTION_FROM_OPTIONS':
      return list('options').map((o) => ({ value: String(o), label: String(o) }));
    case 'INSTRUMENT_PICKER':
    case 'TECHNIQUE_PICKER':
      return list(on.dataType === 'INSTRUMENT_PICKER' ? 'instruments' : 'techniques').map((o) => {
        const item = o as { id: number; name: string };
        return { value: item.id, label: item.name };
      });
    default:
      return [];
  }
}

/** AND or OR; AND again when one dependency remains or none (§4 "default AND, reset when one remains"). */
export function operatorFor(
  rows: readonly unknown[],
  operator: DependenciesLogicOperator | `${DependenciesLogicOperator}`,
) {
  return rows.length <= 1 ? DependenciesLogicOperator.AND : (operator as DependenciesLogicOperator);
}

/** The dependencies argument of updateQuestionTemplateRelationSettings (params as JSON). */
export function toDependencyInput(rows: readonly DependencyRow[], placed: readonly PlacedQuestion[]) {
  const byId = new Map(placed.map((p) => [p.questionId, p]));
  return rows.map((row) => ({
    dependencyId: row.dependencyId,
    dependencyNaturalKey: byId.get(row.dependencyId)?.naturalKey ?? '',
    condition: { condition: row.condition, params: JSON.stringify(row.params) },
  }));
}
