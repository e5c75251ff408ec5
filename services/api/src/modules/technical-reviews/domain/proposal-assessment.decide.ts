import {
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TechnicalReviewStatus,
  proposalInstrumentsAssignedEvent,
  proposalTechniquesAssignedEvent,
  technicalReviewAssigneeChangedEvent,
  technicalReviewRuleMessages,
  technicalReviewSavedEvent,
  technicalReviewSubmittedEvent,
  type AssignedInstrument,
  type ProposalAssessmentEvent,
  type TechnicalReviewStub,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, conflict, forbidden, notFound } from '../../../platform/errors/app-error';

const M = technicalReviewRuleMessages;

/** One technical review (§3) as the rules need it. */
export interface ReviewState {
  technicalReviewId: number;
  instrumentId: number;
  status: TechnicalReviewStatus | null;
  timeAllocation: number | null;
  comment: string | null;
  publicComment: string | null;
  submitted: boolean;
  reviewerId: number | null;
  technicalReviewAssigneeId: number | null;
  files: readonly string[];
  questionaryId: number | null;
}

/** The assessment of one proposal, folded from `proposal-assessment-<proposalPk>`. */
export interface ProposalAssessmentState {
  instruments: readonly AssignedInstrument[];
  techniques: readonly { id: number; name: string }[];
  reviews: readonly ReviewState[];
}

export const initialProposalAssessmentState: ProposalAssessmentState = {
  instruments: [],
  techniques: [],
  reviews: [],
};

const withReview = (
  state: ProposalAssessmentState,
  technicalReviewId: number,
  change: (r: ReviewState) => ReviewState,
): ProposalAssessmentState => ({
  ...state,
  reviews: state.reviews.map((r) => (r.technicalReviewId === technicalReviewId ? change(r) : r)),
});

export function evolveProposalAssessment(
  state: ProposalAssessmentState,
  event: { type: string; data: unknown },
): ProposalAssessmentState {
  const e = event as ProposalAssessmentEvent;
  switch (e.type) {
    case PROPOSAL_INSTRUMENTS_ASSIGNED: {
      const deleted = new Set(e.data.deletedReviewIds);
      return {
        ...state,
        instruments: e.data.instruments,
        reviews: [
          ...state.reviews.filter((r) => !deleted.has(r.technicalReviewId)),
          ...e.data.createdReviews.map((s): ReviewState => ({
            technicalReviewId: s.technicalReviewId,
            instrumentId: s.instrumentId,
            status: TechnicalReviewStatus.UNFEASIBLE,
            timeAllocation: null,
            comment: null,
            publicComment: null,
            submitted: false,
            reviewerId: null,
            technicalReviewAssigneeId: s.technicalReviewAssigneeId,
            files: [],
            questionaryId: s.questionaryId,
          })),
        ],
      };
    }
    case PROPOSAL_TECHNIQUES_ASSIGNED:
      return { ...state, techniques: e.data.techniques };
    case TECHNICAL_REVIEW_SAVED: {
      const d = e.data;
      return withReview(state, d.technicalReviewId, (r) => ({
        ...r,
        status: d.status,
        timeAllocation: d.timeAllocation,
        comment: d.comment,
        publicComment: d.publicComment,
        submitted: d.submitted,
        reviewerId: d.reviewerId,
        files: d.files,
        questionaryId: d.questionaryId,
      }));
    }
    case TECHNICAL_REVIEW_SUBMITTED:
      return withReview(state, e.data.technicalReviewId, (r) => ({
        ...r,
        submitted: true,
        reviewerId: e.data.reviewerId,
      }));
    case TECHNICAL_REVIEW_ASSIGNEE_CHANGED:
      return withReview(state, e.data.technicalReviewId, (r) => ({
        ...r,
        technicalReviewAssigneeId: e.data.technicalReviewAssigneeId,
      }));
    default:
      return state;
  }
}

/** Who saves or submits a review, as the §6 rules need it. */
export interface ReviewActor {
  id: number;
  isOfficer: boolean;
  /** a FAP chair or secretary while the setting FAP_SECS_EDIT_TECH_REVIEWS is "true" */
  isFapSecretaryAllowed: boolean;
}

