import { Inject, Injectable } from '@nestjs/common';
import {
  StatusActionsLogState,
  type OrderDirection,
  type RabbitMqProfile,
  type StatusActionProposalRef,
  type StatusActionType,
  type StatusActionsLogSortField,
} from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { OWED_JOBS_TABLE } from '../../../../platform/queue/owed-jobs';
import { SQL_CLIENT } from '../../../../platform/tokens';
import { OWED_STATUS_ACTIONS_TABLE } from '../../jobs/status-actions.scheduler';
import type { StatusActionsLogAttemptRow } from './status-actions-logs.projection';

export interface StatusActionsLogRecord {
  statusActionsLogId: number;
  logKey: string;
  connectionId: number;
  statusId: number;
  actionId: number;
  actionType: StatusActionType;
  emailTemplateId: string | null;
  recipientGroup: string | null;
  /** RabbitMQ actions: the message profile */
  profile: RabbitMqProfile | null;
  recipient: string;
  message: string;
  successful: boolean;
  timestamp: Date;
  proposals: StatusActionProposalRef[];
  attempts: StatusActionsLogAttemptRow[];
  /** owed and not run yet, running, or the latest outcome */
  state: StatusActionsLogState;
  /** when the job not run yet (the first, or a replay) was owed; null when none is */
  owedSince: Date | null;
}

export interface StatusActionsLogSearch {
  statusActionsSuccessful?: boolean | null;
  callIds?: readonly number[] | null;
  statusActionIds?: readonly number[] | null;
  states?: readonly StatusActionsLogState[] | null;
  searchText?: string | null;
  sortField?: StatusActionsLogSortField | null;
  sortDirection?: OrderDirection | null;
  first: number;
  offset: number;
}

interface Row {
  log_id: number;
  log_key: string;
  connection_id: number;
  status_id: number;
  action_id: number;
  action_type: StatusActionType;
  email_template_id: string | null;
  recipient_group: string | null;
  profile: RabbitMqProfile | null;
  recipient: string;
  message: string;
  successful: boolean;
  tstamp: Date;
  proposals: StatusActionProposalRef[] | string;
  attempts: StatusActionsLogAttemptRow[] | string;
  state: StatusActionsLogState;
  owed_since: Date | string | null;
}

const SORT_COLUMNS: Record<StatusActionsLogSortField, string> = {
  statusActionsLogId: 'log_id',
  timestamp: 'tstamp',
  successful: 'successful',
  message: 'lower(message)',
  recipient: 'lower(recipient)',
  actionType: 'action_type',
  connectionId: 'connection_id',
};

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toRecord = (r: Row): StatusActionsLogRecord => ({
  statusActionsLogId: Number(r.log_id),
  logKey: r.log_key,
  connectionId: Number(r.connection_id),
  statusId: Number(r.status_id),
  actionId: Number(r.action_id),
  actionType: r.action_type,
  emailTemplateId: r.email_template_id,
  recipientGroup: r.recipient_group,
  profile: r.profile,
  recipient: r.recipient,
  message: r.message,
  successful: r.successful,
  timestamp: new Date(r.tstamp),
  proposals: json(r.proposals),
  attempts: json(r.attempts),
  state: r.state,
  owedSince: r.owed_since === null ? null : new Date(r.owed_since),
});

/** how long a job failed for good may wait for its outcome to be logged before it shows as failed without one */
const OUTCOME_GRACE_SECONDS = 30;

/**
 * The log as officers see it (ARCHITECTURE §4 "nothing owed is invisible"): every entry, with the state of a
 * replay still owed; and every first job owed and not run yet (or failed for good without an outcome logged:
 * PostgreSQL was away), which has no entry yet, with what it will log under (drawn when it was owed).
 */
