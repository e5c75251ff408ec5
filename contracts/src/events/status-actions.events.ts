import type { StatusActionSpec } from '../status-actions/status-action-job';
import { defineEvent, registerEvents } from './catalogue';

/**
 * One stream per status actions log entry: `status-actions-log-<logKey>`, where logKey is the id of the entry's
 * first job (deterministic: `<event id>-<action id>[-<template>-<address>]`). Every job that runs for the entry
 * (the first, then replays) appends exactly one outcome, checked by the stream's expected version.
 */
export const STATUS_ACTIONS_LOG_STREAM = 'status-actions-log';
export const statusActionsLogStreamId = (logKey: string): string => `${STATUS_ACTIONS_LOG_STREAM}-${logKey}`;

export const STATUS_ACTION_SUCCEEDED = 'StatusActionSucceeded';
export const STATUS_ACTION_FAILED = 'StatusActionFailed';
export const STATUS_ACTION_REPLAY_REQUESTED = 'StatusActionReplayRequested';

/** A proposal as the log shows it: as it was when the action ran. */
export interface StatusActionProposalRef {
  readonly primaryKey: number;
  readonly proposalId: string;
  readonly title: string;
  readonly callId: number;
}

/** How one job of a status action ended (§3 Status actions log: message, recipient, successful, timestamp, proposals). */
export interface StatusActionOutcomeData {
  /** the spec's statusActionsLogId: given by the entry's first outcome */
  readonly statusActionsLogId: number;
  readonly logKey: string;
  /** the job whose outcome this is (one outcome per job) */
  readonly jobId: string;
  readonly replay: boolean;
  readonly action: StatusActionSpec;
  /** the e-mail address, or the exchanges (comma-separated) */
  readonly recipient: string;
  readonly proposals: readonly StatusActionProposalRef[];
  readonly message: string;
  /** how many tries the job took (1 + retries) */
  readonly tries: number;
  /** when the job ended (ISO 8601) */
  readonly timestamp: string;
}

export type StatusActionSucceededData = StatusActionOutcomeData;
export type StatusActionFailedData = StatusActionOutcomeData;

/** replayStatusActionsLog: a new job runs the entry's action again; its outcome is appended to the same entry. */
export interface StatusActionReplayRequestedData {
  readonly statusActionsLogId: number;
  readonly logKey: string;
  readonly action: StatusActionSpec;
}

const logId = (data: { statusActionsLogId: number }): string => String(data.statusActionsLogId);

export const statusActionSucceededEvent = defineEvent<
  StatusActionSucceededData,
  typeof STATUS_ACTION_SUCCEEDED
>(STATUS_ACTION_SUCCEEDED, {
  stream: STATUS_ACTIONS_LOG_STREAM,
  description: (d) =>
    `${d.action.actionType} status action${d.replay ? ' (replay)' : ''} to ${d.recipient} succeeded: ${d.message}`,
  changedObjectId: logId,
});

export const statusActionFailedEvent = defineEvent<StatusActionFailedData, typeof STATUS_ACTION_FAILED>(
  STATUS_ACTION_FAILED,
  {
    stream: STATUS_ACTIONS_LOG_STREAM,
    description: (d) =>
      `${d.action.actionType} status action${d.replay ? ' (replay)' : ''} to ${d.recipient} failed: ${d.message}`,
    changedObjectId: logId,
  },
);

export const statusActionReplayRequestedEvent = defineEvent<
  StatusActionReplayRequestedData,
  typeof STATUS_ACTION_REPLAY_REQUESTED
>(STATUS_ACTION_REPLAY_REQUESTED, {
  stream: STATUS_ACTIONS_LOG_STREAM,
  description: (d) => `Replay of status actions log ${d.statusActionsLogId} requested`,
  changedObjectId: logId,
});

export type StatusActionsLogEvent =
  | { readonly type: typeof STATUS_ACTION_SUCCEEDED; readonly data: StatusActionSucceededData }
  | { readonly type: typeof STATUS_ACTION_FAILED; readonly data: StatusActionFailedData }
  | { readonly type: typeof STATUS_ACTION_REPLAY_REQUESTED; readonly data: StatusActionReplayRequestedData };

export const STATUS_ACTIONS_EVENTS = [
  statusActionSucceededEvent,
  statusActionFailedEvent,
  statusActionReplayRequestedEvent,
] as const;

registerEvents(...STATUS_ACTIONS_EVENTS);