/** The fields of a review an editor sets (addTechnicalReview, the basis answer of its questionary). */
export interface ReviewValues {
  status: TechnicalReviewStatus | null;
  timeAllocation: number | null;
  comment: string | null;
  publicComment: string | null;
  submitted: boolean;
  reviewerId: number | null;
  files: readonly string[];
  questionaryId?: number | null;
}

export type ProposalAssessmentCommand =
  /**
   * The proposal's instruments become exactly `instruments` (in this order). Each instrument not assigned yet gets
   * the review stub of `stubs` (its id, default assignee and questionary, prepared by the caller); an instrument
   * no longer assigned loses its review.
   */
  | {
      type: 'AssignInstruments';
      proposalPk: number;
      instruments: readonly AssignedInstrument[];
      stubs: readonly TechnicalReviewStub[];
    }
  /** removeProposalsFromInstrument: that instrument, or every one when `instrumentId` is null */
  | { type: 'RemoveInstrument'; proposalPk: number; instrumentId: number | null }
  | { type: 'AssignTechniques'; proposalPk: number; techniques: readonly { id: number; name: string }[] }
  /** addTechnicalReview: the review of (proposal, instrument) becomes `values` */
  | { type: 'SaveReview'; proposalPk: number; instrumentId: number; actor: ReviewActor; values: ReviewValues }
  /** submitTechnicalReviews: one-way; an already submitted review stays as it is */
  | {
      type: 'SubmitReview';
      proposalPk: number;
      instrumentId: number;
      actor: ReviewActor;
      reviewerId: number | null;
    }
  /**
   * updateTechnicalReviewAssignee: `eligibleAssigneeIds` are the instrument's manager and scientists; a submitted
   * review keeps its assignee.
   */
  | {
      type: 'ChangeAssignee';
      proposalPk: number;
      instrumentId: number;
      assigneeId: number;
      eligibleAssigneeIds: readonly number[];
    };

function reviewOf(state: ProposalAssessmentState, proposalPk: number, instrumentId: number): ReviewState {
  const review = state.reviews.find((r) => r.instrumentId === instrumentId);
  if (!review) throw notFound(M.proposalNotOnInstrument(proposalPk, instrumentId));
  return review;
}

/** §6: officers; the assignee; FAP chair/secretary when the setting allows. A submitted review: officers only. */
function assertMayEdit(review: ReviewState, actor: ReviewActor): void {
  if (actor.isOfficer) return;
  if (review.technicalReviewAssigneeId !== actor.id && !actor.isFapSecretaryAllowed)
    throw forbidden(M.mayNotEdit);
  if (review.submitted) throw forbidden(M.submittedOnlyOfficer);
}

function submittedEvent(state: ProposalAssessmentState, proposalPk: number, review: ReviewState): NewEvent {
  return technicalReviewSubmittedEvent.create({
    technicalReviewId: review.technicalReviewId,
    proposalPk,
    instrumentId: review.instrumentId,
    status: review.status,
    reviewerId: review.reviewerId,
    allSubmitted: state.reviews.every((r) => r.submitted || r.technicalReviewId === review.technicalReviewId),
  });
}

function assignInstruments(
  proposalPk: number,
  state: ProposalAssessmentState,
  instruments: readonly AssignedInstrument[],
  stubs: readonly TechnicalReviewStub[],
): NewEvent[] {
  const unique = instruments.filter((i, n) => instruments.findIndex((j) => j.id === i.id) === n);
  const wanted = new Set(unique.map((i) => i.id));
  const current = new Set(state.instruments.map((i) => i.id));
  const createdReviews = unique
    .filter((i) => !state.reviews.some((r) => r.instrumentId === i.id))
    .map((i) => {
      const stub = stubs.find((s) => s.instrumentId === i.id);
      // the caller prepared stubs from a read model that was behind the stream: decided again on a retry
      if (!stub) throw conflict(`The instruments of proposal ${proposalPk} changed meanwhile: try again`);
      return stub;
    });
  const deletedReviewIds = state.reviews
    .filter((r) => !wanted.has(r.instrumentId))
    .map((r) => r.technicalReviewId);
  const same =
    unique.length === state.instruments.length &&
    unique.every((i, n) => {
      const was = state.instruments[n];
      return was.id === i.id && was.name === i.name && was.shortCode === i.shortCode;
    });
  if (same && createdReviews.length === 0 && deletedReviewIds.length === 0 && wanted.size === current.size)
    return [];
  return [
    proposalInstrumentsAssignedEvent.create({
      proposalPk,
      instruments: unique,
      createdReviews,
      deletedReviewIds,
    }),
  ];
}

