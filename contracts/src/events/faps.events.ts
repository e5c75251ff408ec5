import type { ProposalEndStatus, ReviewStatus, Role } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/**
 * Review panels (FAPs). Two aggregates: the panel itself (`fap-<fapId>`: its details, members and the
 * instruments whose availability it submitted per call) and everything FAP about one proposal
 * (`fap-proposal-<proposalPk>`: the panels it is on, its reviews, FAP time and meeting decisions).
 */
export const FAP_STREAM = 'fap';
export const FAP_PROPOSAL_STREAM = 'fap-proposal';

export const fapStreamId = (fapId: number): string => `${FAP_STREAM}-${fapId}`;
export const fapProposalStreamId = (proposalPk: number): string => `${FAP_PROPOSAL_STREAM}-${proposalPk}`;

export const FAP_CREATED = 'FapCreated';
export const FAP_UPDATED = 'FapUpdated';
export const FAP_DELETED = 'FapDeleted';
export const FAP_MEMBER_ASSIGNED = 'FapMemberAssigned';
export const FAP_MEMBER_REMOVED = 'FapMemberRemoved';
export const FAP_INSTRUMENT_SUBMITTED = 'FapInstrumentSubmitted';

export const PROPOSAL_FAPS_ASSIGNED = 'ProposalFapsAssigned';
export const FAP_REVIEWER_ASSIGNED = 'FapReviewerAssigned';
export const FAP_REVIEWER_REMOVED = 'FapReviewerRemoved';
export const FAP_REVIEW_SAVED = 'FapReviewSaved';
export const FAP_REVIEW_SUBMITTED = 'FapReviewSubmitted';
export const FAP_REVIEWER_RANK_SAVED = 'FapReviewerRankSaved';
export const FAP_TIME_ALLOCATION_UPDATED = 'FapTimeAllocationUpdated';
export const FAP_MEETING_DECISION_SAVED = 'FapMeetingDecisionSaved';
export const FAP_PROPOSAL_INSTRUMENT_SUBMITTED = 'FapProposalInstrumentSubmitted';

/** The role a member holds in a panel. */
export type FapMemberRole = Role.FAP_CHAIR | Role.FAP_SECRETARY | Role.FAP_REVIEWER;

export interface FapDetails {
  readonly id: number;
  readonly code: string;
  readonly description: string;
  readonly numberRatingsRequired: number;
  readonly gradeGuide: string | null;
  readonly customGradeGuide: boolean | null;
  readonly active: boolean;
  /** JSON text (file ids), as §7 "files as JSON" */
  readonly files: string | null;
}

export interface FapDeletedData {
  readonly id: number;
}

export interface FapMemberData {
  readonly fapId: number;
  readonly userId: number;
  readonly role: FapMemberRole;
}

/** submitInstrumentInFap / unsubmitInstrumentInFap */
export interface FapInstrumentSubmittedData {
  readonly fapId: number;
  readonly callId: number;
  readonly instrumentId: number;
  readonly submitted: boolean;
}

export interface FapInstrumentPair {
  readonly fapId: number;
  readonly instrumentId: number | null;
}

/** The proposal's panels became `faps`; the reviews of panels it left were deleted. */
export interface ProposalFapsAssignedData {
  readonly proposalPk: number;
  readonly callId: number;
  readonly faps: readonly FapInstrumentPair[];
  readonly deletedReviewIds: readonly number[];
}

export interface ConflictRecord {
  readonly kind: string;
  readonly hard: boolean;
  readonly reason: string;
}

/** A member was given the proposal to review (a DRAFT review); soft conflicts accepted with `overrideReason`. */
export interface FapReviewerAssignedData {
  readonly reviewId: number;
  readonly proposalPk: number;
  readonly fapId: number;
  readonly userId: number;
  readonly questionaryId: number | null;
  readonly conflicts: readonly ConflictRecord[];
  readonly overrideReason: string | null;
  /** the proposal now has as many reviewers in this panel as it requires */
  readonly allReviewersSelected: boolean;
}

export interface FapReviewerRemovedData {
  readonly reviewId: number;
  readonly proposalPk: number;
  readonly fapId: number;
  readonly userId: number;
}

/** The whole review as saved by updateReview. */
export interface FapReviewSavedData {
  readonly reviewId: number;
  readonly proposalPk: number;
  readonly fapId: number;
  readonly userId: number;
  readonly grade: number | null;
  readonly comment: string | null;
  readonly status: ReviewStatus;
  readonly questionaryId: number | null;
}

