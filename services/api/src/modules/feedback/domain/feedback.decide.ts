import {
  FEEDBACK_CREATED,
  FEEDBACK_SUBMITTED,
  FeedbackStatus,
  feedbackCreatedEvent,
  feedbackMessages,
  feedbackSubmittedEvent,
  type FeedbackCreatedData,
  type FeedbackEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = feedbackMessages;

/** One user's feedback on one experiment, folded from `feedback-<experimentPk>-<userId>`. */
export interface FeedbackState {
  feedback: FeedbackCreatedData | null;
  status: FeedbackStatus;
}

export const initialFeedbackState: FeedbackState = { feedback: null, status: FeedbackStatus.DRAFT };

export function evolveFeedback(state: FeedbackState, event: { type: string; data: unknown }): FeedbackState {
  const e = event as FeedbackEvent;
  switch (e.type) {
    case FEEDBACK_CREATED:
      return { feedback: e.data, status: FeedbackStatus.DRAFT };
    case FEEDBACK_SUBMITTED:
      return { ...state, status: FeedbackStatus.SUBMITTED };
    default:
      return state;
  }
}

export type FeedbackCommand =
  | {
      type: 'CreateFeedback';
      feedbackId: number;
      experimentPk: number;
      proposalPk: number;
      userId: number;
      /** the caller is the PI or a co-proposer of the experiment's proposal */
      isMember: boolean;
      /** the experiment is COMPLETED */
      experimentCompleted: boolean;
      /** the questionary of the active feedback template (null: none is active) */
      questionaryId: number | null;
    }
  | {
      type: 'UpdateFeedback';
      userId: number | null;
      status: FeedbackStatus;
      /** the feedback questionary is complete */
      questionaryComplete: boolean;
      now: string;
    };

export function decideFeedback(command: FeedbackCommand, state: FeedbackState): NewEvent[] {
  switch (command.type) {
    case 'CreateFeedback': {
      if (!command.isMember) throw forbidden(M.onlyMembers);
      if (!command.experimentCompleted) throw badInput(M.notCompleted);
      if (state.feedback) throw badInput(M.exists);
      if (command.questionaryId === null) throw badInput(M.noActiveTemplate);
      return [
        feedbackCreatedEvent.create({
          feedbackId: command.feedbackId,
          experimentPk: command.experimentPk,
          proposalPk: command.proposalPk,
          creatorId: command.userId,
          questionaryId: command.questionaryId,
        }),
      ];
    }
    case 'UpdateFeedback': {
      const feedback = state.feedback;
      if (!feedback) throw notFound(M.notFound);
      if (command.userId !== feedback.creatorId) throw forbidden(M.onlyCreator);
      if (state.status === FeedbackStatus.SUBMITTED) {
        if (command.status === FeedbackStatus.SUBMITTED) return []; // submitted again: nothing
        throw badInput(M.locked);
      }
      if (command.status === FeedbackStatus.DRAFT) return [];
      if (!command.questionaryComplete) throw badInput(M.incomplete);
      return [
        feedbackSubmittedEvent.create({
          feedbackId: feedback.feedbackId,
          experimentPk: feedback.experimentPk,
          creatorId: feedback.creatorId,
          submittedAt: command.now,
        }),
      ];
    }
  }
}

export const feedbackDecider: Decider<FeedbackState, FeedbackCommand> = {
  initialState: initialFeedbackState,
  evolve: evolveFeedback,
  decide: decideFeedback,
};
