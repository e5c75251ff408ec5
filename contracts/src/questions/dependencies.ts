import { DataType, DependenciesLogicOperator, EvaluatorOperator } from '../enums';
import { questionTypeMessages } from './messages';
import type { DependencyValue } from './question-type';
import { QUESTION_TYPES } from './registry';

/** An eq / neq condition; `params` is the value compared with (an option, `true`/`false`, an id). */
export interface DependencyCondition {
  condition: EvaluatorOperator | 'eq' | 'neq';
  params: unknown;
}

/**
 * §3 "Dependency": `questionId` is the question that depends; `dependencyId` the question it depends on (named by
 * `dependencyNaturalKey` as well, which is used when `dependencyId` is absent).
 */
export interface Dependency {
  dependencyId?: string;
  questionId: string;
  dependencyNaturalKey: string;
  condition: DependencyCondition;
}

/** AND when at most one dependency remains (§4: "reset when only one remains"), else the operator (default AND). */
export function normaliseOperator(
  dependencies: readonly Dependency[],
  operator?: DependenciesLogicOperator | null,
): DependenciesLogicOperator {
  return dependencies.length <= 1
    ? DependenciesLogicOperator.AND
    : (operator ?? DependenciesLogicOperator.AND);
}

/** Whether the dependency value satisfies eq with `params`: equality, or "includes" for a list of selections. */
function matches(value: DependencyValue, params: unknown): boolean {
  const same = (a: unknown): boolean => a !== null && a !== undefined && String(a) === String(params);
  if (Array.isArray(value)) return value.some(same);
  return same(value);
}

/** Whether one condition holds for a dependency value. */
export function evaluateCondition(condition: DependencyCondition, value: DependencyValue): boolean {
  const eq = matches(value, condition.params);
  return condition.condition === EvaluatorOperator.neq ? !eq : eq;
}

export interface EvaluateDependenciesOptions {
  /** Whether the question depended on is visible; a hidden one satisfies nothing (chains hide transitively). */
  isVisible?: (questionId: string) => boolean;
  /** Resolves `dependencyNaturalKey` for dependencies without `dependencyId`. */
  questionIdByNaturalKey?: Readonly<Record<string, string>>;
}

function dependedOnId(dependency: Dependency, byKey?: Readonly<Record<string, string>>): string | undefined {
  return dependency.dependencyId ?? byKey?.[dependency.dependencyNaturalKey];
}

/**
 * Whether a question with these dependencies is visible. No dependencies: visible. A dependency on an unknown or
 * hidden question, or on a type that cannot be depended on, is not satisfied.
 */
export function evaluateDependencies(
  dependencies: readonly Dependency[],
  operator: DependenciesLogicOperator | null | undefined,
  answersByQuestionId: Readonly<Record<string, unknown>>,
  dataTypesByQuestionId: Readonly<Record<string, DataType>>,
  options: EvaluateDependenciesOptions = {},
): boolean {
  if (dependencies.length === 0) return true;
  const satisfied = (dependency: Dependency): boolean => {
    const id = dependedOnId(dependency, options.questionIdByNaturalKey);
    if (id === undefined) return false;
    const dataType = dataTypesByQuestionId[id];
    if (dataType === undefined || !QUESTION_TYPES[dataType].canBeDependedOn) return false;
    if (options.isVisible && !options.isVisible(id)) return false;
    return evaluateCondition(
      dependency.condition,
      QUESTION_TYPES[dataType].dependencyValue(answersByQuestionId[id]),
    );
  };
  return normaliseOperator(dependencies, operator) === DependenciesLogicOperator.OR
    ? dependencies.some(satisfied)
    : dependencies.every(satisfied);
}

/** A question of a questionary, as visibility needs it. */
export interface DependentField {
  questionId: string;
  naturalKey: string;
  dataType: DataType;
  value: unknown;
  dependencies: readonly Dependency[];
  dependenciesOperator?: DependenciesLogicOperator | null;
}

/**
 * Visibility of every question of a questionary, evaluated in dependency order: a question whose dependency is
 * hidden is hidden too. A question caught in a dependency cycle (which `validateDependencies` prevents) is hidden.
 */
export function visibleQuestions(fields: readonly DependentField[]): Record<string, boolean> {
  const byId = new Map(fields.map((field) => [field.questionId, field]));
  const questionIdByNaturalKey = Object.fromEntries(
    fields.map((field) => [field.naturalKey, field.questionId]),
  );
  const answers = Object.fromEntries(fields.map((field) => [field.questionId, field.value]));
  const dataTypes = Object.fromEntries(fields.map((field) => [field.questionId, field.dataType]));
  const visibility: Record<string, boolean> = {};
  const inProgress = new Set<string>();

  const isVisible = (questionId: string): boolean => {
    const known = visibility[questionId];
    if (known !== undefined) return known;
    const field = byId.get(questionId);
    if (!field || inProgress.has(questionId)) return false;
    inProgress.add(questionId);
    const visible = evaluateDependencies(field.dependencies, field.dependenciesOperator, answers, dataTypes, {
      isVisible,
      questionIdByNaturalKey,
    });
    inProgress.delete(questionId);
    visibility[questionId] = visible;
    return visible;
  };

  for (const field of fields) isVisible(field.questionId);
  return visibility;
}

/** A question of a template, as dependency validation needs it. */
export interface DependencyGraphNode {
  questionId: string;
  naturalKey: string;
  dataType: DataType;
  dependencies: readonly Dependency[];
}

/**
 * Errors of giving `questionId` these dependencies within the template `graph` (empty when allowed): not on
 * itself, not on a question that (transitively) depends on it, only on types that can be depended on.
 */
export function validateDependencies(
  questionId: string,
  dependencies: readonly Dependency[],
  graph: readonly DependencyGraphNode[],
): string[] {
  const byId = new Map(graph.map((node) => [node.questionId, node]));
  const byKey = Object.fromEntries(graph.map((node) => [node.naturalKey, node.questionId]));
  const errors = new Set<string>();

  /** Whether `from` reaches `questionId` through the current graph (the question's own edges are replaced). */
  const dependsOnQuestion = (from: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const current = stack.pop() as string;
      if (current === questionId) return true;
      if (seen.has(current)) continue;
      seen.add(current);
      for (const dependency of byId.get(current)?.dependencies ?? []) {
        const next = dependedOnId(dependency, byKey);
        if (next !== undefined) stack.push(next);
      }
    }
    return false;
  };

  for (const dependency of dependencies) {
    const target = dependedOnId(dependency, byKey);
    if (target === questionId) {
      errors.add(questionTypeMessages.selfDependency);
      continue;
    }
    const node = target === undefined ? undefined : byId.get(target);
    if (!node) {
      errors.add(questionTypeMessages.unknownDependency);
      continue;
    }
    if (!QUESTION_TYPES[node.dataType].canBeDependedOn) {
      errors.add(questionTypeMessages.cannotBeDependedOn(node.dataType));
    }
    if (dependsOnQuestion(node.questionId)) errors.add(questionTypeMessages.circularDependency);
  }
  return [...errors];
}
