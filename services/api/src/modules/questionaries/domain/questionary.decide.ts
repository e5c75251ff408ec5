import {
  answerErrors,
  DataType,
  QUESTIONARY_ANSWERS_COPIED,
  QUESTIONARY_CREATED,
  questionaryAnswersCopiedEvent,
  questionaryCreatedEvent,
  questionaryMessages,
  questionType,
  TOPIC_ANSWERED,
  topicAnsweredEvent,
  visibleQuestions,
  withSiInterval,
  withSiValue,
  type AnswerContext,
  type AnswerData,
  type CommonQuestionConfig,
  type DependenciesLogicOperator,
  type Dependency,
  type IntervalAnswerValue,
  type NumberAnswerValue,
  type QuestionaryEvent,
  type Unit,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../../platform/errors/app-error';

const M = questionaryMessages;

/** One questionary folded from `questionary-<id>`: its answers and the steps marked complete. */
export interface QuestionaryState {
  status: 'none' | 'active';
  questionaryId: number;
  templateId: number;
  answers: Readonly<Record<string, unknown>>;
  completedTopicIds: ReadonlySet<number>;
}

export const initialQuestionaryState: QuestionaryState = {
  status: 'none',
  questionaryId: 0,
  templateId: 0,
  answers: {},
  completedTopicIds: new Set(),
};

export function evolveQuestionary(
  state: QuestionaryState,
  event: { type: string; data: unknown },
): QuestionaryState {
  const e = event as QuestionaryEvent;
  switch (e.type) {
    case QUESTIONARY_CREATED:
      return {
        ...initialQuestionaryState,
        status: 'active',
        questionaryId: e.data.questionaryId,
        templateId: e.data.templateId,
      };
    case TOPIC_ANSWERED: {
      const answers: Record<string, unknown> = { ...state.answers };
      for (const id of e.data.removedQuestionIds) delete answers[id];
      for (const answer of e.data.answers) answers[answer.questionId] = answer.value;
      const completed = new Set(state.completedTopicIds);
      if (e.data.isComplete) completed.add(e.data.topicId);
      else completed.delete(e.data.topicId);
      return { ...state, answers, completedTopicIds: completed };
    }
    case QUESTIONARY_ANSWERS_COPIED: {
      const answers: Record<string, unknown> = { ...state.answers };
      for (const answer of e.data.answers) answers[answer.questionId] = answer.value;
      return {
        ...state,
        answers,
        completedTopicIds: new Set([...state.completedTopicIds, ...e.data.completedTopicIds]),
      };
    }
    default:
      return state;
  }
}

/** A question of the questionary's template, as answering needs it (the per-template config). */
export interface QuestionaryField {
  questionId: string;
  naturalKey: string;
  dataType: DataType;
  topicId: number;
  config: CommonQuestionConfig;
  dependencies: readonly Dependency[];
  dependenciesOperator: DependenciesLogicOperator | null;
}

type ItemsCompletedByQuestion = Readonly<Record<string, Readonly<Record<number, boolean>>>>;

/** The answer context of one question: its own items' completeness when the owner gave it per question. */
function contextFor(
  context: AnswerContext | undefined,
  itemsCompleted: ItemsCompletedByQuestion | undefined,
  questionId: string,
): AnswerContext | undefined {
  const own = itemsCompleted?.[questionId];
  return own ? { ...context, itemsCompleted: own } : context;
}

export interface AnswerTopicCommand {
  type: 'AnswerTopic';
  topicId: number;
  /** the answers given, by question; values already unwrapped from `{"value": …}` */
  answers: ReadonlyArray<{ questionId: string; value: unknown }>;
  isPartialSave: boolean;
  /** every field of the template (dependencies may cross steps) */
  fields: readonly QuestionaryField[];
  /** the enabled topics of the template */
  topicIds: readonly number[];
  /** facts only the server knows: sub-template items and their completeness */
  context?: AnswerContext;
  /**
   * The items the questionary's owner holds for each sub-template / sample question (by question id): the
   * server's truth replaces whatever list the client sent.
   */
  itemIds?: Readonly<Record<string, readonly number[]>>;
  /** completeness of each question's items (by question id, then item id); wins over context.itemsCompleted */
  itemsCompleted?: ItemsCompletedByQuestion;
  /** basis answers the owner entity holds (e.g. a sample's title), by question id */
  basisValues?: Readonly<Record<string, unknown>>;
}

export type QuestionaryCommand =
  | { type: 'CreateQuestionary'; questionaryId: number; templateId: number; creatorId: number | null }
  | AnswerTopicCommand
  | {
      type: 'CopyAnswers';
      sourceQuestionaryId: number;
      answers: readonly AnswerData[];
      completedTopicIds: readonly number[];
    };

/** The unit of the config with the answer's unit id (the config's formula is trusted, never the client's). */
function offeredUnit(config: CommonQuestionConfig, unit: Unit | null | undefined): Unit | null | undefined {
  if (!unit || typeof unit !== 'object') return unit;
  const units = (config as { units?: Unit[] }).units ?? [];
  return units.find((u) => u.id === unit.id) ?? unit;
}

/** The value as stored: units from the config, SI values computed on the server. */
export function normaliseValue(field: QuestionaryField, value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value;
  try {
    if (field.dataType === DataType.NUMBER_INPUT) {
      const answer = value as NumberAnswerValue;
      if (typeof answer.value !== 'number' || !Number.isFinite(answer.value))
        return { ...answer, siValue: null };
      return withSiValue({
        value: answer.value,
        unit: offeredUnit(field.config, answer.unit) ?? null,
        siValue: null,
      });
    }
    if (field.dataType === DataType.INTERVAL) {
      const answer = value as IntervalAnswerValue;
      const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
      if (!finite(answer.min) || !finite(answer.max)) return { ...answer, siMin: null, siMax: null };
      return withSiInterval({
        min: answer.min,
        max: answer.max,
        unit: offeredUnit(field.config, answer.unit) ?? null,
        siMin: null,
        siMax: null,
      });
    }
  } catch {
    throw badInput(M.unitFormulaBroken);
  }
  return value;
}

function decideAnswerTopic(command: AnswerTopicCommand, state: QuestionaryState): NewEvent[] {
  if (!command.topicIds.includes(command.topicId)) throw notFound(M.topicNotInQuestionary);
  const byId = new Map(command.fields.map((f) => [f.questionId, f]));
  const topicFields = command.fields.filter((f) => f.topicId === command.topicId);

  const given = new Map<string, unknown>();
  for (const answer of command.answers) {
    const field = byId.get(answer.questionId);
    if (!field || field.topicId !== command.topicId) throw badInput(M.questionNotOnStep(answer.questionId));
    if (!questionType(field.dataType).hasValue) continue;
    given.set(answer.questionId, normaliseValue(field, answer.value));
  }
  // values the owner supplies (item lists, basis values) are not the client's: a partial save leaves them unchecked
  const supplied = new Set<string>();
  for (const field of topicFields) {
    const items = command.itemIds?.[field.questionId];
    if (items) given.set(field.questionId, [...items]);
    if (command.basisValues && field.questionId in command.basisValues)
      given.set(field.questionId, command.basisValues[field.questionId]);
    if (items || (command.basisValues && field.questionId in command.basisValues))
      supplied.add(field.questionId);
  }

  const merged: Record<string, unknown> = { ...state.answers };
  for (const [questionId, value] of given) merged[questionId] = value;
  const visibility = visibleQuestions(
    command.fields.map((f) => ({
      questionId: f.questionId,
      naturalKey: f.naturalKey,
      dataType: f.dataType,
      value: merged[f.questionId],
      dependencies: f.dependencies,
      dependenciesOperator: f.dependenciesOperator,
    })),
  );

  const hidden = topicFields.filter((f) => visibility[f.questionId] === false).map((f) => f.questionId);
  const removedQuestionIds = hidden.filter((id) => id in state.answers || given.has(id));
  const errors: Record<string, string> = {};
  for (const field of topicFields) {
    if (visibility[field.questionId] === false || !questionType(field.dataType).hasValue) continue;
    if (command.isPartialSave && (!given.has(field.questionId) || supplied.has(field.questionId))) continue;
    const config = command.isPartialSave ? { ...field.config, required: false } : field.config;
    const [error] = answerErrors(
      field.dataType,
      config,
      merged[field.questionId],
      contextFor(command.context, command.itemsCompleted, field.questionId),
    );
    if (error) errors[field.questionId] = error;
  }
  const failed = Object.keys(errors);
  if (failed.length > 0) throw badInput(errors[failed[0]], errors);

  const answers: AnswerData[] = [...given]
    .filter(([questionId]) => visibility[questionId] !== false)
    .map(([questionId, value]) => ({ questionId, value }));
  return [
    topicAnsweredEvent.create({
      questionaryId: state.questionaryId,
      topicId: command.topicId,
      answers,
      removedQuestionIds,
      isComplete: !command.isPartialSave,
    }),
  ];
}

/** Pure: the events a questionary command leads to; throws the rule broken (nothing is appended then). */
export function decideQuestionary(command: QuestionaryCommand, state: QuestionaryState): NewEvent[] {
  if (command.type === 'CreateQuestionary') {
    if (state.status !== 'none') throw badInput('A questionary with this id exists');
    return [
      questionaryCreatedEvent.create({
        questionaryId: command.questionaryId,
        templateId: command.templateId,
        creatorId: command.creatorId,
      }),
    ];
  }
  if (state.status !== 'active') throw notFound(M.notFound);
  switch (command.type) {
    case 'AnswerTopic':
      return decideAnswerTopic(command, state);
    case 'CopyAnswers':
      return [
        questionaryAnswersCopiedEvent.create({
          questionaryId: state.questionaryId,
          sourceQuestionaryId: command.sourceQuestionaryId,
          answers: command.answers,
          completedTopicIds: command.completedTopicIds,
        }),
      ];
  }
}

export const questionaryDecider: Decider<QuestionaryState, QuestionaryCommand> = {
  initialState: initialQuestionaryState,
  evolve: evolveQuestionary,
  decide: decideQuestionary,
  // a questionary's stream grows by every save of a step (each event with the step's answers): its state is kept
  // between saves; evolveQuestionary and decideQuestionary copy, never change, the state they are given
  cacheStates: true,
};

/** What a whole questionary is checked against on submission. */
export interface QuestionaryCheck {
  fields: readonly QuestionaryField[];
  topicIds: readonly number[];
  context?: AnswerContext;
  itemIds?: Readonly<Record<string, readonly number[]>>;
  itemsCompleted?: ItemsCompletedByQuestion;
  basisValues?: Readonly<Record<string, unknown>>;
}

/**
 * The rules a questionary breaks as a whole (submission): every enabled step marked complete, and every visible
 * question of every step valid under its full rules (sub-template entries from the server's item lists). Empty
 * when it may be submitted; keys are topic ids (`topic:<id>`) or question ids.
 */
export function questionaryErrors(check: QuestionaryCheck, state: QuestionaryState): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const topicId of check.topicIds) {
    if (!state.completedTopicIds.has(topicId))
      errors[`topic:${topicId}`] = questionaryMessages.stepIncomplete;
  }
  const answers: Record<string, unknown> = { ...state.answers };
  for (const [questionId, items] of Object.entries(check.itemIds ?? {})) answers[questionId] = [...items];
  for (const [questionId, value] of Object.entries(check.basisValues ?? {})) answers[questionId] = value;
  const visibility = visibleQuestions(
    check.fields.map((f) => ({
      questionId: f.questionId,
      naturalKey: f.naturalKey,
      dataType: f.dataType,
      value: answers[f.questionId],
      dependencies: f.dependencies,
      dependenciesOperator: f.dependenciesOperator,
    })),
  );
  for (const field of check.fields) {
    if (visibility[field.questionId] === false || !questionType(field.dataType).hasValue) continue;
    const [error] = answerErrors(
      field.dataType,
      field.config,
      answers[field.questionId],
      contextFor(check.context, check.itemsCompleted, field.questionId),
    );
    if (error) errors[field.questionId] = error;
  }
  return errors;
}
