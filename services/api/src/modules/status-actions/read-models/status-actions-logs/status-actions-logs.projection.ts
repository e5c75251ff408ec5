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

/** Pure: the calls of an entry's proposals, once each (a proposal gone since has call 0: none) */
export const callIdsOf = (proposals: readonly { callId: number }[]): number[] => [
  ...new Set(proposals.map((p) => p.callId).filter((id) => id > 0)),
];

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
    await this.applyBatch(tx, [event], tables);
  }

  /**
   * A batch's outcomes in multi-row upserts (a burst of status actions logs hundreds at once): an entry appears
   * once per statement, so its second outcome in the batch goes into the next statement, after its first.
   */
  async applyBatch(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    let rows: OutcomeRow[] = [];
    let ids = new Set<number>();
    for (const event of events) {
      const d = event.data as StatusActionOutcomeData;
      if (ids.has(d.statusActionsLogId) || rows.length >= UPSERT_CHUNK) {
        await this.upsert(tx, tables.status_actions_logs, rows);
        rows = [];
        ids = new Set();
      }
      ids.add(d.statusActionsLogId);
      rows.push(rowOf(d, event.type === STATUS_ACTION_SUCCEEDED));
    }
    await this.upsert(tx, tables.status_actions_logs, rows);
  }

  /**
   * `rows` (each a log id once), as one JSON document (JSON.stringify is native; arrays of JSON text are escaped
   * element by element): a new entry is inserted, a known one takes the outcome and adds the attempt
   */
  private async upsert(tx: SqlExecutor, t: string, rows: readonly OutcomeRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO ${t} (log_id, log_key, connection_id, status_id, action_id, action_type, email_template_id,
         recipient_group, recipient, message, successful, tstamp, proposals, call_ids, attempts, search, profile)
       SELECT v.log_id, v.log_key, v.connection_id, v.status_id, v.action_id, v.action_type, v.email_template_id,
         v.recipient_group, v.recipient, v.message, v.successful, v.tstamp, v.proposals, v.call_ids,
         jsonb_build_array(v.attempt), v.search, v.profile
       FROM jsonb_to_recordset($1::jsonb)
         AS v(log_id int, log_key text, connection_id int, status_id int, action_id int, action_type text,
           email_template_id text, recipient_group text, recipient text, message text, successful boolean,
           tstamp timestamptz, proposals jsonb, call_ids int[], attempt jsonb, search text, profile text)
       ON CONFLICT (log_id) DO UPDATE SET recipient = EXCLUDED.recipient, message = EXCLUDED.message,
         successful = EXCLUDED.successful, tstamp = EXCLUDED.tstamp, proposals = EXCLUDED.proposals,
         call_ids = EXCLUDED.call_ids, attempts = ${t}.attempts || EXCLUDED.attempts, search = EXCLUDED.search`,
      [JSON.stringify(rows)],
    );
  }
}

/** statements of a batch hold at most this many entries */
const UPSERT_CHUNK = 500;

/** One outcome as the upsert takes it (the columns of `jsonb_to_recordset`). */
interface OutcomeRow {
  log_id: number;
  log_key: string;
  connection_id: number;
  status_id: number;
  action_id: number;
  action_type: string;
  email_template_id: string | null;
  recipient_group: string | null;
  recipient: string;
  message: string;
  successful: boolean;
  tstamp: string;
  proposals: StatusActionOutcomeData['proposals'];
  call_ids: number[];
  attempt: StatusActionsLogAttemptRow;
  search: string;
  profile: string | null;
}

/** Pure: an outcome as the upsert's row */
function rowOf(d: StatusActionOutcomeData, successful: boolean): OutcomeRow {
  return {
    log_id: d.statusActionsLogId,
    log_key: d.logKey,
    connection_id: d.action.connectionId,
    status_id: d.action.statusId,
    action_id: d.action.actionId,
    action_type: d.action.actionType,
    email_template_id: d.action.email?.emailTemplateId ?? null,
    recipient_group: d.action.email?.recipientGroup ?? null,
    recipient: d.recipient,
    message: d.message,
    successful,
    tstamp: d.timestamp,
    proposals: d.proposals,
    call_ids: callIdsOf(d.proposals),
    attempt: {
      jobId: d.jobId,
      successful,
      message: d.message,
      timestamp: d.timestamp,
      tries: d.tries,
      replay: d.replay,
    },
    search: searchTextOf(d),
    profile: profileOf(d.action),
  };
}
