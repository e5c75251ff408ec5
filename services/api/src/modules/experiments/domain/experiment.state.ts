import {
  EXPERIMENT_CREATED,
  EXPERIMENT_DELETED,
  EXPERIMENT_UPDATED,
  type ExperimentData,
  type ExperimentEvent,
} from '@user-office/contracts';

/** One experiment folded from `experiment-<experimentPk>`. */
export interface ExperimentState {
  experiment: ExperimentData | null;
  deleted: boolean;
}

export const initialExperimentState: ExperimentState = { experiment: null, deleted: false };

export function evolveExperiment(
  state: ExperimentState,
  event: { type: string; data: unknown },
): ExperimentState {
  const e = event as ExperimentEvent;
  switch (e.type) {
    case EXPERIMENT_CREATED:
      return { experiment: { ...e.data }, deleted: false };
    case EXPERIMENT_UPDATED: {
      const d = e.data;
      const experiment: ExperimentData = {
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
      };
      return { ...state, experiment };
    }
    case EXPERIMENT_DELETED:
      return { ...state, deleted: true };
    default:
      return state;
  }
}
