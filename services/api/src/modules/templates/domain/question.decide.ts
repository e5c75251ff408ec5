import {
  QUESTION_CREATED,
  QUESTION_DELETED,
  QUESTION_UPDATED,
  questionCreatedEvent,
  questionDeletedEvent,
  questionUpdatedEvent,
  templateMessages,
  type QuestionData,
  type QuestionEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../../platform/errors/app-error';

const M = templateMessages;

/** One question folded from `question-<id>`. */
export interface QuestionState {
  status: 'none' | 'active' | 'deleted';
  question: QuestionData | null;
}

export const initialQuestionState: QuestionState = { status: 'none', question: null };

export function evolveQuestion(state: QuestionState, event: { type: string; data: unknown }): QuestionState {
  const e = event as QuestionEvent;
  switch (e.type) {
    case QUESTION_CREATED:
      return { status: 'active', question: { ...e.data } };
    case QUESTION_UPDATED:
      return state.question
        ? {
            ...state,
            question: {
              ...state.question,
              naturalKey: e.data.naturalKey,
              question: e.data.question,
              config: e.data.config,
            },
          }
        : state;
    case QUESTION_DELETED:
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export type QuestionCommand =
  /** `ifAbsent`: create only when the question does not exist (basis questions, imports); else nothing */
  | { type: 'CreateQuestion'; question: QuestionData; ifAbsent?: boolean }
  | { type: 'UpdateQuestion'; naturalKey: string; question: string; config: Record<string, unknown> }
  /** `usedByTemplates`: the names of the templates the question is placed on; `isBasis`: a basis question */
  | { type: 'DeleteQuestion'; usedByTemplates: string[]; isBasis: boolean };

/** Pure: the events a question command leads to (input already valid: contracts' question form schema). */
export function decideQuestion(command: QuestionCommand, state: QuestionState): NewEvent[] {
  if (command.type === 'CreateQuestion') {
    if (state.status === 'active') {
      if (command.ifAbsent) return [];
      throw badInput('A question with this id exists');
    }
    return [questionCreatedEvent.create(command.question)];
  }
  if (state.status !== 'active' || !state.question) throw notFound(M.questionNotFound);
  const current = state.question;
  switch (command.type) {
    case 'UpdateQuestion': {
      if (
        command.naturalKey === current.naturalKey &&
        command.question === current.question &&
        JSON.stringify(command.config) === JSON.stringify(current.config)
      )
        return [];
      return [
        questionUpdatedEvent.create({
          questionId: current.questionId,
          naturalKey: command.naturalKey,
          question: command.question,
          config: command.config,
        }),
      ];
    }
    case 'DeleteQuestion': {
      if (command.isBasis) throw badInput(M.basisQuestionNotDeletable);
      if (command.usedByTemplates.length > 0)
        throw badInput(M.questionInUse(command.usedByTemplates.join(', ')));
      return [questionDeletedEvent.create({ questionId: current.questionId })];
    }
  }
}

export const questionDecider: Decider<QuestionState, QuestionCommand> = {
  initialState: initialQuestionState,
  evolve: evolveQuestion,
  decide: decideQuestion,
};
