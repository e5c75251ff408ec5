import type { RabbitMqProfile } from '../downstream/compatible-messages';
import type { EmailStatusActionRecipients, StatusActionType } from '../enums';

/**
 * Status actions as jobs (ARCHITECTURE §4). Each status a proposal reaches becomes jobs with deterministic ids
 * (`<event id>-<action id>`, e-mail jobs fanned out per template and recipient:
 * `<event id>-<action id>-<template id>-<address>`; a combined e-mail, its batch key, see StatusActionCombinedEmail):
 * a crash re-enqueues without duplicates. E-mail actions run on the `email` queue (job name
 * `status-action-email`), RabbitMQ actions on the `rabbitmq` queue (job name `status-action-rabbitmq`). Every job
 * ends in one `StatusActionSucceeded` or `StatusActionFailed` event of its log entry.
 */
export const STATUS_ACTION_JOB_NAMES = {
  email: 'status-action-email',
  rabbitmq: 'status-action-rabbitmq',
} as const;

/** Someone an e-mail action writes to. */
export interface StatusActionEmailRecipient {
  readonly email: string;
  /** the user, when the address is a user's (PI, co-proposers) */
  readonly userId: number | null;
  readonly firstname: string;
  readonly lastname: string;
}

/** The e-mail side of an action: one template to one recipient of one recipient group. */
export interface StatusActionEmailTarget {
  readonly emailTemplateId: string;
  readonly recipientGroup: EmailStatusActionRecipients;
  /** null when the group resolved to nobody: `unresolved` says why, and the log shows it as a failure */
  readonly to: StatusActionEmailRecipient | null;
  readonly unresolved: string | null;
}

/**
 * An EMAIL action with `combineEmails`: one e-mail to the recipient lists every proposal that one bulk change (one
 * request, i.e. one correlation id) moved over the connection. The job waits until `collectUntil` for the other
 * proposals of its batch, then closes the batch; the proposals it covered are in the logged action, so a replay
 * sends the same e-mail again.
 */
export interface StatusActionCombinedEmail {
  /** `<correlation id>-<connection id>-<action id>-<template id>-<address>`: the batch the proposals join */
  readonly batchKey: string;
  /** when the job stops waiting for more proposals (ISO 8601) */
  readonly collectUntil: string;
  /** the proposals the e-mail covers: null until the job has closed its batch */
  readonly proposalPks: readonly number[] | null;
}

/** What one status action does for one proposal: all a worker needs to run it, and to run it again (replay). */
export interface StatusActionSpec {
  /** the ProposalStatusChanged event that reached the status */
  readonly sourceEventId: string;
  /** when the status was reached (ISO 8601) */
  readonly occurredAt: string;
  readonly proposalPk: number;
  /** an experiment workflow's status: the experiment (its e-mails fill the experiment and instrument placeholders) */
  readonly experimentPk?: number | null;
  readonly statusId: number;
  readonly connectionId: number;
  readonly actionId: number;
  readonly actionType: StatusActionType;
  /** EMAIL actions */
  readonly email: StatusActionEmailTarget | null;
  /**
   * RABBITMQ actions: the exchanges the message is published to, and its profile (absent: native, our own
   * PROPOSAL_STATUS_CHANGED; compatible: PROPOSAL_STATUS_ACTION_EXECUTED, see downstream/compatible-messages.ts)
   */
  readonly rabbitmq: { readonly exchanges: readonly string[]; readonly profile?: RabbitMqProfile } | null;
  /** the global position of the status change: RabbitMQ messages of one proposal are published in this order */
  readonly position?: number;
  /** EMAIL actions with combineEmails (absent or null: one e-mail for this proposal) */
  readonly combined?: StatusActionCombinedEmail | null;
}

/** The payload of a status-action job. */
export interface StatusActionJobData {
  /** the log entry the outcome belongs to: the id of the entry's first job (its stream is `status-actions-log-<logKey>`) */
  readonly logKey: string;
  /** a replay (replayStatusActionsLog) rather than the first run */
  readonly replay: boolean;
  readonly action: StatusActionSpec;
  /** how many tries the queue gives the job: the last one logs the failure */
  readonly attempts: number;
  /** the correlation id of the request that caused it, carried into the outcome event */
  readonly correlationId: string | null;
  /** the event that caused the job (the status change, or the replay request) */
  readonly causationId: string;
  /**
   * the entry's id, drawn when the job was owed so that the log shows the entry before it runs; absent in jobs
   * owed before it existed (the first outcome draws one then)
   */
  readonly statusActionsLogId?: number | null;
}
