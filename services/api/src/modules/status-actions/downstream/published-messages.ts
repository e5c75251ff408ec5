import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { QUEUES } from '@user-office/contracts';
import type { SqlClient } from '../../../platform/database/sql-client';
import { OWED_JOBS_TABLE } from '../../../platform/queue/owed-jobs';
import { SQL_CLIENT } from '../../../platform/tokens';
import { StatusActionError } from '../jobs/status-action-error';

/** what the broker confirmed: one row per message and exchange (working state, like the owed jobs) */
export const PUBLISHED_TABLE = 'rabbitmq_published';

/** the owed messages still to publish (literal, so that the partial index below serves the order guard) */
const OPEN_DOWNSTREAM = `state IN ('pending', 'running') AND queue IN ('${QUEUES.rabbitmq}', '${QUEUES.downstream}')`;
/** a downstream job's ordering key; a status action's: its proposal */
const ORDERING_KEY = `COALESCE(data->>'orderingKey', 'proposal-' || (data->'action'->>'proposalPk'))`;

/** the ordering key of a status action's message: its proposal */
export const proposalOrderingKey = (proposalPk: number): string => `proposal-${proposalPk}`;

/**
 * Exactly once, in order (ARCHITECTURE §4 "Downstream systems"): the compatible profile's messages are owed jobs
 * (status actions on `rabbitmq`, the deletions and the feed on `downstream`), and this is what makes their
 * publishing exact:
 * - **in order**: a message waits (its job is tried again later) while an earlier message of its ordering key
 *   (`proposal-<pk>`, `instrument-<id>`, …; earlier = a lower event position) is still owed on either queue;
 * - **once**: each exchange's confirmation is written here as soon as the broker gives it, and a try (a retry after
 *   a broker outage, a job run again after a crash) skips the exchanges already confirmed. What remains is the
 *   instant between the broker's confirmation and this row's commit: a process killed exactly then publishes that
 *   message again, with the same `messageId` (the event id) for the consumer to recognise.
 */
@Injectable()
export class PublishedMessages implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [PUBLISHED_TABLE]);
      await tx.query(`CREATE TABLE IF NOT EXISTS ${PUBLISHED_TABLE} (
        message_key text NOT NULL, exchange text NOT NULL, published_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (message_key, exchange))`);
      // the order guard's lookup: the open downstream messages by ordering key (owed_jobs exists by now: the
      // platform migrates it when it provides OwedJobs, before any module starts)
      await tx.query(`CREATE INDEX IF NOT EXISTS owed_jobs_downstream_order ON ${OWED_JOBS_TABLE} ((${ORDERING_KEY}))
        WHERE ${OPEN_DOWNSTREAM}`);
    });
  }

  /** the exchanges the message was already confirmed on */
  async confirmed(messageKey: string): Promise<Set<string>> {
    const result = await this.sql.query<{ exchange: string }>(
      `SELECT exchange FROM ${PUBLISHED_TABLE} WHERE message_key = $1`,
      [messageKey],
    );
    return new Set(result.rows.map((r) => r.exchange));
  }

  async record(messageKey: string, exchange: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO ${PUBLISHED_TABLE} (message_key, exchange) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [messageKey, exchange],
    );
  }

  /**
   * Throws a StatusActionError to be retried while an earlier message of the same ordering key is still owed
   * (pending or running) on the `rabbitmq` or `downstream` queue.
   */
  async assertTurn(
    own: { queue: string; jobId: string },
    orderingKey: string,
    position: number,
  ): Promise<void> {
    const result = await this.sql.query<{ job_id: string }>(
      `SELECT job_id FROM ${OWED_JOBS_TABLE}
       WHERE ${OPEN_DOWNSTREAM} AND NOT (queue = $1 AND job_id = $2) AND ${ORDERING_KEY} = $3
         AND COALESCE((data->>'position')::bigint, (data->'action'->>'position')::bigint) < $4
       LIMIT 1`,
      [own.queue, own.jobId, orderingKey, position],
    );
    if (result.rows[0])
      throw new StatusActionError(
        `Waiting for an earlier message of ${orderingKey} (job ${result.rows[0].job_id}) to be published first`,
        false,
      );
  }

  /**
   * Publishes `content` once to each exchange not yet confirmed for `messageKey`, recording each confirmation;
   * `publish` is the publisher's confirmed publish to one exchange.
   */
  async publishOnce(
    messageKey: string,
    exchanges: readonly string[],
    publish: (exchange: string) => Promise<void>,
  ): Promise<{ published: string[]; already: string[] }> {
    const done = await this.confirmed(messageKey);
    const published: string[] = [];
    const already: string[] = [];
    for (const exchange of exchanges) {
      if (done.has(exchange)) {
        already.push(exchange);
        continue;
      }
      await publish(exchange);
      await this.record(messageKey, exchange);
      published.push(exchange);
    }
    return { published, already };
  }
}
