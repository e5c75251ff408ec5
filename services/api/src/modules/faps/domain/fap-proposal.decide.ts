import {
  FAP_MEETING_DECISION_SAVED,
  FAP_REVIEWER_ASSIGNED,
  FAP_REVIEWER_RANK_SAVED,
  FAP_REVIEWER_REMOVED,
  FAP_REVIEW_SAVED,
  FAP_REVIEW_SUBMITTED,
  FAP_TIME_ALLOCATION_UPDATED,
  PROPOSAL_FAPS_ASSIGNED,
  ProposalEndStatus,
  ReviewStatus,
  fapMeetingDecisionSavedEvent,
  fapMessages,
  fapProposalInstrumentSubmittedEvent,
  fapReviewSavedEvent,
  fapReviewSubmittedEvent,
  fapReviewerAssignedEvent,
  fapReviewerRankSavedEvent,
  fapReviewerRemovedEvent,
  fapTimeAllocationUpdatedEvent,
  proposalFapsAssignedEvent,
  type ConflictRecord,
  type FapInstrumentPair,
  type FapMeetingDecisionSavedData,
  type FapProposalEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = fapMessages;

export interface FapReviewState {
  reviewId: number;
  fapId: number;
  userId: number;
  grade: number | null;
  comment: string | null;
  status: ReviewStatus;
  questionaryId: number | null;
  rank: number | null;
  /** the conflicts of interest (their reasons) accepted when the reviewer was assigned, and why; none: [], null */
  conflicts: readonly string[];
  overrideReason: string | null;
}

export interface DecisionState {
  instrumentId: number;
  fapId: number;
  recommendation: ProposalEndStatus | null;
  commentForUser: string | null;
  commentForManagement: string | null;
  rankOrder: number | null;
  submitted: boolean;
  submittedBy: number | null;
}

/** Everything FAP about one proposal, folded from `fap-proposal-<proposalPk>`. */
export interface FapProposalState {
  callId: number | null;
  faps: readonly FapInstrumentPair[];
  reviews: readonly FapReviewState[];
  timeAllocations: readonly { fapId: number; fapTimeAllocation: number | null }[];
  decisions: readonly DecisionState[];
}

export const initialFapProposalState: FapProposalState = {
  callId: null,
  faps: [],
  reviews: [],
  timeAllocations: [],
  decisions: [],
};

const withReview = (
  state: FapProposalState,
  reviewId: number,
  change: (r: FapReviewState) => FapReviewState,
): FapProposalState => ({
  ...state,
  reviews: state.reviews.map((r) => (r.reviewId === reviewId ? change(r) : r)),
});

export function evolveFapProposal(
  state: FapProposalState,
  event: { type: string; data: unknown },
): FapProposalState {
  const e = event as FapProposalEvent;
  switch (e.type) {
    case PROPOSAL_FAPS_ASSIGNED: {
      const deleted = new Set(e.data.deletedReviewIds);
      const kept = new Set(e.data.faps.map((f) => f.fapId));
      return {
        ...state,
        callId: e.data.callId,
        faps: e.data.faps,
        reviews: state.reviews.filter((r) => !deleted.has(r.reviewId)),
        timeAllocations: state.timeAllocations.filter((t) => kept.has(t.fapId)),
      };
    }
    case FAP_REVIEWER_ASSIGNED:
      return {
        ...state,
        reviews: [
          ...state.reviews,
          {
            reviewId: e.data.reviewId,
            fapId: e.data.fapId,
            userId: e.data.userId,
            grade: null,
            comment: null,
            status: ReviewStatus.DRAFT,
            questionaryId: e.data.questionaryId,
            rank: null,
            conflicts: (e.data.conflicts ?? []).map((c) => c.reason),
            overrideReason: e.data.overrideReason ?? null,
          },
        ],
      };
    case FAP_REVIEWER_REMOVED:
      return { ...state, reviews: state.reviews.filter((r) => r.reviewId !== e.data.reviewId) };
    case FAP_REVIEW_SAVED:
      return withReview(state, e.data.reviewId, (r) => ({
        ...r,
        grade: e.data.grade,
        comment: e.data.comment,
        status: e.data.status,
        questionaryId: e.data.questionaryId,
      }));
    case FAP_REVIEW_SUBMITTED:
      return withReview(state, e.data.reviewId, (r) => ({ ...r, status: ReviewStatus.SUBMITTED }));
    case FAP_REVIEWER_RANK_SAVED:
      return withReview(state, e.data.reviewId, (r) => ({ ...r, rank: e.data.rank }));
    case FAP_TIME_ALLOCATION_UPDATED:
      return {
        ...state,
        timeAllocations: [
          ...state.timeAllocations.filter((t) => t.fapId !== e.data.fapId),
          { fapId: e.data.fapId, fapTimeAllocation: e.data.fapTimeAllocation },
        ],
      };
    case FAP_MEETING_DECISION_SAVED: {
      const d = e.data;
      const decision: DecisionState = {
        instrumentId: d.instrumentId,
        fapId: d.fapId,
        recommendation: d.recommendation,
        commentForUser: d.commentForUser,
        commentForManagement: d.commentForManagement,
        rankOrder: d.rankOrder,
        submitted: d.submitted,
        submittedBy: d.submittedBy,
      };
      return {
        ...state,
        decisions: [...state.decisions.filter((d) => d.instrumentId !== e.data.instrumentId), decision],
      };
    }
    default:
      return state;
  }
}

/** Who acts, as the rules need it: an officer, or the panels the caller chairs or is secretary of. */
export interface FapActor {
  id: number;
  isOfficer: boolean;
  /** panels the caller is chair or secretary of */
  staffOfFapIds: readonly number[];
}

export interface DecisionValues {
  recommendation: ProposalEndStatus | null;
  commentForUser: string | null;
  commentForManagement: string | null;
  rankOrder: number | null;
  submitted: boolean;
}

export type FapProposalCommand =
  /** assignProposalsToFaps: the proposal's panels become exactly `faps` (empty: none; their reviews deleted) */
  | { type: 'AssignFaps'; proposalPk: number; callId: number; faps: readonly FapInstrumentPair[] }
  | { type: 'RemoveFaps'; proposalPk: number; fapIds: readonly number[] }
  /**
   * addUserForReview / applyAutomaticAssignment: `conflicts` as computed by the server (`conflictsOf`); soft ones
   * are already dropped when CONFLICT_OF_INTEREST_WARNING is off.
   */
  | {
      type: 'AddReviewer';
      proposalPk: number;
      proposalId: string;
      fapId: number;
      reviewId: number;
      userId: number;
      userName: string;
      memberIds: readonly number[];
      numberRatingsRequired: number;
      questionaryId: number | null;
      conflicts: readonly ConflictRecord[];
      overrideReason: string | null;
    }
  | { type: 'RemoveReviewer'; proposalPk: number; reviewId: number }
  /** updateReview: grade and comment already validated and sanitised */
  | {
      type: 'SaveReview';
      proposalPk: number;
      reviewId: number;
      actor: FapActor;
      grade: number | null;
      comment: string | null;
      status: ReviewStatus;
      questionaryId: number | null;
    }
  /** submitProposalsReview */
  | { type: 'SubmitReview'; proposalPk: number; reviewId: number; actor: FapActor }
  | { type: 'SaveReviewerRank'; proposalPk: number; reviewId: number; rank: number | null }
  | { type: 'UpdateTimeAllocation'; proposalPk: number; fapId: number; fapTimeAllocation: number | null }
  | {
      type: 'SaveDecision';
      proposalPk: number;
      instrumentId: number;
      actor: FapActor;
      values: DecisionValues;
    }
  | { type: 'ReorderDecision'; proposalPk: number; instrumentId: number; rankOrder: number | null }
  /** submitFapMeetingDecisions: a complete decision (a recommendation other than UNSET) becomes submitted */
  | { type: 'SubmitDecision'; proposalPk: number; instrumentId: number; actor: FapActor }
  /** submit/unsubmitInstrumentInFap, recorded on each proposal of the panel on that instrument (workflow event) */
  | {
      type: 'RecordInstrumentSubmitted';
      proposalPk: number;
      fapId: number;
      callId: number;
      instrumentId: number;
      submitted: boolean;
    }
  /** several commands on the same proposal decided in order, each on the state the previous ones left: one append */
  | { type: 'Batch'; proposalPk: number; commands: readonly FapProposalCommand[] };

function reviewOf(state: FapProposalState, reviewId: number): FapReviewState {
  const review = state.reviews.find((r) => r.reviewId === reviewId);
  if (!review) throw notFound(M.reviewNotFound);
  return review;
}

function assertOnFap(state: FapProposalState, proposal: string | number, fapId: number): void {
  if (!state.faps.some((f) => f.fapId === fapId)) throw badInput(M.proposalNotOnFap(proposal, fapId));
}

function fapOfInstrument(state: FapProposalState, proposalPk: number, instrumentId: number): number {
  const pair = state.faps.find((f) => f.instrumentId === instrumentId);
  if (!pair) throw badInput(M.proposalNotOnInstrument(proposalPk, instrumentId));
  return pair.fapId;
}

const isComplete = (r: { grade: number | null; comment: string | null }) =>
  r.grade !== null && r.comment !== null && r.comment.trim() !== '';

function assignFaps(
  proposalPk: number,
  callId: number,
  state: FapProposalState,
  faps: readonly FapInstrumentPair[],
): NewEvent[] {
  const unique = faps.filter(
    (f, n) => faps.findIndex((g) => g.fapId === f.fapId && g.instrumentId === f.instrumentId) === n,
  );
  const wanted = new Set(unique.map((f) => f.fapId));
  const deletedReviewIds = state.reviews.filter((r) => !wanted.has(r.fapId)).map((r) => r.reviewId);
  const same =
    unique.length === state.faps.length &&
    unique.every((f, n) => state.faps[n].fapId === f.fapId && state.faps[n].instrumentId === f.instrumentId);
  if (same && state.callId === callId) return [];
  return [proposalFapsAssignedEvent.create({ proposalPk, callId, faps: unique, deletedReviewIds })];
}

const mayActOnFap = (actor: FapActor, fapId: number) =>
  actor.isOfficer || actor.staffOfFapIds.includes(fapId);

function decisionSaved(
  proposalPk: number,
  current: DecisionState | undefined,
  next: Omit<FapMeetingDecisionSavedData, 'proposalPk' | 'becameSubmitted'>,
): NewEvent[] {
  if (
    current &&
    current.fapId === next.fapId &&
    current.recommendation === next.recommendation &&
    current.commentForUser === next.commentForUser &&
    current.commentForManagement === next.commentForManagement &&
    current.rankOrder === next.rankOrder &&
    current.submitted === next.submitted &&
    current.submittedBy === next.submittedBy
  )
    return [];
  return [
    fapMeetingDecisionSavedEvent.create({
      proposalPk,
      ...next,
      becameSubmitted: next.submitted && !(current?.submitted ?? false),
    }),
  ];
}

export function decideFapProposal(command: FapProposalCommand, state: FapProposalState): NewEvent[] {
  switch (command.type) {
    case 'Batch': {
      const events: NewEvent[] = [];
      let current = state;
      for (const c of command.commands) {
        if (c.proposalPk !== command.proposalPk) throw new Error('A batch holds commands of one proposal');
        const decided = decideFapProposal(c, current);
        events.push(...decided);
        current = decided.reduce(
          (s, e) => evolveFapProposal(s, e as { type: string; data: unknown }),
          current,
        );
      }
      return events;
    }
    case 'AssignFaps':
      return assignFaps(command.proposalPk, command.callId, state, command.faps);
    case 'RemoveFaps': {
      const kept = state.faps.filter((f) => !command.fapIds.includes(f.fapId));
      if (kept.length === state.faps.length) return [];
      return assignFaps(command.proposalPk, state.callId ?? 0, state, kept);
    }
    case 'AddReviewer': {
      assertOnFap(state, command.proposalId, command.fapId);
      if (!command.memberIds.includes(command.userId))
        throw badInput(M.notMember(command.userId, command.fapId));
      if (state.reviews.some((r) => r.fapId === command.fapId && r.userId === command.userId)) return [];
      const hard = command.conflicts.filter((c) => c.hard);
      if (hard.length > 0) throw forbidden(M.hardConflict(command.userName));
      const override = command.overrideReason?.trim() || null;
      if (command.conflicts.length > 0 && !override)
        throw badInput(M.softConflict(command.userName, command.conflicts.map((c) => c.reason).join('; ')));
      const count = state.reviews.filter((r) => r.fapId === command.fapId).length + 1;
      return [
        fapReviewerAssignedEvent.create({
          reviewId: command.reviewId,
          proposalPk: command.proposalPk,
          fapId: command.fapId,
          userId: command.userId,
          questionaryId: command.questionaryId,
          conflicts: command.conflicts,
          overrideReason: command.conflicts.length > 0 ? override : null,
          allReviewersSelected: command.numberRatingsRequired > 0 && count === command.numberRatingsRequired,
        }),
      ];
    }
    case 'RemoveReviewer': {
      const review = state.reviews.find((r) => r.reviewId === command.reviewId);
      if (!review) return [];
      return [
        fapReviewerRemovedEvent.create({
          reviewId: review.reviewId,
          proposalPk: command.proposalPk,
          fapId: review.fapId,
          userId: review.userId,
        }),
      ];
    }
    case 'SaveReview': {
      const review = reviewOf(state, command.reviewId);
      const { actor } = command;
      const own = review.userId === actor.id;
      if (!own && !mayActOnFap(actor, review.fapId)) throw forbidden(M.onlyOwnReview);
      if (review.status === ReviewStatus.SUBMITTED && !actor.isOfficer) throw badInput(M.submittedFinal);
      const saved = {
        reviewId: review.reviewId,
        proposalPk: command.proposalPk,
        fapId: review.fapId,
        userId: review.userId,
        grade: command.grade,
        comment: command.comment,
        status: command.status,
        questionaryId: command.questionaryId ?? review.questionaryId,
      };
      if (
        saved.grade === review.grade &&
        saved.comment === review.comment &&
        saved.status === review.status &&
        saved.questionaryId === review.questionaryId
      )
        return [];
      const events: NewEvent[] = [fapReviewSavedEvent.create(saved)];
      if (saved.status === ReviewStatus.SUBMITTED && review.status !== ReviewStatus.SUBMITTED) {
        if (!isComplete(saved)) throw badInput(M.incompleteReviews([review.reviewId]));
        events.push(submitted(state, command.proposalPk, { ...review, grade: saved.grade }));
      }
      return events;
    }
    case 'SubmitReview': {
      const review = reviewOf(state, command.reviewId);
      if (review.userId !== command.actor.id && !mayActOnFap(command.actor, review.fapId))
        throw forbidden(M.onlyOwnReview);
      if (review.status === ReviewStatus.SUBMITTED) return [];
      if (!isComplete(review)) throw badInput(M.incompleteReviews([review.reviewId]));
      return [submitted(state, command.proposalPk, review)];
    }
    case 'SaveReviewerRank': {
      const review = reviewOf(state, command.reviewId);
      if (command.rank !== null && command.rank < 1) throw badInput(M.rankMin);
      if (review.rank === command.rank) return [];
      return [
        fapReviewerRankSavedEvent.create({
          reviewId: review.reviewId,
          proposalPk: command.proposalPk,
          fapId: review.fapId,
          rank: command.rank,
        }),
      ];
    }
    case 'UpdateTimeAllocation': {
      assertOnFap(state, command.proposalPk, command.fapId);
      const current = state.timeAllocations.find((t) => t.fapId === command.fapId)?.fapTimeAllocation ?? null;
      if (current === command.fapTimeAllocation) return [];
      return [
        fapTimeAllocationUpdatedEvent.create({
          proposalPk: command.proposalPk,
          fapId: command.fapId,
          fapTimeAllocation: command.fapTimeAllocation,
        }),
      ];
    }
    case 'SaveDecision': {
      const fapId = fapOfInstrument(state, command.proposalPk, command.instrumentId);
      const { actor, values } = command;
      if (!mayActOnFap(actor, fapId)) throw forbidden(M.notChairOrSecretaryOfFap);
      const current = state.decisions.find((d) => d.instrumentId === command.instrumentId);
      if (current?.submitted && !actor.isOfficer) throw forbidden(M.decisionSubmitted);
      const blank = (s: string | null) => (s === null || s.trim() === '' ? null : s);
      return decisionSaved(command.proposalPk, current, {
        instrumentId: command.instrumentId,
        fapId,
        recommendation: values.recommendation,
        commentForUser: blank(values.commentForUser),
        commentForManagement: blank(values.commentForManagement),
        rankOrder: values.rankOrder,
        submitted: values.submitted,
        submittedBy: values.submitted ? (current?.submitted ? current.submittedBy : actor.id) : null,
      });
    }
    case 'ReorderDecision': {
      const fapId = fapOfInstrument(state, command.proposalPk, command.instrumentId);
      const current = state.decisions.find((d) => d.instrumentId === command.instrumentId);
      return decisionSaved(command.proposalPk, current, {
        instrumentId: command.instrumentId,
        fapId,
        recommendation: current?.recommendation ?? null,
        commentForUser: current?.commentForUser ?? null,
        commentForManagement: current?.commentForManagement ?? null,
        rankOrder: command.rankOrder,
        submitted: current?.submitted ?? false,
        submittedBy: current?.submittedBy ?? null,
      });
    }
    case 'RecordInstrumentSubmitted': {
      if (!state.faps.some((f) => f.fapId === command.fapId && f.instrumentId === command.instrumentId))
        return [];
      const { proposalPk, fapId, callId, instrumentId, submitted } = command;
      return [
        fapProposalInstrumentSubmittedEvent.create({ proposalPk, fapId, callId, instrumentId, submitted }),
      ];
    }
    case 'SubmitDecision': {
      const fapId = fapOfInstrument(state, command.proposalPk, command.instrumentId);
      if (!mayActOnFap(command.actor, fapId)) throw forbidden(M.notChairOrSecretaryOfFap);
      const current = state.decisions.find((d) => d.instrumentId === command.instrumentId);
      if (!current || !isDecisionComplete(current) || current.submitted) return [];
      return decisionSaved(command.proposalPk, current, {
        ...current,
        submitted: true,
        submittedBy: command.actor.id,
      });
    }
  }
}

/** A decision the meeting may submit: it has a recommendation other than UNSET. */
export const isDecisionComplete = (d: { recommendation: ProposalEndStatus | null } | undefined): boolean =>
  !!d && d.recommendation !== null && d.recommendation !== ProposalEndStatus.UNSET;

function submitted(state: FapProposalState, proposalPk: number, review: FapReviewState): NewEvent {
  return fapReviewSubmittedEvent.create({
    reviewId: review.reviewId,
    proposalPk,
    fapId: review.fapId,
    userId: review.userId,
    grade: review.grade,
    allSubmitted: state.reviews
      .filter((r) => r.fapId === review.fapId)
      .every((r) => r.reviewId === review.reviewId || r.status === ReviewStatus.SUBMITTED),
  });
}

export const fapProposalDecider: Decider<FapProposalState, FapProposalCommand> = {
  initialState: initialFapProposalState,
  evolve: evolveFapProposal,
  decide: decideFapProposal,
};