export interface FapReviewSubmittedData {
  readonly reviewId: number;
  readonly proposalPk: number;
  readonly fapId: number;
  readonly userId: number;
  readonly grade: number | null;
  readonly allSubmitted: boolean;
}

export interface FapReviewerRankSavedData {
  readonly reviewId: number;
  readonly proposalPk: number;
  readonly fapId: number;
  readonly rank: number | null;
}

export interface FapTimeAllocationUpdatedData {
  readonly proposalPk: number;
  readonly fapId: number;
  readonly fapTimeAllocation: number | null;
}

/** The whole meeting decision of (proposal, instrument) as saved. */
export interface FapMeetingDecisionSavedData {
  readonly proposalPk: number;
  readonly instrumentId: number;
  readonly fapId: number;
  readonly recommendation: ProposalEndStatus | null;
  readonly commentForUser: string | null;
  readonly commentForManagement: string | null;
  readonly rankOrder: number | null;
  readonly submitted: boolean;
  readonly submittedBy: number | null;
  readonly becameSubmitted: boolean;
}

/** The availability of the proposal's instrument was submitted (or unsubmitted) in its panel for its call. */
export interface FapProposalInstrumentSubmittedData {
  readonly proposalPk: number;
  readonly fapId: number;
  readonly callId: number;
  readonly instrumentId: number;
  readonly submitted: boolean;
}

export const fapCreatedEvent = defineEvent<FapDetails, typeof FAP_CREATED>(FAP_CREATED, {
  stream: FAP_STREAM,
  description: (d) => `FAP ${JSON.stringify(d.code)} created`,
  changedObjectId: (d) => String(d.id),
});
export const fapUpdatedEvent = defineEvent<FapDetails, typeof FAP_UPDATED>(FAP_UPDATED, {
  stream: FAP_STREAM,
  description: (d) => `FAP ${JSON.stringify(d.code)} updated`,
  changedObjectId: (d) => String(d.id),
});
export const fapDeletedEvent = defineEvent<FapDeletedData, typeof FAP_DELETED>(FAP_DELETED, {
  stream: FAP_STREAM,
  description: (d) => `FAP ${d.id} deleted`,
  changedObjectId: (d) => String(d.id),
});
export const fapMemberAssignedEvent = defineEvent<FapMemberData, typeof FAP_MEMBER_ASSIGNED>(
  FAP_MEMBER_ASSIGNED,
  {
    stream: FAP_STREAM,
    description: (d) => `User ${d.userId} assigned to FAP ${d.fapId} as ${d.role}`,
    changedObjectId: (d) => String(d.fapId),
  },
);
export const fapMemberRemovedEvent = defineEvent<FapMemberData, typeof FAP_MEMBER_REMOVED>(
  FAP_MEMBER_REMOVED,
  {
    stream: FAP_STREAM,
    description: (d) => `User ${d.userId} removed from FAP ${d.fapId} as ${d.role}`,
    changedObjectId: (d) => String(d.fapId),
  },
);
export const fapInstrumentSubmittedEvent = defineEvent<
  FapInstrumentSubmittedData,
  typeof FAP_INSTRUMENT_SUBMITTED
>(FAP_INSTRUMENT_SUBMITTED, {
  stream: FAP_STREAM,
  description: (d) =>
    `Instrument ${d.instrumentId} ${d.submitted ? 'submitted' : 'unsubmitted'} in FAP ${d.fapId} for call ${d.callId}`,
  changedObjectId: (d) => String(d.fapId),
});

