import type { AllocationTimeUnit } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/** One stream per call: `call-<callId>`. */
export const CALL_STREAM = 'call';
export const callStreamId = (callId: number): string => `${CALL_STREAM}-${callId}`;

export const CALL_CREATED = 'CallCreated';
export const CALL_UPDATED = 'CallUpdated';
export const CALL_DELETED = 'CallDeleted';
/** The call's end date passed (a scheduled check): applicants can no longer submit. */
export const CALL_ENDED = 'CallEnded';
/** The internal end date passed: internal users can no longer submit. */
export const CALL_ENDED_INTERNAL = 'CallEndedInternal';
/** The review period ended (endReview passed). */
export const CALL_REVIEW_ENDED = 'CallReviewEnded';
/** The FAP review ended (endFapReview passed, or an officer set callFapReviewEnded). */
export const CALL_FAP_REVIEW_ENDED = 'CallFapReviewEnded';

/** The fields of a call an officer sets (§3 Call); dates are ISO instants. */
export interface CallData {
  readonly shortCode: string;
  readonly title: string | null;
  readonly description: string | null;
  readonly startCall: string;
  readonly endCall: string;
  readonly endCallInternal: string;
  readonly startReview: string;
  readonly endReview: string;
  readonly startFapReview: string | null;
  readonly endFapReview: string | null;
  readonly startNotify: string;
  readonly endNotify: string;
  readonly startCycle: string;
  readonly endCycle: string;
  readonly cycleComment: string;
  readonly surveyComment: string;
  readonly referenceNumberFormat: string | null;
  readonly proposalWorkflowId: number;
  readonly templateId: number;
  readonly esiTemplateId: number | null;
  readonly pdfTemplateId: number | null;
  readonly fapReviewTemplateId: number | null;
  readonly technicalReviewTemplateId: number | null;
  readonly allocationTimeUnit: AllocationTimeUnit;
  readonly submissionMessage: string | null;
  /** the EXPERIMENT workflow its experiments follow (null or absent: the default experiment workflow) */
  readonly experimentWorkflowId?: number | null;
  /**
   * the review panels (FAP ids, UOC's `call_has_faps`). Absent in the events written before calls had panels:
   * they fold as none. Absent in an update command: the call keeps its panels.
   */
  readonly fapIds?: readonly number[];
}

export interface CallCreatedData extends CallData {
  readonly callId: number;
}
export type CallUpdatedData = CallCreatedData;
export interface CallDeletedData {
  readonly callId: number;
}
export interface CallMilestoneData {
  readonly callId: number;
  /** when the date passed (the date itself), ISO */
  readonly at: string;
}

const callId = (data: { callId: number }): string => String(data.callId);

export const callCreatedEvent = defineEvent<CallCreatedData, typeof CALL_CREATED>(CALL_CREATED, {
  stream: CALL_STREAM,
  description: (d) => `Call ${d.shortCode} created (${d.startCall} – ${d.endCall})`,
  changedObjectId: callId,
});
export const callUpdatedEvent = defineEvent<CallUpdatedData, typeof CALL_UPDATED>(CALL_UPDATED, {
  stream: CALL_STREAM,
  description: (d) => `Call ${d.shortCode} updated (${d.startCall} – ${d.endCall})`,
  changedObjectId: callId,
});
export const callDeletedEvent = defineEvent<CallDeletedData, typeof CALL_DELETED>(CALL_DELETED, {
  stream: CALL_STREAM,
  description: (d) => `Call ${d.callId} deleted`,
  changedObjectId: callId,
});
const milestone = <T extends string>(type: T, what: string) =>
  defineEvent<CallMilestoneData, T>(type, {
    stream: CALL_STREAM,
    description: (d) => `Call ${d.callId}: ${what} (${d.at})`,
    changedObjectId: callId,
  });
export const callEndedEvent = milestone(CALL_ENDED, 'the call ended');
export const callEndedInternalEvent = milestone(CALL_ENDED_INTERNAL, 'the call ended for internal users');
export const callReviewEndedEvent = milestone(CALL_REVIEW_ENDED, 'the review ended');
export const callFapReviewEndedEvent = milestone(CALL_FAP_REVIEW_ENDED, 'the FAP review ended');

export type CallEvent =
  | { readonly type: typeof CALL_CREATED; readonly data: CallCreatedData }
  | { readonly type: typeof CALL_UPDATED; readonly data: CallUpdatedData }
  | { readonly type: typeof CALL_DELETED; readonly data: CallDeletedData }
  | { readonly type: typeof CALL_ENDED; readonly data: CallMilestoneData }
  | { readonly type: typeof CALL_ENDED_INTERNAL; readonly data: CallMilestoneData }
  | { readonly type: typeof CALL_REVIEW_ENDED; readonly data: CallMilestoneData }
  | { readonly type: typeof CALL_FAP_REVIEW_ENDED; readonly data: CallMilestoneData };

export const CALLS_EVENTS = [
  callCreatedEvent,
  callUpdatedEvent,
  callDeletedEvent,
  callEndedEvent,
  callEndedInternalEvent,
  callReviewEndedEvent,
  callFapReviewEndedEvent,
] as const;

registerEvents(...CALLS_EVENTS);
