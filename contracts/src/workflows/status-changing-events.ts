import { ProposalEndStatus, WorkflowType } from '../enums';

/**
 * A status-changing event (§1, §3): a fact a workflow connection can wait for. A connection into a status
 * carries the events that must all have happened since the proposal (or experiment) entered the connection's
 * previous status; the workflow engine (a later issue) moves it on when they have.
 */
export interface StatusChangingEvent {
  /** upper snake case, e.g. PROPOSAL_SUBMITTED */
  readonly name: string;
  readonly description: string;
  readonly entityType: WorkflowType;
  /** the module that emits it (the domain event the engine maps to this name lives there) */
  readonly emittedBy: string;
}

const proposal = (name: string, description: string, emittedBy: string): StatusChangingEvent => ({
  name,
  description,
  entityType: WorkflowType.PROPOSAL,
  emittedBy,
});
const experiment = (name: string, description: string, emittedBy: string): StatusChangingEvent => ({
  name,
  description,
  entityType: WorkflowType.EXPERIMENT,
  emittedBy,
});

/** Every status-changing event a connection may wait for, by entity type. */
export const STATUS_CHANGING_EVENTS: readonly StatusChangingEvent[] = [
  proposal('PROPOSAL_CREATED', 'A proposal was created', 'proposals'),
  proposal('PROPOSAL_UPDATED', 'The proposal was updated (title, abstract, people or answers)', 'proposals'),
  proposal('PROPOSAL_SUBMITTED', 'The proposal was submitted', 'proposals'),
  proposal('PROPOSAL_DELETED', 'The proposal was deleted', 'proposals'),
  proposal('PROPOSAL_STATUS_CHANGED_BY_USER', 'An officer changed the status of the proposal', 'proposals'),
  proposal(
    'PROPOSAL_STATUS_CHANGED_BY_WORKFLOW',
    'The workflow moved the proposal to a new status',
    'workflows (engine)',
  ),
  proposal('CALL_ENDED', 'The call of the proposal closed', 'calls'),
  proposal('CALL_ENDED_INTERNAL', 'The call of the proposal closed for internal users', 'calls'),
  proposal('CALL_REVIEW_ENDED', 'The review period of the call ended', 'calls'),
  proposal('CALL_FAP_REVIEW_ENDED', 'The FAP review period of the call ended', 'calls'),
  proposal('PROPOSAL_INSTRUMENT_SELECTED', 'The proposal was assigned to an instrument', 'instruments'),
  proposal('PROPOSAL_FEASIBILITY_REVIEW_UPDATED', 'A technical review of the proposal was saved', 'reviews'),
  proposal(
    'PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED',
    'A technical (feasibility) review of the proposal was submitted',
    'reviews',
  ),
  proposal(
    'PROPOSAL_ALL_FEASIBILITY_REVIEWS_SUBMITTED',
    'Every technical review of the proposal was submitted',
    'reviews',
  ),
  proposal('PROPOSAL_FEASIBLE', 'A submitted technical review found the proposal feasible', 'reviews'),
  proposal('PROPOSAL_UNFEASIBLE', 'A submitted technical review found the proposal unfeasible', 'reviews'),
  proposal('PROPOSAL_FAP_SELECTED', 'The proposal was assigned to a FAP', 'faps'),
  proposal(
    'PROPOSAL_ALL_FAP_REVIEWERS_SELECTED',
    'The proposal has as many FAP reviewers as its FAP requires',
    'faps',
  ),
  proposal('PROPOSAL_FAP_REVIEW_UPDATED', 'A FAP review of the proposal was saved', 'reviews'),
  proposal('PROPOSAL_FAP_REVIEW_SUBMITTED', 'A FAP review of the proposal was submitted', 'reviews'),
  proposal('PROPOSAL_ALL_FAP_REVIEWS_SUBMITTED', 'Every FAP review of the proposal was submitted', 'reviews'),
  proposal('PROPOSAL_FAP_MEETING_SAVED', 'The FAP meeting decision on the proposal was saved', 'faps'),
  proposal(
    'PROPOSAL_FAP_MEETING_SUBMITTED',
    'The FAP meeting decision on the proposal was submitted',
    'faps',
  ),
  proposal(
    'PROPOSAL_INSTRUMENT_SUBMITTED',
    "The instrument's availability was submitted in the proposal's FAP",
    'faps',
  ),
  proposal(
    'PROPOSAL_MANAGEMENT_DECISION_UPDATED',
    'The management decision on the proposal was saved',
    'proposals',
  ),
  proposal(
    'PROPOSAL_MANAGEMENT_DECISION_SUBMITTED',
    'The management decision on the proposal was submitted',
    'proposals',
  ),
  proposal('PROPOSAL_NOTIFIED', 'The proposers were notified of the final decision', 'proposals'),
  proposal('PROPOSAL_ACCEPTED', 'The final status of the proposal was set to ACCEPTED', 'proposals'),
  proposal('PROPOSAL_REJECTED', 'The final status of the proposal was set to REJECTED', 'proposals'),
  proposal('PROPOSAL_RESERVED', 'The final status of the proposal was set to RESERVED', 'proposals'),
  proposal('PROPOSAL_BOOKING_TIME_SLOT_ADDED', 'An experiment of the proposal was scheduled', 'experiments'),
  proposal('PROPOSAL_BOOKING_TIME_ACTIVATED', 'An experiment of the proposal was activated', 'experiments'),
  proposal('PROPOSAL_BOOKING_TIME_COMPLETED', 'An experiment of the proposal was completed', 'experiments'),
  proposal(
    'PROPOSAL_BOOKING_TIME_UPDATED',
    'An experiment of the proposal was moved or changed',
    'experiments',
  ),
  proposal('PROPOSAL_BOOKING_TIME_REOPENED', 'An experiment of the proposal was reopened', 'experiments'),
  proposal(
    'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED',
    'A scheduled experiment of the proposal was removed by the scheduler',
    'experiments',
  ),
  experiment('EXPERIMENT_CREATED', 'An experiment was created', 'experiments'),
  experiment(
    'EXPERIMENT_ESF_SUBMITTED',
    'The experiment safety form (ESF) of the experiment was submitted',
    'experiments',
  ),
  experiment('EXPERIMENT_ESF_APPROVED', 'The experiment safety form was approved', 'experiments'),
  experiment('EXPERIMENT_ESF_REJECTED', 'The experiment safety form was rejected', 'experiments'),
  experiment('EXPERIMENT_VISIT_CREATED', 'The visit team of the experiment was defined', 'visits'),
  experiment(
    'EXPERIMENT_VISIT_REGISTRATION_SUBMITTED',
    'A visitor of the experiment submitted their visit registration',
    'visits',
  ),
  experiment(
    'EXPERIMENT_VISIT_REGISTRATION_APPROVED',
    "The user office approved a visitor's registration",
    'visits',
  ),
  experiment(
    'EXPERIMENT_VISIT_REGISTRATION_CHANGES_REQUESTED',
    "The user office requested changes to a visitor's registration",
    'visits',
  ),
  experiment(
    'EXPERIMENT_VISIT_REGISTRATION_CANCELLED',
    'A visit registration was cancelled by the visitor or the facility',
    'visits',
  ),
  experiment(
    'EXPERIMENT_SHIPMENT_SUBMITTED',
    'A shipment declared for the experiment was submitted',
    'shipments',
  ),
  experiment('EXPERIMENT_FEEDBACK_SUBMITTED', 'A user submitted feedback on the experiment', 'feedback'),
  experiment(
    'EXPERIMENT_STATUS_CHANGED_BY_USER',
    'An officer changed the status of the experiment',
    'experiments',
  ),
  experiment(
    'EXPERIMENT_STATUS_CHANGED_BY_WORKFLOW',
    'The workflow moved the experiment to a new status',
    'workflows (engine)',
  ),
];

