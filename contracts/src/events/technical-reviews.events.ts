import { TechnicalReviewStatus } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/**
 * The assessment of one proposal by the facility's scientists: its instruments, its techniques and the technical
 * review of each instrument. One stream per proposal: `proposal-assessment-<proposalPk>`.
 */
export const PROPOSAL_ASSESSMENT_STREAM = 'proposal-assessment';

export const proposalAssessmentStreamId = (proposalPk: number): string =>
  `${PROPOSAL_ASSESSMENT_STREAM}-${proposalPk}`;

export const PROPOSAL_INSTRUMENTS_ASSIGNED = 'ProposalInstrumentsAssigned';
export const PROPOSAL_TECHNIQUES_ASSIGNED = 'ProposalTechniquesAssigned';
export const TECHNICAL_REVIEW_SAVED = 'TechnicalReviewSaved';
export const TECHNICAL_REVIEW_SUBMITTED = 'TechnicalReviewSubmitted';
export const TECHNICAL_REVIEW_ASSIGNEE_CHANGED = 'TechnicalReviewAssigneeChanged';

/** An instrument as it was named when the proposal was assigned to it. */
export interface AssignedInstrument {
  readonly id: number;
  readonly name: string;
  readonly shortCode: string;
}

/** The blank technical review a new (proposal, instrument) gets (§4: status UNFEASIBLE, not submitted). */
export interface TechnicalReviewStub {
  readonly technicalReviewId: number;
  readonly instrumentId: number;
  /** the instrument's manager, else its first scientist, else nobody */
  readonly technicalReviewAssigneeId: number | null;
  /** a questionary of the call's technical review template, when the call has one */
  readonly questionaryId: number | null;
}

/** The proposal's instruments became `instruments`; new ones got a review stub, removed ones lost theirs. */
export interface ProposalInstrumentsAssignedData {
  readonly proposalPk: number;
  readonly instruments: readonly AssignedInstrument[];
  readonly createdReviews: readonly TechnicalReviewStub[];
  readonly deletedReviewIds: readonly number[];
}

export interface ProposalTechniquesAssignedData {
  readonly proposalPk: number;
  readonly techniques: readonly { readonly id: number; readonly name: string }[];
}

/** The whole review as saved (addTechnicalReview, or the answer to its TECHNICAL_REVIEW_BASIS question). */
export interface TechnicalReviewSavedData {
  readonly technicalReviewId: number;
  readonly proposalPk: number;
  readonly instrumentId: number;
  readonly status: TechnicalReviewStatus | null;
  readonly timeAllocation: number | null;
  readonly comment: string | null;
  readonly publicComment: string | null;
  readonly submitted: boolean;
  readonly reviewerId: number | null;
  readonly files: readonly string[];
  readonly questionaryId: number | null;
}

/** A review became submitted; `allSubmitted`: every review of the proposal is now submitted. */
export interface TechnicalReviewSubmittedData {
  readonly technicalReviewId: number;
  readonly proposalPk: number;
  readonly instrumentId: number;
  readonly status: TechnicalReviewStatus | null;
  readonly reviewerId: number | null;
  readonly allSubmitted: boolean;
}

export interface TechnicalReviewAssigneeChangedData {
  readonly technicalReviewId: number;
  readonly proposalPk: number;
  readonly instrumentId: number;
  readonly technicalReviewAssigneeId: number;
}

export const proposalInstrumentsAssignedEvent = defineEvent<
  ProposalInstrumentsAssignedData,
  typeof PROPOSAL_INSTRUMENTS_ASSIGNED
>(PROPOSAL_INSTRUMENTS_ASSIGNED, {
  stream: PROPOSAL_ASSESSMENT_STREAM,
  description: (d) =>
    d.instruments.length === 0
      ? `Proposal ${d.proposalPk} removed from every instrument`
      : `Proposal ${d.proposalPk} assigned to ${d.instruments.map((i) => i.shortCode || i.name).join(', ')}`,
  changedObjectId: (d) => String(d.proposalPk),
});

export const proposalTechniquesAssignedEvent = defineEvent<
  ProposalTechniquesAssignedData,
  typeof PROPOSAL_TECHNIQUES_ASSIGNED