export function decideProposalAssessment(
  command: ProposalAssessmentCommand,
  state: ProposalAssessmentState,
): NewEvent[] {
  switch (command.type) {
    case 'AssignInstruments':
      return assignInstruments(command.proposalPk, state, command.instruments, command.stubs);
    case 'RemoveInstrument': {
      const kept =
        command.instrumentId === null ? [] : state.instruments.filter((i) => i.id !== command.instrumentId);
      return assignInstruments(command.proposalPk, state, kept, []);
    }
    case 'AssignTechniques': {
      const unique = command.techniques.filter(
        (t, n) => command.techniques.findIndex((u) => u.id === t.id) === n,
      );
      const same =
        unique.length === state.techniques.length &&
        unique.every((t, n) => state.techniques[n].id === t.id && state.techniques[n].name === t.name);
      if (same) return [];
      return [proposalTechniquesAssignedEvent.create({ proposalPk: command.proposalPk, techniques: unique })];
    }
    case 'SaveReview': {
      const review = reviewOf(state, command.proposalPk, command.instrumentId);
      assertMayEdit(review, command.actor);
      const v = command.values;
      if (v.status === null) throw badInput(M.statusRequired, { status: M.statusRequired });
      const saved = {
        technicalReviewId: review.technicalReviewId,
        proposalPk: command.proposalPk,
        instrumentId: review.instrumentId,
        status: v.status,
        timeAllocation: v.timeAllocation,
        comment: v.comment,
        publicComment: v.publicComment,
        submitted: v.submitted,
        reviewerId: v.reviewerId,
        files: [...v.files],
        questionaryId: v.questionaryId === undefined ? review.questionaryId : v.questionaryId,
      };
      const unchanged =
        saved.status === review.status &&
        saved.timeAllocation === review.timeAllocation &&
        saved.comment === review.comment &&
        saved.publicComment === review.publicComment &&
        saved.submitted === review.submitted &&
        saved.reviewerId === review.reviewerId &&
        saved.questionaryId === review.questionaryId &&
        saved.files.join('\n') === review.files.join('\n');
      if (unchanged) return [];
      const events: NewEvent[] = [technicalReviewSavedEvent.create(saved)];
      if (saved.submitted && !review.submitted) {
        const after = evolveProposalAssessment(state, { type: TECHNICAL_REVIEW_SAVED, data: saved });
        events.push(
          submittedEvent(after, command.proposalPk, reviewOf(after, command.proposalPk, review.instrumentId)),
        );
      }
      return events;
    }
    case 'SubmitReview': {
      const review = reviewOf(state, command.proposalPk, command.instrumentId);
      if (review.submitted) return [];
      assertMayEdit(review, command.actor);
      if (review.status === null) throw badInput(M.statusRequired);
      return [submittedEvent(state, command.proposalPk, { ...review, reviewerId: command.reviewerId })];
    }
    case 'ChangeAssignee': {
      const review = reviewOf(state, command.proposalPk, command.instrumentId);
      if (!command.eligibleAssigneeIds.includes(command.assigneeId)) throw badInput(M.assigneeNotScientist);
      if (review.submitted || review.technicalReviewAssigneeId === command.assigneeId) return [];
      return [
        technicalReviewAssigneeChangedEvent.create({
          technicalReviewId: review.technicalReviewId,
          proposalPk: command.proposalPk,
          instrumentId: review.instrumentId,
          technicalReviewAssigneeId: command.assigneeId,
        }),
      ];
    }
  }
}

export const proposalAssessmentDecider: Decider<ProposalAssessmentState, ProposalAssessmentCommand> = {
  initialState: initialProposalAssessmentState,
  evolve: evolveProposalAssessment,
  decide: decideProposalAssessment,
};
