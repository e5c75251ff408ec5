import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  QUEUES,
  RabbitMqProfile,
  STATUS_ACTION_JOB_NAMES,
  StatusActionType,
  type StatusActionJobData,
  type StatusActionProposalRef,
  type StatusActionSpec,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { SqlClient, SqlExecutor } from '../../../platform/database/sql-client';
import { OwedJobs, type OwedJob } from '../../../platform/queue/owed-jobs';
import { SQL_CLIENT } from '../../../platform/tokens';
import { callIdsOf } from '../read-models/status-actions-logs/status-actions-logs.projection';

export interface StatusActionJob {
  jobId: string;
  logKey: string;
  replay: boolean;
  action: StatusActionSpec;
  /** the event that caused the job, and its request's correlation id */
  causationId: string;
  correlationId: string | null;
  /** the log entry's id when it is known (a replay), or drawn for the entry the job will create */
  statusActionsLogId?: number | null;
}

/** What the log shows of an owed first job before it has run (its entry does not exist yet). */
export interface OwedStatusActionView {
  recipient: string;
  proposals: readonly StatusActionProposalRef[];
}

/** the table of what the log shows of owed first jobs (working state, like the queue: not a projection) */
export const OWED_STATUS_ACTIONS_TABLE = 'status_actions_owed';

/** rows per INSERT of what the log shows of owed jobs */
const SHOWN_CHUNK = 500;

/** Pure: the text the log's search looks in for an entry that has not run yet. */
export function owedSearchText(action: StatusActionSpec, view: OwedStatusActionView): string {
  return [
    view.recipient,
    action.actionType,
    action.email?.emailTemplateId ?? '',
    action.email?.recipientGroup ?? '',
    ...view.proposals.flatMap((p) => [p.proposalId, p.title]),
  ]
    .join(' ')
    .toLowerCase();
}

/**
 * Owes status-action jobs (ARCHITECTURE §4): e-mail on the `email` queue, RabbitMQ on `rabbitmq`, with the retry
 * policy of the config, written through the reaction's transaction (the one that moves its checkpoint) as owed
 * jobs, then carried by the queue. A first job also leaves what the log shows of it until it has run.
 */
@Injectable()
export class StatusActionsScheduler implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly owed: OwedJobs,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [OWED_STATUS_ACTIONS_TABLE]);
      await tx.query(`CREATE TABLE IF NOT EXISTS ${OWED_STATUS_ACTIONS_TABLE} (
        queue text NOT NULL, job_id text NOT NULL, log_key text NOT NULL, log_id integer NOT NULL,
        proposals jsonb NOT NULL, call_ids integer[] NOT NULL, recipient text NOT NULL, search text NOT NULL,
        action jsonb NOT NULL, PRIMARY KEY (queue, job_id))`);
      await tx.query(
        `CREATE INDEX IF NOT EXISTS status_actions_owed_log_key ON ${OWED_STATUS_ACTIONS_TABLE} (log_key)`,
      );
    });
  }

  /** owes the job through `tx` (once per job id); `view` for a first job, shown by the log until it has run */
  async owe(tx: SqlExecutor, job: StatusActionJob, view: OwedStatusActionView | null = null): Promise<void> {
    await this.oweMany(tx, [{ job, view }]);
  }

  /** `owe` for many jobs (a bulk status change's): a few multi-row statements through `tx`, one enqueue */
  async oweMany(
    tx: SqlExecutor,
    entries: readonly { job: StatusActionJob; view?: OwedStatusActionView | null }[],
  ): Promise<void> {
    const owed: OwedJob<StatusActionJobData>[] = [];
    const shown: { queue: string; job: StatusActionJob; view: OwedStatusActionView; logId: number }[] = [];
    for (const { job, view } of entries) {
      // the compatible profile's messages are never lost: they wait out a broker outage (RABBITMQ_OUT_ATTEMPTS)
      const compatible = job.action.rabbitmq?.profile === RabbitMqProfile.COMPATIBLE;
      const attempts = compatible ? this.config.rabbitmqOutAttempts : this.config.statusActionAttempts;
      const backoffMs = compatible ? this.config.rabbitmqOutBackoffMs : this.config.statusActionBackoffMs;
      const data: StatusActionJobData = {
        logKey: job.logKey,
        replay: job.replay,
        action: job.action,
        attempts,
        correlationId: job.correlationId,
        causationId: job.causationId,
        statusActionsLogId: job.statusActionsLogId ?? null,
      };
      const email = job.action.actionType === StatusActionType.EMAIL;
      const queue = email ? QUEUES.email : QUEUES.rabbitmq;
      // a combined e-mail waits out its collection window as a delayed job, not in a worker
      const collectUntil = job.replay ? undefined : job.action.combined?.collectUntil;
      const delayMs = collectUntil ? Math.max(0, Date.parse(collectUntil) - Date.now()) : 0;
      if (view && job.statusActionsLogId) shown.push({ queue, job, view, logId: job.statusActionsLogId });
      owed.push({
        queue,
        name: email ? STATUS_ACTION_JOB_NAMES.email : STATUS_ACTION_JOB_NAMES.rabbitmq,
        data,
        jobId: job.jobId,
        attempts,
        backoffMs,
        delayMs,
      });
    }
    for (let i = 0; i < shown.length; i += SHOWN_CHUNK) {
      const chunk = shown.slice(i, i + SHOWN_CHUNK);
      // the rows as one JSON document (JSON.stringify is native; arrays of JSON text are escaped element by element)
      await tx.query(
        `INSERT INTO ${OWED_STATUS_ACTIONS_TABLE} (queue, job_id, log_key, log_id, proposals, call_ids, recipient, search, action)
         SELECT q, j, k, l, p, c, r, s, a
         FROM jsonb_to_recordset($1::jsonb)
           AS v(q text, j text, k text, l int, p jsonb, c int[], r text, s text, a jsonb)
         ON CONFLICT (queue, job_id) DO NOTHING`,
        [
          JSON.stringify(
            chunk.map((e) => ({
              q: e.queue,
              j: e.job.jobId,
              k: e.job.logKey,
              l: e.logId,
              p: e.view.proposals,
              c: callIdsOf(e.view.proposals),
              r: e.view.recipient,
              s: owedSearchText(e.job.action, e.view),
              a: e.job.action,
            })),
          ),
        ],
      );
    }
    // the queue carries them in packs (OwedJobs: a hundred to a queue job, each still its own row and outcome)
    await this.owed.oweMany(tx, owed, { pack: true });
  }
}
