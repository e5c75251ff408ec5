import { Injectable } from '@nestjs/common';
import {
  STATUS_ACTION_FAILED,
  STATUS_ACTION_SUCCEEDED,
  RabbitMqProfile,
  StatusActionType,
  type StatusActionOutcomeData,
  type StatusActionSpec,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const STATUS_ACTIONS_LOGS_PROJECTION = 'status_actions_logs';

/** One try of a log entry's action, as the log lists them (the first run, then each replay). */
export interface StatusActionsLogAttemptRow {
  jobId: string;
  successful: boolean;
  message: string;
  timestamp: string;
  tries: number;
  replay: boolean;
}

/** Pure: a RabbitMQ action's message profile (a spec naming none is native); null for other actions. */
export const profileOf = (action: StatusActionSpec): RabbitMqProfile | null =>
  action.actionType === StatusActionType.RABBITMQ
    ? (action.rabbitmq?.profile ?? RabbitMqProfile.NATIVE)
    : null;

/** Pure: the text the log's search looks in. */
export function searchTextOf(d: StatusActionOutcomeData): string {
  return [
    d.message,
    d.recipient,
    d.action.actionType,
    profileOf(d.action) ?? '',
    d.action.email?.emailTemplateId ?? '',
    d.action.email?.recipientGroup ?? '',
    ...d.proposals.flatMap((p) => [p.proposalId, p.title]),
  ]
    .join(' ')
    .toLowerCase();
}

/**
 * The status actions log (§3 Status actions log; ARCHITECTURE §4 "the log is their projection"): one row per
 * entry, showing its latest outcome, with every job that ran for it in `attempts`. Async: written by workers.
 */
@Injectable()
@RegisterProjection()
export class StatusActionsLogsProjection implements Projection {
  readonly name = STATUS_ACTIONS_LOGS_PROJECTION;
  readonly version = 2; // 2: a RabbitMQ action's profile
  readonly mode = 'async' as const;
  readonly eventTypes = [STATUS_ACTION_SUCCEEDED, STATUS_ACTION_FAILED];
  readonly tables = [
    {
      name: 'status_actions_logs',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          log_id integer PRIMARY KEY,
          log_key text NOT NULL UNIQUE,
          connection_id integer NOT NULL,
          status_id integer NOT NULL,
          action_id integer NOT NULL,
          action_type text NOT NULL,
          email_template_id text,
          recipient_group text,
          profile text,
          recipient text NOT NULL,
          message text NOT NULL,
          successful boolean NOT NULL,
          tstamp timestamptz NOT NULL,
          proposals jsonb NOT NULL,
          call_ids integer[] NOT NULL,
          attempts jsonb NOT NULL,
          search text NOT NULL
        )`,
        `CREATE INDEX ON ${t} (tstamp DESC, log_id DESC)`,
        `CREATE INDEX ON ${t} (successful, log_id)`,
        `CREATE INDEX ON ${t} USING gin (call_ids)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const d = event.data as StatusActionOutcomeData;
    const successful = event.type === STATUS_ACTION_SUCCEEDED;
    const attempt: StatusActionsLogAttemptRow = {
      jobId: d.jobId,
      successful,
      message: d.message,
      timestamp: d.timestamp,
      tries: d.tries,
      replay: d.replay,
    };
    const t = tables.status_actions_logs;
    await tx.query(
      `INSERT INTO ${t} (log_id, log_key, connection_id, status_id, action_id, action_type, email_template_id,
         recipient_group, recipient, message, successful, tstamp, proposals, call_ids, attempts, search, profile)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::int[], jsonb_build_array($15::jsonb), $16,
         $17)
       ON CONFLICT (log_id) DO UPDATE SET recipient = EXCLUDED.recipient, message = EXCLUDED.message,
         successful = EXCLUDED.successful, tstamp = EXCLUDED.tstamp, proposals = EXCLUDED.proposals,
         call_ids = EXCLUDED.call_ids, attempts = ${t}.attempts || EXCLUDED.attempts, search = EXCLUDED.search`,
      [
        d.statusActionsLogId,
        d.logKey,
        d.action.connectionId,
        d.action.statusId,
        d.action.actionId,
        d.action.actionType,
        d.action.email?.emailTemplateId ?? null,
        d.action.email?.recipientGroup ?? null,
        d.recipient,
        d.message,
        successful,
        d.timestamp,
        JSON.stringify(d.proposals),
        [...new Set(d.proposals.map((p) => p.callId).filter((id) => id > 0))],
        JSON.stringify(attempt),
        searchTextOf(d),
        profileOf(d.action),
      ],
    );
  }
}