>(PROPOSAL_TECHNIQUES_ASSIGNED, {
  stream: PROPOSAL_ASSESSMENT_STREAM,
  description: (d) =>
    d.techniques.length === 0
      ? `Proposal ${d.proposalPk} removed from every technique`
      : `Proposal ${d.proposalPk} assigned to techniques ${d.techniques.map((t) => t.name).join(', ')}`,
  changedObjectId: (d) => String(d.proposalPk),
});

export const technicalReviewSavedEvent = defineEvent<TechnicalReviewSavedData, typeof TECHNICAL_REVIEW_SAVED>(
  TECHNICAL_REVIEW_SAVED,
  {
    stream: PROPOSAL_ASSESSMENT_STREAM,
    description: (d) =>
      `Technical review ${d.technicalReviewId} of proposal ${d.proposalPk} saved (${d.status ?? 'no status'})`,
    changedObjectId: (d) => String(d.technicalReviewId),
    objectType: 'technical-review',
  },
);

export const technicalReviewSubmittedEvent = defineEvent<
  TechnicalReviewSubmittedData,
  typeof TECHNICAL_REVIEW_SUBMITTED
>(TECHNICAL_REVIEW_SUBMITTED, {
  stream: PROPOSAL_ASSESSMENT_STREAM,
  description: (d) =>
    `Technical review ${d.technicalReviewId} of proposal ${d.proposalPk} submitted (${d.status ?? 'no status'})`,
  changedObjectId: (d) => String(d.technicalReviewId),
  objectType: 'technical-review',
});

export const technicalReviewAssigneeChangedEvent = defineEvent<
  TechnicalReviewAssigneeChangedData,
  typeof TECHNICAL_REVIEW_ASSIGNEE_CHANGED
>(TECHNICAL_REVIEW_ASSIGNEE_CHANGED, {
  stream: PROPOSAL_ASSESSMENT_STREAM,
  description: (d) =>
    `Technical review ${d.technicalReviewId} of proposal ${d.proposalPk} assigned to user ${d.technicalReviewAssigneeId}`,
  changedObjectId: (d) => String(d.technicalReviewId),
  objectType: 'technical-review',
});

export type ProposalAssessmentEvent =
  | { readonly type: typeof PROPOSAL_INSTRUMENTS_ASSIGNED; readonly data: ProposalInstrumentsAssignedData }
  | { readonly type: typeof PROPOSAL_TECHNIQUES_ASSIGNED; readonly data: ProposalTechniquesAssignedData }
  | { readonly type: typeof TECHNICAL_REVIEW_SAVED; readonly data: TechnicalReviewSavedData }
  | { readonly type: typeof TECHNICAL_REVIEW_SUBMITTED; readonly data: TechnicalReviewSubmittedData }
  | {
      readonly type: typeof TECHNICAL_REVIEW_ASSIGNEE_CHANGED;
      readonly data: TechnicalReviewAssigneeChangedData;
    };

export const PROPOSAL_ASSESSMENT_EVENT_TYPES = [
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
] as const;

/**
 * The status-changing events (§1) one assessment event is to its proposal's workflow: assigned to an instrument
 * (when it has one), a review saved, a review submitted and found feasible or unfeasible, all reviews submitted.
 */
export function assessmentWorkflowEvents(event: ProposalAssessmentEvent): string[] {
  switch (event.type) {
    case PROPOSAL_INSTRUMENTS_ASSIGNED:
      return event.data.instruments.length > 0 ? ['PROPOSAL_INSTRUMENT_SELECTED'] : [];
    case TECHNICAL_REVIEW_SAVED:
      return ['PROPOSAL_FEASIBILITY_REVIEW_UPDATED'];
    case TECHNICAL_REVIEW_SUBMITTED: {
      const names = ['PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED'];
      if (event.data.status === TechnicalReviewStatus.FEASIBLE) names.push('PROPOSAL_FEASIBLE');
      if (event.data.status === TechnicalReviewStatus.UNFEASIBLE) names.push('PROPOSAL_UNFEASIBLE');
      if (event.data.allSubmitted) names.push('PROPOSAL_ALL_FEASIBILITY_REVIEWS_SUBMITTED');
      return names;
    }
    default:
      return [];
  }
}

export const PROPOSAL_ASSESSMENT_EVENTS = [
  proposalInstrumentsAssignedEvent,
  proposalTechniquesAssignedEvent,
  technicalReviewSavedEvent,
  technicalReviewSubmittedEvent,
  technicalReviewAssigneeChangedEvent,
] as const;

registerEvents(...PROPOSAL_ASSESSMENT_EVENTS);
