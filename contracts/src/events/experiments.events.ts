import { ExperimentStatus } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/** Each experiment is one stream: `experiment-<experimentPk>` (pks from a database sequence). */
export const EXPERIMENT_STREAM = 'experiment';

/** The stream of one experiment. */
export const experimentStreamId = (experimentPk: number): string => `${EXPERIMENT_STREAM}-${experimentPk}`;

export const EXPERIMENT_CREATED = 'ExperimentCreated';
export const EXPERIMENT_UPDATED = 'ExperimentUpdated';
export const EXPERIMENT_DELETED = 'ExperimentDeleted';

/** The whole experiment (§3 Experiment). `scheduledEventId`: the facility scheduler's event id, when it made it. */
export interface ExperimentData {
  readonly experimentPk: number;
  readonly experimentId: string;
  readonly proposalPk: number;
  /** the proposal's call (for the call's lists and time summary) */
  readonly callId: number;
  readonly instrumentId: number;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly localContactId: number | null;
  readonly status: ExperimentStatus;
  readonly scheduledEventId: string | null;
}

/**
 * `overlapChecked`: a staff save, checked against the instrument's other experiments; the experiments read model
 * checks it again in the append's transaction, so two concurrent overlapping saves cannot both land (absent on the
 * scheduler's saves, which are not checked).
 */
export interface OverlapCheckedData {
  readonly overlapChecked?: boolean;
}

/** `workflowId`, `workflowStatusId`: the experiment workflow it follows and where it starts (null: none). */
export interface ExperimentCreatedData extends ExperimentData, OverlapCheckedData {
  readonly workflowId?: number | null;
  readonly workflowStatusId?: number | null;
}

export const EXPERIMENT_WORKFLOW_EVENT_RECORDED = 'ExperimentWorkflowEventRecorded';
export const EXPERIMENT_WORKFLOW_STATUS_CHANGED = 'ExperimentWorkflowStatusChanged';

/** A status-changing event from outside the experiment's stream (its safety input), recorded once per source. */
export interface ExperimentWorkflowEventRecordedData {
  readonly experimentPk: number;
  readonly name: string;
  readonly sourceEventId: string;
}

/** The experiment moved on its workflow (the engine, along `connectionId`, on `events`). */
export interface ExperimentWorkflowStatusChangedData {
  readonly experimentPk: number;
  readonly proposalPk: number;
  readonly statusId: number;
  readonly previousStatusId: number | null;
  readonly changedBy: 'workflow' | 'user';
  readonly events: readonly string[];
  readonly connectionId: number | null;
}

/** The whole experiment after the change, and its status before it (a status change is a workflow event). */
export interface ExperimentUpdatedData extends ExperimentData, OverlapCheckedData {
  readonly previousStatus: ExperimentStatus;
}

export interface ExperimentDeletedData {
  readonly experimentPk: number;
  readonly experimentId: string;
  readonly proposalPk: number;
  readonly instrumentId: number;
  readonly scheduledEventId: string | null;
}

const by = (data: { scheduledEventId: string | null }) =>
  data.scheduledEventId ? ` (scheduled event ${data.scheduledEventId})` : '';

export const experimentCreatedEvent = defineEvent<ExperimentCreatedData, typeof EXPERIMENT_CREATED>(
  EXPERIMENT_CREATED,
  {
    stream: EXPERIMENT_STREAM,
    description: (d) =>
      `Experiment ${d.experimentId} of proposal #${d.proposalPk} on instrument #${d.instrumentId} ` +
      `created, ${d.startsAt} – ${d.endsAt}${by(d)}`,
    changedObjectId: (d) => String(d.experimentPk),
  },
);

export const experimentUpdatedEvent = defineEvent<ExperimentUpdatedData, typeof EXPERIMENT_UPDATED>(
  EXPERIMENT_UPDATED,
  {
    stream: EXPERIMENT_STREAM,
    description: (d) =>
      `Experiment ${d.experimentId} updated: instrument #${d.instrumentId}, ${d.startsAt} – ${d.endsAt}, ` +
      `${d.status}${by(d)}`,
    changedObjectId: (d) => String(d.experimentPk),
  },
);

