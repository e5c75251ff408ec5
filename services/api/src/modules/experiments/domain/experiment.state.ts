import {
  EXPERIMENT_CREATED,
  EXPERIMENT_DELETED,
  EXPERIMENT_UPDATED,
  EXPERIMENT_WORKFLOW_EVENT_RECORDED,
  EXPERIMENT_WORKFLOW_STATUS_CHANGED,
  type ExperimentData,
  type ExperimentEvent,
} from '@user-office/contracts';
import { GrowOnlySet } from '../../../platform/cqrs/grow-only-set';

/** One experiment folded from `experiment-<experimentPk>`. */
export interface ExperimentState {
  experiment: ExperimentData | null;
  deleted: boolean;
  /** its place on its experiment workflow (statusId null: it follows none) */
  workflow: {
    workflowId: number | null;
    statusId: number | null;
    /** the status-changing events that happened since it entered its status */
    eventsSinceStatus: readonly string[];
    /** source events already recorded as workflow events (a reaction may deliver one twice) */
    recordedSources: GrowOnlySet<string>;
  };
}

export const initialExperimentState: ExperimentState = {
  experiment: null,
  deleted: false,
  workflow: { workflowId: null, statusId: null, eventsSinceStatus: [], recordedSources: GrowOnlySet.empty() },
};

/** The experiment's own fields of an event's data (without what the event says about the save). */
const experimentOf = (d: ExperimentData): ExperimentData => ({
  experimentPk: d.experimentPk,
  experimentId: d.experimentId,
  proposalPk: d.proposalPk,
  callId: d.callId,
  instrumentId: d.instrumentId,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  localContactId: d.localContactId,
  status: d.status,
  scheduledEventId: d.scheduledEventId,
});

export function evolveExperiment(
  state: ExperimentState,
  event: { type: string; data: unknown },
): ExperimentState {
  const e = event as ExperimentEvent;
  switch (e.type) {
    case EXPERIMENT_CREATED: {
      const { workflowId, workflowStatusId } = e.data;
      return {
        experiment: experimentOf(e.data),
        deleted: false,
        workflow: {
          workflowId: workflowId ?? null,
          statusId: workflowStatusId ?? null,
          eventsSinceStatus: ['EXPERIMENT_CREATED'],
          recordedSources: GrowOnlySet.empty(),
        },
      };
    }
    case EXPERIMENT_UPDATED:
      return { ...state, experiment: experimentOf(e.data) };
    case EXPERIMENT_DELETED:
      return { ...state, deleted: true };
    case EXPERIMENT_WORKFLOW_EVENT_RECORDED: {
      const { eventsSinceStatus, recordedSources } = state.workflow;
      return {
        ...state,
        workflow: {
          ...state.workflow,
          eventsSinceStatus: eventsSinceStatus.includes(e.data.name)
            ? eventsSinceStatus
            : [...eventsSinceStatus, e.data.name],
          recordedSources: recordedSources.add(e.data.sourceEventId),
        },
      };
    }
    case EXPERIMENT_WORKFLOW_STATUS_CHANGED:
      return {
        ...state,
        workflow: {
          ...state.workflow,
          statusId: e.data.statusId,
          eventsSinceStatus: [
            e.data.changedBy === 'workflow'
              ? 'EXPERIMENT_STATUS_CHANGED_BY_WORKFLOW'
              : 'EXPERIMENT_STATUS_CHANGED_BY_USER',
          ],
        },
      };
    default:
      return state;
  }
}
