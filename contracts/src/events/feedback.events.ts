import { defineEvent, registerEvents } from './catalogue';

/** One user's feedback on one experiment: `feedback-<experimentPk>-<userId>` (one per user and experiment). */
export const FEEDBACK_STREAM = 'feedback';

export const feedbackStreamId = (experimentPk: number, userId: number): string =>
  `${FEEDBACK_STREAM}-${experimentPk}-${userId}`;

export const FEEDBACK_CREATED = 'FeedbackCreated';
export const FEEDBACK_SUBMITTED = 'FeedbackSubmitted';

export interface FeedbackCreatedData {
  readonly feedbackId: number;
  readonly experimentPk: number;
  readonly proposalPk: number;
  readonly creatorId: number;
  readonly questionaryId: number;
}

export interface FeedbackSubmittedData {
  readonly feedbackId: number;
  readonly experimentPk: number;
  readonly creatorId: number;
  readonly submittedAt: string;
}

export const feedbackCreatedEvent = defineEvent<FeedbackCreatedData, typeof FEEDBACK_CREATED>(
  FEEDBACK_CREATED,
  {
    stream: FEEDBACK_STREAM,
    description: (d) =>
      `Feedback #${d.feedbackId} on experiment #${d.experimentPk} started by user #${d.creatorId}`,
    changedObjectId: (d) => String(d.feedbackId),
  },
);
export const feedbackSubmittedEvent = defineEvent<FeedbackSubmittedData, typeof FEEDBACK_SUBMITTED>(
  FEEDBACK_SUBMITTED,
  {
    stream: FEEDBACK_STREAM,
    description: (d) => `Feedback #${d.feedbackId} on experiment #${d.experimentPk} submitted`,
    changedObjectId: (d) => String(d.feedbackId),
  },
);

export type FeedbackEvent =
  | { readonly type: typeof FEEDBACK_CREATED; readonly data: FeedbackCreatedData }
  | { readonly type: typeof FEEDBACK_SUBMITTED; readonly data: FeedbackSubmittedData };

export const FEEDBACK_EVENT_TYPES: readonly string[] = [FEEDBACK_CREATED, FEEDBACK_SUBMITTED];

registerEvents(feedbackCreatedEvent, feedbackSubmittedEvent);

/** The status-changing event a feedback event is to its experiment: EXPERIMENT_FEEDBACK_SUBMITTED. */
export function feedbackWorkflowEvents(event: { readonly type: string }): string[] {
  return event.type === FEEDBACK_SUBMITTED ? ['EXPERIMENT_FEEDBACK_SUBMITTED'] : [];
}