const ENTRIES = `
  WITH owed AS (
    SELECT o.log_key, o.log_id, o.job_id, o.proposals, o.call_ids, o.recipient, o.search, o.action,
      -- a job failed for good whose outcome is being logged right now (the queue's failure listener appends it
      -- just after the row is marked) is still running as far as officers can tell, for a grace period
      CASE WHEN j.state = 'failed' AND j.finished_at > now() - interval '${OUTCOME_GRACE_SECONDS} seconds'
        THEN 'running' ELSE j.state END AS job_state,
      j.tries, j.last_error, j.created_at AS owed_at
    FROM ${OWED_STATUS_ACTIONS_TABLE} o JOIN ${OWED_JOBS_TABLE} j ON j.queue = o.queue AND j.job_id = o.job_id
    WHERE j.state IN ('pending', 'running', 'failed')
  ), waiting AS (
    SELECT DISTINCT ON (s.log_key) s.log_key, j.state AS job_state, j.created_at AS owed_at
    FROM ${OWED_JOBS_TABLE} j
    JOIN LATERAL (SELECT j.data->>'logKey' AS log_key) s ON true
    WHERE j.state IN ('pending', 'running') AND j.data ? 'logKey'
    ORDER BY s.log_key, j.created_at DESC
  )
  SELECT l.log_id, l.log_key, l.connection_id, l.status_id, l.action_id, l.action_type, l.email_template_id,
    l.recipient_group, l.profile, l.recipient, l.message, l.successful, l.tstamp, l.proposals, l.call_ids, l.attempts,
    l.search,
    CASE WHEN w.job_state = 'running' THEN 'RUNNING' WHEN w.job_state = 'pending' THEN 'PENDING'
      WHEN l.successful THEN 'SUCCESSFUL' ELSE 'FAILED' END AS state,
    w.owed_at AS owed_since, true AS logged
  FROM status_actions_logs l LEFT JOIN waiting w ON w.log_key = l.log_key
  UNION ALL
  SELECT o.log_id, o.log_key, (o.action->>'connectionId')::int, (o.action->>'statusId')::int,
    (o.action->>'actionId')::int, o.action->>'actionType', o.action->'email'->>'emailTemplateId',
    o.action->'email'->>'recipientGroup',
    CASE WHEN o.action->>'actionType' = 'RABBITMQ' THEN coalesce(o.action->'rabbitmq'->>'profile', 'native') END,
    o.recipient,
    CASE o.job_state
      WHEN 'running' THEN 'Running (try ' || o.tries || ')'
      WHEN 'failed' THEN 'Failed, its outcome not logged: ' || coalesce(o.last_error, 'unknown error')
      ELSE CASE WHEN o.last_error IS NULL THEN 'Waiting to run'
        ELSE 'Waiting to try again after: ' || o.last_error END
    END,
    false, o.owed_at, o.proposals, o.call_ids, '[]'::jsonb, o.search,
    CASE o.job_state WHEN 'running' THEN 'RUNNING' WHEN 'failed' THEN 'FAILED' ELSE 'PENDING' END,
    CASE WHEN o.job_state = 'failed' THEN NULL ELSE o.owed_at END, false
  FROM owed o WHERE NOT EXISTS (SELECT 1 FROM status_actions_logs l WHERE l.log_key = o.log_key)`;

/** All SQL of the status actions log read model. */
@Injectable()
export class StatusActionsLogsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async byId(statusActionsLogId: number): Promise<StatusActionsLogRecord | null> {
    const result = await this.sql.query<Row>(
      `SELECT * FROM (${ENTRIES}) entries WHERE log_id = $1 AND logged`,
      [statusActionsLogId],
    );
    return result.rows.length === 0 ? null : toRecord(result.rows[0]);
  }

  /** filtered, searched (case-insensitive, anywhere in message, recipient, template, proposals), sorted, paged */
  async search(q: StatusActionsLogSearch): Promise<{ totalCount: number; logs: StatusActionsLogRecord[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (q.statusActionsSuccessful !== null && q.statusActionsSuccessful !== undefined) {
      // an outcome: entries that ran (their latest job), not jobs that have not run yet
      where.push(`logged AND successful = ${param(q.statusActionsSuccessful)}`);
    }
    if (q.states && q.states.length > 0) where.push(`state = ANY(${param([...q.states])}::text[])`);
    if (q.callIds && q.callIds.length > 0) where.push(`call_ids && ${param([...q.callIds])}::int[]`);
    if (q.statusActionIds && q.statusActionIds.length > 0) {
      where.push(`action_id = ANY(${param([...q.statusActionIds])}::int[])`);
    }
    if (q.searchText) {
      const pattern = `%${q.searchText.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`search LIKE ${param(pattern)} ESCAPE '\\'`);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const direction = q.sortDirection === 'ASC' ? 'ASC' : 'DESC';
    const order = q.sortField
      ? `${SORT_COLUMNS[q.sortField]} ${direction}, log_id ${direction}`
      : 'tstamp DESC, log_id DESC';
    const count = await this.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM (${ENTRIES}) entries ${filter}`,
      [...params],
    );
    const rows = await this.sql.query<Row>(
      `SELECT * FROM (${ENTRIES}) entries ${filter} ORDER BY ${order} LIMIT ${param(q.first)} OFFSET ${param(q.offset)}`,
      params,
    );
    return { totalCount: Number(count.rows[0]?.n ?? 0), logs: rows.rows.map(toRecord) };
  }
}