export const proposalFapsAssignedEvent = defineEvent<ProposalFapsAssignedData, typeof PROPOSAL_FAPS_ASSIGNED>(
  PROPOSAL_FAPS_ASSIGNED,
  {
    stream: FAP_PROPOSAL_STREAM,
    description: (d) =>
      d.faps.length === 0
        ? `Proposal ${d.proposalPk} removed from every FAP`
        : `Proposal ${d.proposalPk} assigned to FAP ${d.faps.map((f) => f.fapId).join(', ')}`,
    changedObjectId: (d) => String(d.proposalPk),
  },
);
export const fapReviewerAssignedEvent = defineEvent<FapReviewerAssignedData, typeof FAP_REVIEWER_ASSIGNED>(
  FAP_REVIEWER_ASSIGNED,
  {
    stream: FAP_PROPOSAL_STREAM,
    description: (d) =>
      `User ${d.userId} assigned to review proposal ${d.proposalPk} in FAP ${d.fapId}` +
      (d.overrideReason ? ` (conflict overridden: ${d.overrideReason})` : ''),
    changedObjectId: (d) => String(d.reviewId),
    objectType: 'fap-review',
  },
);
export const fapReviewerRemovedEvent = defineEvent<FapReviewerRemovedData, typeof FAP_REVIEWER_REMOVED>(
  FAP_REVIEWER_REMOVED,
  {
    stream: FAP_PROPOSAL_STREAM,
    description: (d) => `User ${d.userId} no longer reviews proposal ${d.proposalPk} in FAP ${d.fapId}`,
    changedObjectId: (d) => String(d.reviewId),
    objectType: 'fap-review',
  },
);
export const fapReviewSavedEvent = defineEvent<FapReviewSavedData, typeof FAP_REVIEW_SAVED>(
  FAP_REVIEW_SAVED,
  {
    stream: FAP_PROPOSAL_STREAM,
    description: (d) => `FAP review ${d.reviewId} of proposal ${d.proposalPk} saved (${d.status})`,
    changedObjectId: (d) => String(d.reviewId),
    objectType: 'fap-review',
  },
);
export const fapReviewSubmittedEvent = defineEvent<FapReviewSubmittedData, typeof FAP_REVIEW_SUBMITTED>(
  FAP_REVIEW_SUBMITTED,
  {
    stream: FAP_PROPOSAL_STREAM,
    description: (d) => `FAP review ${d.reviewId} of proposal ${d.proposalPk} submitted`,
    changedObjectId: (d) => String(d.reviewId),
    objectType: 'fap-review',
  },
);
export const fapReviewerRankSavedEvent = defineEvent<
  FapReviewerRankSavedData,
  typeof FAP_REVIEWER_RANK_SAVED
>(FAP_REVIEWER_RANK_SAVED, {
  stream: FAP_PROPOSAL_STREAM,
  description: (d) => `Reviewer rank of FAP review ${d.reviewId} set to ${d.rank ?? 'none'}`,
  changedObjectId: (d) => String(d.reviewId),
  objectType: 'fap-review',
});
export const fapTimeAllocationUpdatedEvent = defineEvent<
  FapTimeAllocationUpdatedData,
  typeof FAP_TIME_ALLOCATION_UPDATED
>(FAP_TIME_ALLOCATION_UPDATED, {
  stream: FAP_PROPOSAL_STREAM,
  description: (d) =>
    `FAP time of proposal ${d.proposalPk} in FAP ${d.fapId} set to ${d.fapTimeAllocation ?? 'none'}`,
  changedObjectId: (d) => String(d.proposalPk),
});
export const fapMeetingDecisionSavedEvent = defineEvent<
  FapMeetingDecisionSavedData,
  typeof FAP_MEETING_DECISION_SAVED
>(FAP_MEETING_DECISION_SAVED, {
  stream: FAP_PROPOSAL_STREAM,
  description: (d) =>
    `FAP meeting decision on proposal ${d.proposalPk} (instrument ${d.instrumentId}) ${d.becameSubmitted ? 'submitted' : 'saved'}` +
    ` (${d.recommendation ?? 'no recommendation'})`,
  changedObjectId: (d) => String(d.proposalPk),
});

export const fapProposalInstrumentSubmittedEvent = defineEvent<
  FapProposalInstrumentSubmittedData,
  typeof FAP_PROPOSAL_INSTRUMENT_SUBMITTED
>(FAP_PROPOSAL_INSTRUMENT_SUBMITTED, {
  stream: FAP_PROPOSAL_STREAM,
  description: (d) =>
    `Instrument ${d.instrumentId} of proposal ${d.proposalPk} ${d.submitted ? 'submitted' : 'unsubmitted'} in FAP ${d.fapId}`,
  changedObjectId: (d) => String(d.proposalPk),
});

export type FapEvent =
  | { readonly type: typeof FAP_CREATED; readonly data: FapDetails }
  | { readonly type: typeof FAP_UPDATED; readonly data: FapDetails }
  | { readonly type: typeof FAP_DELETED; readonly data: FapDeletedData }
  | { readonly type: typeof FAP_MEMBER_ASSIGNED; readonly data: FapMemberData }
  | { readonly type: typeof FAP_MEMBER_REMOVED; readonly data: FapMemberData }
  | { readonly type: typeof FAP_INSTRUMENT_SUBMITTED; readonly data: FapInstrumentSubmittedData };

