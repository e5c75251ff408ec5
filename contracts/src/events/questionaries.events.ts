import { defineEvent, registerEvents } from './catalogue';

/** One stream per questionary (a template being filled in): `questionary-<questionaryId>`. */
export const QUESTIONARY_STREAM = 'questionary';
export const questionaryStreamId = (questionaryId: number): string =>
  `${QUESTIONARY_STREAM}-${questionaryId}`;

export const QUESTIONARY_CREATED = 'QuestionaryCreated';
export const TOPIC_ANSWERED = 'TopicAnswered';
export const QUESTIONARY_ANSWERS_COPIED = 'QuestionaryAnswersCopied';

export interface QuestionaryCreatedData {
  readonly questionaryId: number;
  readonly templateId: number;
  /** the user it was created for (null: the System) */
  readonly creatorId: number | null;
}

/** One stored answer: the value as validated, with SI values for numbers and intervals. */
export interface AnswerData {
  readonly questionId: string;
  readonly value: unknown;
}

/**
 * A wizard step saved: its answers (replacing the step's earlier ones), the answers dropped because their
 * questions are hidden by dependencies, and whether the step is now complete (Save and continue) or not (Save).
 */
export interface TopicAnsweredData {
  readonly questionaryId: number;
  readonly topicId: number;
  readonly answers: readonly AnswerData[];
  readonly removedQuestionIds: readonly string[];
  readonly isComplete: boolean;
}

/** Answers copied from another questionary of the same template (a sub template created from a copy). */
export interface QuestionaryAnswersCopiedData {
  readonly questionaryId: number;
  readonly sourceQuestionaryId: number;
  readonly answers: readonly AnswerData[];
  /** the topics marked complete by the copy */
  readonly completedTopicIds: readonly number[];
}

const questionaryId = (data: { questionaryId: number }): string => String(data.questionaryId);

export const questionaryCreatedEvent = defineEvent<QuestionaryCreatedData, typeof QUESTIONARY_CREATED>(
  QUESTIONARY_CREATED,
  {
    stream: QUESTIONARY_STREAM,
    description: (d) => `Questionary ${d.questionaryId} created from template ${d.templateId}`,
    changedObjectId: questionaryId,
  },
);
export const topicAnsweredEvent = defineEvent<TopicAnsweredData, typeof TOPIC_ANSWERED>(TOPIC_ANSWERED, {
  stream: QUESTIONARY_STREAM,
  description: (d) =>
    `Topic ${d.topicId} of questionary ${d.questionaryId} ${d.isComplete ? 'answered' : 'saved'} (${
      d.answers.length
    } answers${d.removedQuestionIds.length > 0 ? `, ${d.removedQuestionIds.length} hidden answers dropped` : ''})`,
  changedObjectId: questionaryId,
});
export const questionaryAnswersCopiedEvent = defineEvent<
  QuestionaryAnswersCopiedData,
  typeof QUESTIONARY_ANSWERS_COPIED
>(QUESTIONARY_ANSWERS_COPIED, {
  stream: QUESTIONARY_STREAM,
  description: (d) =>
    `${d.answers.length} answers copied from questionary ${d.sourceQuestionaryId} to ${d.questionaryId}`,
  changedObjectId: questionaryId,
});

export type QuestionaryEvent =
  | { readonly type: typeof QUESTIONARY_CREATED; readonly data: QuestionaryCreatedData }
  | { readonly type: typeof TOPIC_ANSWERED; readonly data: TopicAnsweredData }
  | { readonly type: typeof QUESTIONARY_ANSWERS_COPIED; readonly data: QuestionaryAnswersCopiedData };

export const QUESTIONARIES_EVENTS = [
  questionaryCreatedEvent,
  topicAnsweredEvent,
  questionaryAnswersCopiedEvent,
] as const;

registerEvents(...QUESTIONARIES_EVENTS);