const byName = new Map(STATUS_CHANGING_EVENTS.map((event) => [event.name, event]));

/** The names of every status-changing event. */
export const STATUS_CHANGING_EVENT_NAMES: readonly string[] = STATUS_CHANGING_EVENTS.map((e) => e.name);

/** The status-changing event of this name, or undefined. */
export const statusChangingEvent = (name: string): StatusChangingEvent | undefined => byName.get(name);

/** The status-changing events a workflow of this type can wait for (all of them when no type is given). */
export const statusChangingEventsOf = (entityType?: WorkflowType | null): StatusChangingEvent[] =>
  STATUS_CHANGING_EVENTS.filter((event) => !entityType || event.entityType === entityType);

/**
 * The status-changing event of a final status set by the management decision (PROPOSAL_ACCEPTED, …), or null
 * for UNSET. The proposals module records it when the decision changes the final status to that value.
 */
export const finalStatusChangingEvent = (finalStatus: ProposalEndStatus): string | null => {
  switch (finalStatus) {
    case ProposalEndStatus.ACCEPTED:
      return 'PROPOSAL_ACCEPTED';
    case ProposalEndStatus.REJECTED:
      return 'PROPOSAL_REJECTED';
    case ProposalEndStatus.RESERVED:
      return 'PROPOSAL_RESERVED';
    default:
      return null;
  }
};