export type FapProposalEvent =
  | { readonly type: typeof PROPOSAL_FAPS_ASSIGNED; readonly data: ProposalFapsAssignedData }
  | { readonly type: typeof FAP_REVIEWER_ASSIGNED; readonly data: FapReviewerAssignedData }
  | { readonly type: typeof FAP_REVIEWER_REMOVED; readonly data: FapReviewerRemovedData }
  | { readonly type: typeof FAP_REVIEW_SAVED; readonly data: FapReviewSavedData }
  | { readonly type: typeof FAP_REVIEW_SUBMITTED; readonly data: FapReviewSubmittedData }
  | { readonly type: typeof FAP_REVIEWER_RANK_SAVED; readonly data: FapReviewerRankSavedData }
  | { readonly type: typeof FAP_TIME_ALLOCATION_UPDATED; readonly data: FapTimeAllocationUpdatedData }
  | { readonly type: typeof FAP_MEETING_DECISION_SAVED; readonly data: FapMeetingDecisionSavedData }
  | {
      readonly type: typeof FAP_PROPOSAL_INSTRUMENT_SUBMITTED;
      readonly data: FapProposalInstrumentSubmittedData;
    };

export const FAP_EVENT_TYPES = [
  FAP_CREATED,
  FAP_UPDATED,
  FAP_DELETED,
  FAP_MEMBER_ASSIGNED,
  FAP_MEMBER_REMOVED,
  FAP_INSTRUMENT_SUBMITTED,
] as const;

export const FAP_PROPOSAL_EVENT_TYPES = [
  PROPOSAL_FAPS_ASSIGNED,
  FAP_REVIEWER_ASSIGNED,
  FAP_REVIEWER_REMOVED,
  FAP_REVIEW_SAVED,
  FAP_REVIEW_SUBMITTED,
  FAP_REVIEWER_RANK_SAVED,
  FAP_TIME_ALLOCATION_UPDATED,
  FAP_MEETING_DECISION_SAVED,
  FAP_PROPOSAL_INSTRUMENT_SUBMITTED,
] as const;

/**
 * The status-changing events (§1) one FAP-proposal event is to its proposal's workflow: assigned to a panel (when
 * it has one), all reviewers selected, a review saved / submitted, all reviews submitted, the meeting decision
 * saved / submitted, the availability of its instrument submitted in its panel.
 */
export function fapWorkflowEvents(event: FapProposalEvent): string[] {
  switch (event.type) {
    case PROPOSAL_FAPS_ASSIGNED:
      return event.data.faps.length > 0 ? ['PROPOSAL_FAP_SELECTED'] : [];
    case FAP_REVIEWER_ASSIGNED:
      return event.data.allReviewersSelected ? ['PROPOSAL_ALL_FAP_REVIEWERS_SELECTED'] : [];
    case FAP_REVIEW_SAVED:
      return ['PROPOSAL_FAP_REVIEW_UPDATED'];
    case FAP_REVIEW_SUBMITTED:
      return event.data.allSubmitted
        ? ['PROPOSAL_FAP_REVIEW_SUBMITTED', 'PROPOSAL_ALL_FAP_REVIEWS_SUBMITTED']
        : ['PROPOSAL_FAP_REVIEW_SUBMITTED'];
    case FAP_MEETING_DECISION_SAVED:
      return event.data.becameSubmitted
        ? ['PROPOSAL_FAP_MEETING_SAVED', 'PROPOSAL_FAP_MEETING_SUBMITTED']
        : ['PROPOSAL_FAP_MEETING_SAVED'];
    case FAP_PROPOSAL_INSTRUMENT_SUBMITTED:
      return event.data.submitted ? ['PROPOSAL_INSTRUMENT_SUBMITTED'] : [];
    default:
      return [];
  }
}

export const FAP_EVENTS = [
  fapCreatedEvent,
  fapUpdatedEvent,
  fapDeletedEvent,
  fapMemberAssignedEvent,
  fapMemberRemovedEvent,
  fapInstrumentSubmittedEvent,
  proposalFapsAssignedEvent,
  fapReviewerAssignedEvent,
  fapReviewerRemovedEvent,
  fapReviewSavedEvent,
  fapReviewSubmittedEvent,
  fapReviewerRankSavedEvent,
  fapTimeAllocationUpdatedEvent,
  fapMeetingDecisionSavedEvent,
  fapProposalInstrumentSubmittedEvent,
] as const;

registerEvents(...FAP_EVENTS);
