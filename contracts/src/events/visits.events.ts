import { defineEvent, registerEvents } from './catalogue';

/**
 * The visit of one experiment with its visitors' registrations: one stream per experiment,
 * `visit-<experimentPk>` (so an experiment has at most one live visit; `visitId` is the visit's own id).
 */
export const VISIT_STREAM = 'visit';

export const visitStreamId = (experimentPk: number): string => `${VISIT_STREAM}-${experimentPk}`;

export const VISIT_CREATED = 'VisitCreated';
export const VISIT_UPDATED = 'VisitUpdated';
export const VISIT_DELETED = 'VisitDeleted';
export const VISIT_REGISTRATION_QUESTIONARY_CREATED = 'VisitRegistrationQuestionaryCreated';
export const VISIT_REGISTRATION_UPDATED = 'VisitRegistrationUpdated';
export const VISIT_REGISTRATION_SUBMITTED = 'VisitRegistrationSubmitted';
export const VISIT_REGISTRATION_APPROVED = 'VisitRegistrationApproved';
export const VISIT_REGISTRATION_CHANGES_REQUESTED = 'VisitRegistrationChangesRequested';
export const VISIT_REGISTRATION_CANCELLED = 'VisitRegistrationCancelled';

interface OfVisit {
  readonly visitId: number;
  readonly experimentPk: number;
}

/** A visit and its team; each visitor gets a DRAFTED registration. */
export interface VisitCreatedData extends OfVisit {
  readonly proposalPk: number;
  readonly team: readonly number[];
  readonly teamLeadUserId: number;
  readonly creatorId: number | null;
}

/** The new team: visitors added get a DRAFTED registration, visitors left out lose theirs. */
export interface VisitUpdatedData extends OfVisit {
  readonly team: readonly number[];
  readonly teamLeadUserId: number;
}

export type VisitDeletedData = OfVisit;

interface OfRegistration extends OfVisit {
  readonly userId: number;
}

export interface VisitRegistrationQuestionaryCreatedData extends OfRegistration {
  readonly registrationQuestionaryId: number;
}

/** The registrant's VISIT_BASIS dates (ISO date-times). */
export interface VisitRegistrationUpdatedData extends OfRegistration {
  readonly startsAt: string;
  readonly endsAt: string;
}

export type VisitRegistrationSubmittedData = OfRegistration;
export interface VisitRegistrationReviewedData extends OfRegistration {
  readonly reviewedBy: number | null;
}

/** `byFacility`: cancelled by the user office (CANCELLED_BY_FACILITY), else by the visitor (CANCELLED_BY_USER). */
export interface VisitRegistrationCancelledData extends OfRegistration {
  readonly byFacility: boolean;
}

const on = (d: OfVisit) => `visit #${d.visitId} (experiment #${d.experimentPk})`;
const of = (d: OfRegistration) => `Visit registration of user #${d.userId} on ${on(d)}`;
const id = (d: OfVisit) => String(d.visitId);

export const visitCreatedEvent = defineEvent<VisitCreatedData, typeof VISIT_CREATED>(VISIT_CREATED, {
  stream: VISIT_STREAM,
  description: (d) =>
    `Visit #${d.visitId} of experiment #${d.experimentPk} created: team ${d.team.join(', ')}, lead ${d.teamLeadUserId}`,
  changedObjectId: id,
});
export const visitUpdatedEvent = defineEvent<VisitUpdatedData, typeof VISIT_UPDATED>(VISIT_UPDATED, {
  stream: VISIT_STREAM,
  description: (d) => `Team of ${on(d)} set to ${d.team.join(', ')}, lead ${d.teamLeadUserId}`,
  changedObjectId: id,
});
export const visitDeletedEvent = defineEvent<VisitDeletedData, typeof VISIT_DELETED>(VISIT_DELETED, {
  stream: VISIT_STREAM,
  description: (d) => `Visit #${d.visitId} of experiment #${d.experimentPk} deleted`,
  changedObjectId: id,
});
export const visitRegistrationQuestionaryCreatedEvent = defineEvent<
  VisitRegistrationQuestionaryCreatedData,
  typeof VISIT_REGISTRATION_QUESTIONARY_CREATED
>(VISIT_REGISTRATION_QUESTIONARY_CREATED, {
  stream: VISIT_STREAM,
  description: (d) => `${of(d)} started (questionary #${d.registrationQuestionaryId})`,
  changedObjectId: id,
});
export const visitRegistrationUpdatedEvent = defineEvent<
  VisitRegistrationUpdatedData,
  typeof VISIT_REGISTRATION_UPDATED
>(VISIT_REGISTRATION_UPDATED, {
  stream: VISIT_STREAM,
  description: (d) => `${of(d)}: ${d.startsAt} – ${d.endsAt}`,
  changedObjectId: id,
});
export const visitRegistrationSubmittedEvent = defineEvent<
  VisitRegistrationSubmittedData,
  typeof VISIT_REGISTRATION_SUBMITTED
