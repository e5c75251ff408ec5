import {
  STATUS_ACTION_FAILED,
  STATUS_ACTION_REPLAY_REQUESTED,
  STATUS_ACTION_SUCCEEDED,
  statusActionFailedEvent,
  statusActionReplayRequestedEvent,
  statusActionSucceededEvent,
  statusActionsMessages,
  type StatusActionOutcomeData,
  type StatusActionReplayRequestedData,
  type StatusActionSpec,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { notFound } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';

/** One status actions log entry, folded from its stream (`status-actions-log-<logKey>`). */
export interface StatusActionsLogState {
  /** null until the first outcome is recorded (the entry does not exist yet) */
  statusActionsLogId: number | null;
  /** the id of the entry's first job: its stream is `status-actions-log-<logKey>` */
  logKey: string | null;
  /** the action the entry runs (what a replay runs again) */
  action: StatusActionSpec | null;
  /** the jobs that ended, with whether they succeeded: one outcome per job */
  outcomes: Readonly<Record<string, boolean>>;
}

export type StatusActionsLogCommand =
  | {
      type: 'RecordOutcome';
      successful: boolean;
      /** the id for a new entry (used only when the stream has none yet) */
      candidateLogId: number;
      outcome: Omit<StatusActionOutcomeData, 'statusActionsLogId'>;
    }
  | { type: 'RequestReplay'; statusActionsLogId: number };

export const initialStatusActionsLogState: StatusActionsLogState = {
  statusActionsLogId: null,
  logKey: null,
  action: null,
  outcomes: {},
};

export function evolveStatusActionsLog(
  state: StatusActionsLogState,
  event: { type: string; data: unknown },
): StatusActionsLogState {
  switch (event.type) {
    case STATUS_ACTION_SUCCEEDED:
    case STATUS_ACTION_FAILED: {
      const d = event.data as StatusActionOutcomeData;
      return {
        statusActionsLogId: state.statusActionsLogId ?? d.statusActionsLogId,
        logKey: state.logKey ?? d.logKey,
        action: state.action ?? d.action,
        outcomes: { ...state.outcomes, [d.jobId]: event.type === STATUS_ACTION_SUCCEEDED },
      };
    }
    case STATUS_ACTION_REPLAY_REQUESTED: // the replay's job records its own outcome
    default:
      return state;
  }
}

/**
 * Pure. A job's outcome is recorded once: a job that already has one (a worker that died after recording it, a
 * second worker racing the first) records nothing, so at most one success per job whatever the retries; the
 * append's expected version makes the check hold between processes.
 */
export function decideStatusActionsLog(
  command: StatusActionsLogCommand,
  state: StatusActionsLogState,
): NewEvent[] {
  switch (command.type) {
    case 'RecordOutcome': {
      if (state.outcomes[command.outcome.jobId] !== undefined) return [];
      const data: StatusActionOutcomeData = {
        ...command.outcome,
        statusActionsLogId: state.statusActionsLogId ?? command.candidateLogId,
      };
      return [
        command.successful ? statusActionSucceededEvent.create(data) : statusActionFailedEvent.create(data),
      ];
    }
    case 'RequestReplay': {
      if (
        state.statusActionsLogId !== command.statusActionsLogId ||
        state.logKey === null ||
        state.action === null
      ) {
        throw notFound(statusActionsMessages.logNotFound);
      }
      const data: StatusActionReplayRequestedData = {
        statusActionsLogId: state.statusActionsLogId,
        logKey: state.logKey,
        action: state.action,
      };
      return [statusActionReplayRequestedEvent.create(data)];
    }
  }
}

export const statusActionsLogDecider: Decider<StatusActionsLogState, StatusActionsLogCommand> = {
  initialState: initialStatusActionsLogState,
  evolve: evolveStatusActionsLog,
  decide: decideStatusActionsLog,
};
