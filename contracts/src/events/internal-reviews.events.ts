import { defineEvent, registerEvents } from './catalogue';

/** Each internal review is one stream: `internal-review-<id>` (ids from a database sequence). */
export const INTERNAL_REVIEW_STREAM = 'internal-review';

/** The stream of one internal review. */
export const internalReviewStreamId = (id: number): string => `${INTERNAL_REVIEW_STREAM}-${id}`;

export const INTERNAL_REVIEW_CREATED = 'InternalReviewCreated';
export const INTERNAL_REVIEW_UPDATED = 'InternalReviewUpdated';
export const INTERNAL_REVIEW_DELETED = 'InternalReviewDeleted';

/** An internal review as created (§3 Internal review); `comment` is sanitised HTML, `files` are file ids. */
export interface InternalReviewCreatedData {
  readonly id: number;
  readonly technicalReviewId: number;
  readonly title: string;
  readonly comment: string | null;
  readonly reviewerId: number;
  readonly files: readonly string[];
  /** the officer who created it (assignedByUser); null for an API access token */
  readonly assignedBy: number | null;
}

/** The whole review after the change (changed or not). */
export interface InternalReviewUpdatedData {
  readonly id: number;
  readonly technicalReviewId: number;
  readonly title: string;
  readonly comment: string | null;
  readonly reviewerId: number;
  readonly files: readonly string[];
}

export interface InternalReviewDeletedData {
  readonly id: number;
  readonly technicalReviewId: number;
}

export const internalReviewCreatedEvent = defineEvent<
  InternalReviewCreatedData,
  typeof INTERNAL_REVIEW_CREATED
>(INTERNAL_REVIEW_CREATED, {
  stream: INTERNAL_REVIEW_STREAM,
  description: (data) =>
    `Internal review #${data.id} of technical review #${data.technicalReviewId} created for reviewer #${data.reviewerId}`,
  changedObjectId: (data) => String(data.id),
});

export const internalReviewUpdatedEvent = defineEvent<
  InternalReviewUpdatedData,
  typeof INTERNAL_REVIEW_UPDATED
>(INTERNAL_REVIEW_UPDATED, {
  stream: INTERNAL_REVIEW_STREAM,
  description: (data) =>
    `Internal review #${data.id} of technical review #${data.technicalReviewId} updated (reviewer #${data.reviewerId}, ${data.files.length} document(s))`,
  changedObjectId: (data) => String(data.id),
});

export const internalReviewDeletedEvent = defineEvent<
  InternalReviewDeletedData,
  typeof INTERNAL_REVIEW_DELETED
>(INTERNAL_REVIEW_DELETED, {
  stream: INTERNAL_REVIEW_STREAM,
  description: (data) => `Internal review #${data.id} of technical review #${data.technicalReviewId} deleted`,
  changedObjectId: (data) => String(data.id),
});

/** Any event of an internal review stream. */
export type InternalReviewEvent =
  | { readonly type: typeof INTERNAL_REVIEW_CREATED; readonly data: InternalReviewCreatedData }
  | { readonly type: typeof INTERNAL_REVIEW_UPDATED; readonly data: InternalReviewUpdatedData }
  | { readonly type: typeof INTERNAL_REVIEW_DELETED; readonly data: InternalReviewDeletedData };

export const INTERNAL_REVIEW_EVENTS = [
  internalReviewCreatedEvent,
  internalReviewUpdatedEvent,
  internalReviewDeletedEvent,
] as const;

registerEvents(...INTERNAL_REVIEW_EVENTS);
