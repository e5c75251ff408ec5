import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { QUEUES } from '@user-office/contracts';
import type { SqlClient } from '../../../platform/database/sql-client';
import { OWED_JOBS_TABLE } from '../../../platform/queue/owed-jobs';
import { SQL_CLIENT } from '../../../platform/tokens';
import type { Options } from 'amqplib';
import { fulfilled, rejected, type Settled } from '../../../platform/queue/job-batches';
import { StatusActionError } from '../jobs/status-action-error';
import type { OutgoingMessage } from '../rabbitmq/amqp-publisher';

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
    return (await this.confirmedMany([messageKey])).get(messageKey) ?? new Set();
  }

  /** the exchanges each message was already confirmed on, in one read */
  async confirmedMany(messageKeys: readonly string[]): Promise<Map<string, Set<string>>> {
    const confirmed = new Map<string, Set<string>>();
    if (messageKeys.length === 0) return confirmed;
    const result = await this.sql.query<{ message_key: string; exchange: string }>(
      `SELECT message_key, exchange FROM ${PUBLISHED_TABLE} WHERE message_key = ANY($1::text[])`,
      [[...new Set(messageKeys)]],
    );
    for (const r of result.rows) {
      const exchanges = confirmed.get(r.message_key) ?? new Set<string>();
      exchanges.add(r.exchange);
      confirmed.set(r.message_key, exchanges);
    }
    return confirmed;
  }

  async record(messageKey: string, exchange: string): Promise<void> {
    await this.recordMany([{ messageKey, exchange }]);
  }

  /** the broker's confirmations of many messages, in one statement */
  async recordMany(rows: readonly { messageKey: string; exchange: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.sql.query(
      `INSERT INTO ${PUBLISHED_TABLE} (message_key, exchange)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [rows.map((r) => r.messageKey), rows.map((r) => r.exchange)],
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
    const blocker = (await this.blockedMany([{ ...own, orderingKey, position }])).get(own.jobId);
    if (blocker) throw waitingFor(orderingKey, blocker);
  }

  /**
   * `assertTurn` for many messages in one read: the messages (by job id) that must wait, each with a job of an
   * earlier message of its ordering key still owed. Two messages of one key asked together: the later waits for
   * the earlier (whose job is open while it runs).
   */
  async blockedMany(
    messages: readonly { queue: string; jobId: string; orderingKey: string; position: number }[],
  ): Promise<Map<string, string>> {
    const blocked = new Map<string, string>();
    if (messages.length === 0) return blocked;
    const result = await this.sql.query<{ job_id: string; blocker: string }>(
      `SELECT v.job_id, b.job_id AS blocker
       FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS v(own_queue, job_id, ordering_key, pos)
       CROSS JOIN LATERAL (
         SELECT job_id FROM ${OWED_JOBS_TABLE}
         WHERE ${OPEN_DOWNSTREAM} AND NOT (queue = v.own_queue AND job_id = v.job_id)
           AND ${ORDERING_KEY} = v.ordering_key
           AND COALESCE((data->>'position')::bigint, (data->'action'->>'position')::bigint) < v.pos
         LIMIT 1) b`,
      [
        messages.map((m) => m.queue),
        messages.map((m) => m.jobId),
        messages.map((m) => m.orderingKey),
        messages.map((m) => m.position),
      ],
    );
    for (const r of result.rows) blocked.set(r.job_id, r.blocker);
    return blocked;
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

  /**
   * `publishOnce` for many messages: the ledger read once, every exchange not yet confirmed for its message
   * published at once (`publishMany`: pipelined confirms), the confirmations written in one statement once the
   * broker has given them. A message settles with the exchanges it went to now and before, or with the first
   * error of its exchanges (the confirmed ones are recorded, so that its next try skips them).
   */
  async publishOnceMany(
    messages: readonly {
      messageKey: string;
      exchanges: readonly string[];
      content: Buffer;
      properties: Options.Publish;
    }[],
    publishMany: (messages: readonly OutgoingMessage[]) => Promise<Settled<void>[]>,
  ): Promise<Settled<{ published: string[]; already: string[] }>[]> {
    const done = await this.confirmedMany(messages.map((m) => m.messageKey));
    const outgoing: (OutgoingMessage & { index: number })[] = [];
    messages.forEach((m, index) => {
      const confirmed = done.get(m.messageKey);
      for (const exchange of m.exchanges)
        if (!confirmed?.has(exchange))
          outgoing.push({ exchange, content: m.content, properties: m.properties, index });
    });
    const results = await publishMany(outgoing);
    const confirmedNow = outgoing.flatMap((o, i) =>
      results[i]?.ok ? [{ messageKey: messages[o.index].messageKey, exchange: o.exchange }] : [],
    );
    let unrecorded: unknown = null;
    try {
      await this.recordMany(confirmedNow);
    } catch (error) {
      unrecorded = error; // published, not recorded: their next try publishes them again (same message id)
    }
    const byMessage = new Map<number, { exchange: string; result: Settled<void> | undefined }[]>();
    outgoing.forEach((o, i) => {
      const mine = byMessage.get(o.index) ?? [];
      mine.push({ exchange: o.exchange, result: results[i] });
      byMessage.set(o.index, mine);
    });
    return messages.map((m, index) => {
      const mine = byMessage.get(index) ?? [];
      const failed = mine.find((p) => !p.result?.ok);
      if (failed)
        return rejected(
          failed.result && !failed.result.ok ? failed.result.error : new Error('not published'),
        );
      if (unrecorded !== null && mine.length > 0) return rejected(unrecorded);
      const sent = new Set(mine.map((p) => p.exchange));
      return fulfilled({
        published: m.exchanges.filter((e) => sent.has(e)),
        already: m.exchanges.filter((e) => !sent.has(e)),
      });
    });
  }
}

/** the retryable refusal of a message whose ordering key has an earlier message still owed */
export const waitingFor = (orderingKey: string, blocker: string) =>
  new StatusActionError(
    `Waiting for an earlier message of ${orderingKey} (job ${blocker}) to be published first`,
    false,
  );