export const experimentDeletedEvent = defineEvent<ExperimentDeletedData, typeof EXPERIMENT_DELETED>(
  EXPERIMENT_DELETED,
  {
    stream: EXPERIMENT_STREAM,
    description: (d) => `Experiment ${d.experimentId} deleted${by(d)}`,
    changedObjectId: (d) => String(d.experimentPk),
  },
);

export const experimentWorkflowEventRecordedEvent = defineEvent<
  ExperimentWorkflowEventRecordedData,
  typeof EXPERIMENT_WORKFLOW_EVENT_RECORDED
>(EXPERIMENT_WORKFLOW_EVENT_RECORDED, {
  stream: EXPERIMENT_STREAM,
  description: (d) => `Workflow event ${d.name} recorded on experiment #${d.experimentPk}`,
  changedObjectId: (d) => String(d.experimentPk),
});

export const experimentWorkflowStatusChangedEvent = defineEvent<
  ExperimentWorkflowStatusChangedData,
  typeof EXPERIMENT_WORKFLOW_STATUS_CHANGED
>(EXPERIMENT_WORKFLOW_STATUS_CHANGED, {
  stream: EXPERIMENT_STREAM,
  description: (d) =>
    `Experiment #${d.experimentPk} moved to status #${d.statusId} by the ${d.changedBy}` +
    (d.events.length ? ` on ${d.events.join(', ')}` : ''),
  changedObjectId: (d) => String(d.experimentPk),
});

export type ExperimentEvent =
  | { readonly type: typeof EXPERIMENT_CREATED; readonly data: ExperimentCreatedData }
  | { readonly type: typeof EXPERIMENT_UPDATED; readonly data: ExperimentUpdatedData }
  | { readonly type: typeof EXPERIMENT_DELETED; readonly data: ExperimentDeletedData }
  | {
      readonly type: typeof EXPERIMENT_WORKFLOW_EVENT_RECORDED;
      readonly data: ExperimentWorkflowEventRecordedData;
    }
  | {
      readonly type: typeof EXPERIMENT_WORKFLOW_STATUS_CHANGED;
      readonly data: ExperimentWorkflowStatusChangedData;
    };

registerEvents(
  experimentCreatedEvent,
  experimentUpdatedEvent,
  experimentDeletedEvent,
  experimentWorkflowEventRecordedEvent,
  experimentWorkflowStatusChangedEvent,
);

/**
 * The status-changing events (workflow events) an experiment event is to its proposal: an experiment scheduled,
 * updated, activated, completed, reopened, a scheduled one removed (`PROPOSAL_BOOKING_TIME_…`, the scheduler's six
 * message types). Empty when it is none.
 */
export function experimentProposalWorkflowEvents(event: ExperimentEvent): string[] {
  switch (event.type) {
    case EXPERIMENT_CREATED:
      return ['PROPOSAL_BOOKING_TIME_SLOT_ADDED'];
    case EXPERIMENT_UPDATED:
      // the same status: its times, instrument or local contact changed
      if (event.data.status === event.data.previousStatus) return ['PROPOSAL_BOOKING_TIME_UPDATED'];
      if (event.data.status === ExperimentStatus.ACTIVE) return ['PROPOSAL_BOOKING_TIME_ACTIVATED'];
      if (event.data.status === ExperimentStatus.COMPLETED) return ['PROPOSAL_BOOKING_TIME_COMPLETED'];
      return ['PROPOSAL_BOOKING_TIME_REOPENED']; // back to DRAFT
    case EXPERIMENT_DELETED:
      // the scheduler's time slot removed (a staff deletion is not the scheduler's)
      return event.data.scheduledEventId ? ['PROPOSAL_BOOKING_TIME_SLOTS_REMOVED'] : [];
    default:
      return [];
  }
}
