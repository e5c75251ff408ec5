import type { QuestionaryStepData } from '@user-office/frontend-shared/questionary';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleFeedbackDocument,
  ConsoleFeedbackQuestionaryDocument,
  ConsoleFeedbacksDocument,
  type ConsoleFeedbackRowFragment,
  type FeedbackStatus,
} from '../../gql/graphql';
import { toStep } from '../proposals/components/review/InformationTab';

export type FeedbackRow = ConsoleFeedbackRowFragment;

/** The list's filter, kept in the address (`?call=1&instrument=2&status=SUBMITTED`). */
export interface FeedbackFilter {
  call?: number;
  instrument?: number;
  status?: FeedbackStatus;
}

export const FEEDBACK_STATUSES: readonly FeedbackStatus[] = ['DRAFT', 'SUBMITTED'] as FeedbackStatus[];

/** The filter of an address (unknown or malformed values are left out). */
export function feedbackFilterOf(params: URLSearchParams): FeedbackFilter {
  const id = (name: string) => {
    const value = params.get(name);
    return value && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const status = params.get('status');
  return {
    call: id('call'),
    instrument: id('instrument'),
    status: (FEEDBACK_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as FeedbackStatus)
      : undefined,
  };
}

/** The address of a filter, keeping the address's other parameters. */
export function feedbackParamsOf(current: URLSearchParams, filter: FeedbackFilter): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ['call', 'instrument', 'status'] as const) {
    const value = filter[name];
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The §7 reads of the feedback pages (the GraphQL client of the shared package). */
export const feedbackCommands = {
  /** feedbacks(filter): newest first */
  list: async (filter: FeedbackFilter): Promise<FeedbackRow[]> =>
    (
      await request(ConsoleFeedbacksDocument, {
        filter: {
          callId: filter.call ?? null,
          instrumentId: filter.instrument ?? null,
          status: filter.status ?? null,
        },
      })
    ).feedbacks,
  feedback: async (feedbackId: number): Promise<FeedbackRow | null> =>
    (await request(ConsoleFeedbackDocument, { feedbackId })).getFeedback ?? null,
  answers: async (questionaryId: number): Promise<QuestionaryStepData[]> =>
    ((await request(ConsoleFeedbackQuestionaryDocument, { questionaryId })).getQuestionary?.steps ?? []).map(
      toStep,
    ),
};

/** "Preferred (or first) name Last name" of the feedback's author. */
export function authorName(row: FeedbackRow): string {
  const c = row.creator;
  return c ? `${c.preferredname || c.firstname} ${c.lastname}` : `#${row.creatorId}`;
}