>(VISIT_REGISTRATION_SUBMITTED, {
  stream: VISIT_STREAM,
  description: (d) => `${of(d)} submitted`,
  changedObjectId: id,
});
export const visitRegistrationApprovedEvent = defineEvent<
  VisitRegistrationReviewedData,
  typeof VISIT_REGISTRATION_APPROVED
>(VISIT_REGISTRATION_APPROVED, {
  stream: VISIT_STREAM,
  description: (d) => `${of(d)} approved`,
  changedObjectId: id,
});
export const visitRegistrationChangesRequestedEvent = defineEvent<
  VisitRegistrationReviewedData,
  typeof VISIT_REGISTRATION_CHANGES_REQUESTED
>(VISIT_REGISTRATION_CHANGES_REQUESTED, {
  stream: VISIT_STREAM,
  description: (d) => `${of(d)}: changes requested`,
  changedObjectId: id,
});
export const visitRegistrationCancelledEvent = defineEvent<
  VisitRegistrationCancelledData,
  typeof VISIT_REGISTRATION_CANCELLED
>(VISIT_REGISTRATION_CANCELLED, {
  stream: VISIT_STREAM,
  description: (d) => `${of(d)} cancelled by ${d.byFacility ? 'the facility' : 'the visitor'}`,
  changedObjectId: id,
});

export type VisitEvent =
  | { readonly type: typeof VISIT_CREATED; readonly data: VisitCreatedData }
  | { readonly type: typeof VISIT_UPDATED; readonly data: VisitUpdatedData }
  | { readonly type: typeof VISIT_DELETED; readonly data: VisitDeletedData }
  | {
      readonly type: typeof VISIT_REGISTRATION_QUESTIONARY_CREATED;
      readonly data: VisitRegistrationQuestionaryCreatedData;
    }
  | { readonly type: typeof VISIT_REGISTRATION_UPDATED; readonly data: VisitRegistrationUpdatedData }
  | { readonly type: typeof VISIT_REGISTRATION_SUBMITTED; readonly data: VisitRegistrationSubmittedData }
  | { readonly type: typeof VISIT_REGISTRATION_APPROVED; readonly data: VisitRegistrationReviewedData }
  | {
      readonly type: typeof VISIT_REGISTRATION_CHANGES_REQUESTED;
      readonly data: VisitRegistrationReviewedData;
    }
  | { readonly type: typeof VISIT_REGISTRATION_CANCELLED; readonly data: VisitRegistrationCancelledData };

export const VISIT_EVENT_TYPES: readonly string[] = [
  VISIT_CREATED,
  VISIT_UPDATED,
  VISIT_DELETED,
  VISIT_REGISTRATION_QUESTIONARY_CREATED,
  VISIT_REGISTRATION_UPDATED,
  VISIT_REGISTRATION_SUBMITTED,
  VISIT_REGISTRATION_APPROVED,
  VISIT_REGISTRATION_CHANGES_REQUESTED,
  VISIT_REGISTRATION_CANCELLED,
];

registerEvents(
  visitCreatedEvent,
  visitUpdatedEvent,
  visitDeletedEvent,
  visitRegistrationQuestionaryCreatedEvent,
  visitRegistrationUpdatedEvent,
  visitRegistrationSubmittedEvent,
  visitRegistrationApprovedEvent,
  visitRegistrationChangesRequestedEvent,
  visitRegistrationCancelledEvent,
);

/** The visit events that move an experiment's workflow, by the status-changing event they are to it. */
const VISIT_WORKFLOW_EVENTS: Readonly<Record<string, string>> = {
  [VISIT_CREATED]: 'EXPERIMENT_VISIT_CREATED',
  [VISIT_REGISTRATION_SUBMITTED]: 'EXPERIMENT_VISIT_REGISTRATION_SUBMITTED',
  [VISIT_REGISTRATION_APPROVED]: 'EXPERIMENT_VISIT_REGISTRATION_APPROVED',
  [VISIT_REGISTRATION_CHANGES_REQUESTED]: 'EXPERIMENT_VISIT_REGISTRATION_CHANGES_REQUESTED',
  [VISIT_REGISTRATION_CANCELLED]: 'EXPERIMENT_VISIT_REGISTRATION_CANCELLED',
};

/** The domain event types of visits a workflow reacts to. */
export const VISIT_WORKFLOW_EVENT_TYPES: readonly string[] = Object.keys(VISIT_WORKFLOW_EVENTS);

/** The status-changing events (workflow events) a visit event is to its experiment; empty when none. */
export function visitWorkflowEvents(event: { readonly type: string }): string[] {
  const name = VISIT_WORKFLOW_EVENTS[event.type];
  return name ? [name] : [];
}
