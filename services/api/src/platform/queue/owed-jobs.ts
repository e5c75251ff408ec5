/**
 * Owed jobs (ARCHITECTURE §4 "PostgreSQL remembers, the queue only carries"): every job whose loss matters is a
 * row of `owed_jobs`, written by `owe` in the transaction that moves the checkpoint of the reaction planning it
 * (see DeferredWrites), under its deterministic job id. The queue (BullMQ on Redis, or in-process) only carries
 * it: once committed the job is enqueued, and a reconciler in the worker enqueues again, under the same id,
 * every owed job the queue no longer holds (Redis restarted without its data, failed over to a lagging replica,
 * evicted keys; the in-process queue after a restart). The row says where the job is: pending, running, done or
 * failed, marked by the processor wrapper `TrackedJobQueue` puts around every processor.
 *
 * Packs (issue 39): `oweMany(…, { pack: true })` gives each chunk of up to PACK_SIZE rows of a queue a pack id, and
 * the queue carries one job per pack (its data the pack id alone) instead of one per row: a queue job costs more
 * than the work of a small one (BullMQ: ~0.6 ms of CPU each, one round trip each to take it). The rows keep their
 * own state, tries, error and result: the worker marks the pack's rows running and reads them in one statement,
 * runs them as batches, and marks each done, failed, or pending again in a new delayed pack (its backoff). The
 * reconciler looks packs up instead of jobs; `getJob`, `lookup`, `listFailed` and `retryFailed` of a packed job
 * answer from its row.
 */
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { isDeferredWrites } from '../database/deferred-writes';
import type { SqlClient, SqlExecutor } from '../database/sql-client';
import { isConnectionError, type OutageLogger } from '../observability/dependency-monitor';
import { backoffDelay, errorMessage, jsonCopy, resolveRetryOptions } from './job-queue-support';
import type {
  BatchJob,
  BatchJobProcessor,
  BatchProcessorOptions,
  JobInfo,
  JobOptions,
  JobSettlement,
  NewJob,
  JobPresence,
  JobProcessor,
  JobQueue,
  JobState,
  OutcomeListener,
  ProcessorOptions,
} from './job-queue.port';

/** the table of owed jobs; modules may join it (by queue and job id) to show what is owed */
export const OWED_JOBS_TABLE = 'owed_jobs';

export type OwedJobState = 'pending' | 'running' | 'done' | 'failed';

/** A job to owe: what `JobQueue.enqueue` takes, with its queue and name. */
export interface OwedJob<T = unknown> {
  queue: string;
  name: string;
  data: T;
  jobId: string;
  attempts?: number;
  backoffMs?: number;
  /** the job waits this long before its first try (measured from when it is owed) */
  delayMs?: number;
}

export interface OwedJobsOptions {
  /** how often the reconciler looks for owed jobs the queue lost (default 5000 ms) */
  reconcileEveryMs?: number;
  /**
   * a job marked running whose queue entry is gone is enqueued again only once it has been running this long
   * (its worker may still be on it; default 60 s)
   */
  runningLeaseMs?: number;
  /** the most owed jobs one reconciler pass looks at (default 2000) */
  batch?: number;
  /** done jobs are forgotten after this long (default 7 days) */
  keepDoneMs?: number;
  logger?: OutageLogger;
}

export interface ReconcileResult {
  /** owed jobs the queue no longer held, enqueued again under their id */
  enqueued: number;
  /** jobs that failed for good in the queue while their outcome could not be written: run again */
  retried: number;
  /** jobs the queue completed whose row still said pending or running: marked done */
  repaired: number;
}

interface OwedRow {
  queue: string;
  job_id: string;
  name: string;
  data: unknown;
  attempts: number;
  backoff_ms: number;
  run_at: Date | string;
  state: OwedJobState;
  started_at: Date | string | null;
  pack: string | null;
}

/** the name of a queue job that carries a pack of owed jobs (its data: `{ pack }`) */
export const PACK_JOB_NAME = 'owed-jobs-pack';
/** the most owed jobs one pack carries */
export const PACK_SIZE = 100;
/** a pack's queue job id */
export const packJobId = (pack: string): string => `pack:${pack}`;
/**
 * a pack's own tries in the queue: only a try whose rows could not be read or marked (PostgreSQL away) fails, and
 * the rows keep their own tries, so the pack waits an outage out (its backoff is capped at a minute)
 */
const PACK_ATTEMPTS = 1_000_000;
const PACK_BACKOFF_MS = 1000;
/** the longest a pack waits for the packs of the queues it yields to, and how often it looks */
const YIELD_MAX_MS = 2000;
const YIELD_POLL_MS = 10;

/** what a pack's try did */
export interface PackResult {
  pack: string;
  done: number;
  retried: number;
  failed: number;
}

/** a row of a pack as its try begins */
interface PackRow {
  job_id: string;
  name: string;
  data: unknown;
  tries: number;
  attempts: number;
  backoff_ms: number;
}

/** a packed job's row, as `getJob` and `lookup` read it */
interface PackedJobRow {
  job_id: string;
  name: string;
  data: unknown;
  state: OwedJobState;
  tries: number | string;
  last_error: string | null;
  result: unknown;
  run_at: Date | string;
  pack: string;
}
const PACKED_COLUMNS = 'job_id, name, data, state, tries, last_error, result, run_at, pack';

/** a job's result as kept on its row: JSON, or null when it is none (undefined, a BigInt, a cycle) */
function jsonOrNull(value: unknown): unknown {
  try {
    return jsonCopy(value);
  } catch {
    return null;
  }
}

const isPackJob = (name: string): boolean => name === PACK_JOB_NAME;
const packOf = (data: unknown): string => String((data as { pack?: unknown } | null)?.pack ?? '');

/** a processor of one job as a batch processor that runs its jobs one after the other */
function oneByOne<T>(processor: JobProcessor<T>): BatchJobProcessor<T> {
  return async (jobs) => {
    const settled: JobSettlement[] = [];
    for (const { data, job } of jobs) {
      try {
        settled.push({ ok: true, value: await processor(data, job) });
      } catch (error) {
        settled.push({ ok: false, error });
      }
    }
    return settled;
  };
}

const MIGRATION_LOCK = 'owed_jobs';
/** rows per INSERT of `oweMany` (7 parameters whatever the count; a chunk keeps one statement's size sane) */
const OWE_CHUNK = 500;

export class OwedJobs {
  private readonly logger: OutageLogger;
  private readonly reconcileEveryMs: number;
  private readonly runningLeaseMs: number;
  private readonly batch: number;
  private readonly keepDoneMs: number;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<unknown> | null = null;
  private running = false;
  private lastCleanup = 0;
  private readonly listeners: OutcomeListener[] = [];
  /** packs running in this process, per queue (what a queue's packs yield to) */
  private readonly packsRunning = new Map<string, number>();
  /** the queue processors see: the driver with each processor wrapped to mark its job's row */
  readonly queue: JobQueue;

  constructor(
    private readonly sql: SqlClient,
    private readonly driver: JobQueue,
    options: OwedJobsOptions = {},
  ) {
    this.logger = options.logger ?? new Logger('OwedJobs');
    this.reconcileEveryMs = options.reconcileEveryMs ?? 5000;
    this.runningLeaseMs = options.runningLeaseMs ?? 60_000;
    this.batch = options.batch ?? 2000;
    this.keepDoneMs = options.keepDoneMs ?? 7 * 24 * 3600 * 1000;
    this.queue = new TrackedJobQueue(driver, this);
  }

  /** creates the table (safely when several processes start together) */
  static async migrate(sql: SqlClient): Promise<void> {
    await sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [MIGRATION_LOCK]);
      await tx.query(`CREATE TABLE IF NOT EXISTS ${OWED_JOBS_TABLE} (
        queue text NOT NULL,
        job_id text NOT NULL,
        name text NOT NULL,
        data jsonb NOT NULL,
        attempts integer NOT NULL,
        backoff_ms integer NOT NULL,
        run_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
        tries integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        started_at timestamptz,
        finished_at timestamptz,
        PRIMARY KEY (queue, job_id))`);
      await tx.query(
        `CREATE INDEX IF NOT EXISTS owed_jobs_open ON ${OWED_JOBS_TABLE} (created_at) WHERE state IN ('pending', 'running')`,
      );
      // packs (a column added to the table of earlier versions): the pack a row goes in, and what its run gave
      await tx.query(
        `ALTER TABLE ${OWED_JOBS_TABLE} ADD COLUMN IF NOT EXISTS pack text, ADD COLUMN IF NOT EXISTS result jsonb`,
      );
      await tx.query(
        `CREATE INDEX IF NOT EXISTS owed_jobs_pack ON ${OWED_JOBS_TABLE} (queue, pack) WHERE pack IS NOT NULL`,
      );
    });
  }

  /**
   * Records the job as owed through `tx` (a reaction's deferred writes: the transaction that moves its
   * checkpoint) and enqueues it once that commits. Owing an id again changes nothing (the first one stands).
   * Through any other executor, the row is written now and the reconciler enqueues it.
   */
  async owe<T>(tx: SqlExecutor, job: OwedJob<T>): Promise<void> {
    const { attempts, backoffMs } = resolveRetryOptions(job);
    const runAt = new Date(Date.now() + Math.max(0, job.delayMs ?? 0));
    await tx.query(
      `INSERT INTO ${OWED_JOBS_TABLE} (queue, job_id, name, data, attempts, backoff_ms, run_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) ON CONFLICT (queue, job_id) DO NOTHING`,
      [
        job.queue,
        job.jobId,
        job.name,
        JSON.stringify(job.data ?? null),
        attempts,
        backoffMs,
        runAt.toISOString(),
      ],
    );
    const row: OwedRow = {
      queue: job.queue,
      job_id: job.jobId,
      name: job.name,
      data: job.data,
      attempts,
      backoff_ms: backoffMs,
      run_at: runAt,
      state: 'pending',
      started_at: null,
      pack: null,
    };
    if (isDeferredWrites(tx)) tx.afterCommit(() => void this.enqueue(row).catch(() => undefined));
  }

  /**
   * `owe` for many jobs: one statement per few hundred rows through `tx`, and one enqueue of them all once it
   * commits. Owing an id again changes nothing. With `pack`, the queue carries them PACK_SIZE to a job (the rows
   * of one queue due at the same time): the queue's processor must be registered through `TrackedJobQueue`.
   */
  async oweMany(tx: SqlExecutor, jobs: readonly OwedJob[], options: { pack?: boolean } = {}): Promise<void> {
    if (jobs.length === 0) return;
    const now = Date.now();
    const rows: OwedRow[] = jobs.map((job) => {
      const { attempts, backoffMs } = resolveRetryOptions(job);
      return {
        queue: job.queue,
        job_id: job.jobId,
        name: job.name,
        data: job.data,
        attempts,
        backoff_ms: backoffMs,
        run_at: new Date(now + Math.max(0, job.delayMs ?? 0)),
        state: 'pending',
        started_at: null,
        pack: null,
      };
    });
    const packs = options.pack ? this.pack(rows) : [];
    for (let i = 0; i < rows.length; i += OWE_CHUNK) {
      const chunk = rows.slice(i, i + OWE_CHUNK);
      // the rows as one JSON document (JSON.stringify is native; arrays of JSON text are escaped element by element)
      await tx.query(
        `INSERT INTO ${OWED_JOBS_TABLE} (queue, job_id, name, data, attempts, backoff_ms, run_at, pack)
         SELECT q, j, n, coalesce(d, 'null'::jsonb), a, b, r, p
         FROM jsonb_to_recordset($1::jsonb)
           AS v(q text, j text, n text, d jsonb, a int, b int, r timestamptz, p text)
         ON CONFLICT (queue, job_id) DO NOTHING`,
        [
          JSON.stringify(
            chunk.map((r) => ({
              q: r.queue,
              j: r.job_id,
              n: r.name,
              d: r.data ?? null, // JSON null comes out as SQL NULL: stored as JSON null again (coalesce)
              a: r.attempts,
              b: r.backoff_ms,
              r: (r.run_at as Date).toISOString(),
              p: r.pack,
            })),
          ),
        ],
      );
    }
    if (isDeferredWrites(tx))
      tx.afterCommit(
        () =>
          void this.driver
            .enqueueMany([
              ...rows
                .filter((row) => row.pack === null)
                .map((row) => ({
                  queue: row.queue,
                  name: row.name,
                  data: row.data,
                  options: {
                    jobId: row.job_id,
                    attempts: row.attempts,
                    backoffMs: row.backoff_ms,
                    delayMs: Math.max(0, (row.run_at as Date).getTime() - Date.now()),
                  },
                })),
              ...packs.map(({ queue, pack, runAt }) => this.packJob(queue, pack, runAt)),
            ])
            .catch(() => undefined), // the reconciler enqueues what did not make it
      );
  }

  /** gives the rows their packs: PACK_SIZE at most, each of one queue and one time due */
  private pack(rows: OwedRow[]): { queue: string; pack: string; runAt: number; size: number }[] {
    const open = new Map<string, { queue: string; pack: string; runAt: number; size: number }>();
    const packs: { queue: string; pack: string; runAt: number; size: number }[] = [];
    for (const row of rows) {
      const runAt = (row.run_at as Date).getTime();
      const key = `${row.queue}\u0000${runAt}`;
      let current = open.get(key);
      if (!current || current.size >= PACK_SIZE) {
        current = { queue: row.queue, pack: randomUUID(), runAt, size: 0 };
        open.set(key, current);
        packs.push(current);
      }
      current.size += 1;
      row.pack = current.pack;
    }
    return packs;
  }

  /** the queue job that carries a pack, due at `runAt` */
  private packJob(queue: string, pack: string, runAt: number): NewJob {
    return {
      queue,
      name: PACK_JOB_NAME,
      data: { pack },
      options: {
        jobId: packJobId(pack),
        attempts: PACK_ATTEMPTS,
        backoffMs: PACK_BACKOFF_MS,
        delayMs: Math.max(0, runAt - Date.now()),
      },
    };
  }

  /** the state of an owed job, null when it is not owed */
  async state(queue: string, jobId: string): Promise<OwedJobState | null> {
    const result = await this.sql.query<{ state: OwedJobState }>(
      `SELECT state FROM ${OWED_JOBS_TABLE} WHERE queue = $1 AND job_id = $2`,
      [queue, jobId],
    );
    return result.rows[0]?.state ?? null;
  }

  /** how many owed jobs are in each state */
  async counts(): Promise<Record<OwedJobState, number>> {
    const result = await this.sql.query<{ state: OwedJobState; n: string | number }>(
      `SELECT state, count(*) AS n FROM ${OWED_JOBS_TABLE} GROUP BY state`,
    );
    const counts: Record<OwedJobState, number> = { pending: 0, running: 0, done: 0, failed: 0 };
    for (const r of result.rows) counts[r.state] = Number(r.n);
    return counts;
  }

  /** wraps a processor: the job's row is running while it runs, then done or failed (pending between tries) */
  track<T>(queue: string, processor: JobProcessor<T>): JobProcessor<T> {
    return async (data, job) => {
      if (isPackJob(job.name)) return this.runPack(queue, packOf(data), oneByOne(processor), 1);
      const begun = await this.begin(queue, job.id);
      if (begun === 'done') return null; // ran to its end before (its queue entry was lost and re-added)
      let result: unknown;
      try {
        result = await processor(data, job);
      } catch (error) {
        if (begun !== 'untracked') {
          const last = job.attemptsMade + 1 >= begun.attempts;
          await this.mark(queue, job.id, last ? 'failed' : 'pending', errorMessage(error));
        }
        throw error;
      }
      if (begun !== 'untracked') await this.mark(queue, job.id, 'done', null);
      return result;
    };
  }

  /**
   * `track` for a batch processor: the rows of the batch's jobs are marked running in one statement, and their
   * outcomes written in one more; a job that already ran to its end is not handed to the processor again. A pack
   * runs its rows, `maxBatch` at a time, once no pack of the queues it `yieldsTo` runs in this process.
   */
  trackBatch<T>(
    queue: string,
    processor: BatchJobProcessor<T>,
    options: Pick<BatchProcessorOptions, 'maxBatch' | 'yieldsTo'>,
  ): BatchJobProcessor<T> {
    const { maxBatch, yieldsTo = [] } = options;
    return async (jobs) => {
      const settled: JobSettlement[] = jobs.map(() => ({ ok: true, value: null }));
      const singles = jobs.flatMap((j, i) => (isPackJob(j.job.name) ? [] : [i]));
      if (singles.length > 0) {
        const results = await this.runSingles(
          queue,
          processor,
          singles.map((i) => jobs[i]),
        );
        singles.forEach((i, k) => (settled[i] = results[k]));
      }
      for (const [i, { data, job }] of jobs.entries()) {
        if (!isPackJob(job.name)) continue;
        try {
          settled[i] = {
            ok: true,
            value: await this.runPack(queue, packOf(data), processor, maxBatch, yieldsTo),
          };
        } catch (error) {
          settled[i] = { ok: false, error }; // its rows could not be read or marked: the queue tries the pack again
        }
      }
      return settled;
    };
  }

  /** the jobs of a batch that are not packs: each its own row */
  private async runSingles<T>(
    queue: string,
    processor: BatchJobProcessor<T>,
    jobs: readonly BatchJob<T>[],
  ): Promise<JobSettlement[]> {
    const begun = await this.beginMany(
      queue,
      jobs.map((j) => j.job.id),
    );
    const settled: JobSettlement[] = jobs.map(() => ({ ok: true, value: null }));
    const run = jobs.flatMap((j, i) => (begun.get(j.job.id) === 'done' ? [] : [i]));
    if (run.length === 0) return settled;
    let results: JobSettlement[];
    try {
      results = await processor(run.map((i) => jobs[i]));
    } catch (error) {
      results = run.map(() => ({ ok: false, error }));
    }
    const marks: { jobId: string; state: OwedJobState; error: string | null }[] = [];
    run.forEach((i, k) => {
      const result = results[k] ?? { ok: false, error: new Error('The batch gave this job no result') };
      settled[i] = result;
      const { job } = jobs[i];
      const state = begun.get(job.id);
      if (state === undefined || state === 'done' || state === 'untracked') return;
      if (result.ok) marks.push({ jobId: job.id, state: 'done', error: null });
      else
        marks.push({
          jobId: job.id,
          state: job.attemptsMade + 1 >= state.attempts ? 'failed' : 'pending',
          error: errorMessage(result.error),
        });
    });
    await this.markMany(queue, marks);
    return settled;
  }

  /**
   * A pack's try, once no pack of the queues it yields to runs here (or it has waited YIELD_MAX_MS): one queue's
   * burst first, another's after (the status actions' messages before their e-mails), where sharing the process's
   * CPU would end both late.
   */
  private async runPack<T>(
    queue: string,
    pack: string,
    processor: BatchJobProcessor<T>,
    maxBatch: number,
    yieldsTo: readonly string[] = [],
  ): Promise<PackResult> {
    const start = Date.now();
    while (
      yieldsTo.some((other) => (this.packsRunning.get(other) ?? 0) > 0) &&
      Date.now() - start < YIELD_MAX_MS
    )
      await new Promise((resolve) => setTimeout(resolve, YIELD_POLL_MS));
    this.packsRunning.set(queue, (this.packsRunning.get(queue) ?? 0) + 1);
    try {
      return await this.runPackRows(queue, pack, processor, maxBatch);
    } finally {
      this.packsRunning.set(queue, (this.packsRunning.get(queue) ?? 1) - 1);
    }
  }

  /**
   * One try of a pack: its open rows marked running (another try each) and read in one statement, run `maxBatch`
   * at a time, then each marked in one more statement: done (with its result), failed after its last try, or
   * pending again in a new pack due after its backoff. Throws when the rows cannot be read or marked (the queue
   * tries the pack again: a row run twice is run idempotently, as a stalled job is).
   */
  private async runPackRows<T>(
    queue: string,
    pack: string,
    processor: BatchJobProcessor<T>,
    maxBatch: number,
  ): Promise<PackResult> {
    const begun = await this.sql.query<PackRow>(
      `WITH begun AS (
         UPDATE ${OWED_JOBS_TABLE} SET state = 'running', tries = tries + 1, started_at = now(), updated_at = now()
         WHERE queue = $1 AND pack = $2 AND state IN ('pending', 'running')
         RETURNING job_id, name, data, tries, attempts, backoff_ms, created_at)
       SELECT job_id, name, data, tries, attempts, backoff_ms FROM begun ORDER BY created_at, job_id`,
      [queue, pack],
    );
    const rows = begun.rows.map((r) => ({
      ...r,
      tries: Number(r.tries),
      attempts: Number(r.attempts),
      backoff_ms: Number(r.backoff_ms),
    }));
    const results: JobSettlement[] = [];
    const size = Math.max(1, Math.floor(maxBatch));
    for (let i = 0; i < rows.length; i += size) {
      const chunk = rows.slice(i, i + size);
      let settled: JobSettlement[];
      try {
        settled = await processor(
          chunk.map((r) => ({
            data: r.data as T,
            job: { id: r.job_id, name: r.name, attemptsMade: r.tries - 1 },
          })),
        );
      } catch (error) {
        settled = chunk.map(() => ({ ok: false, error }));
      }
      chunk.forEach((_, k) =>
        results.push(settled[k] ?? { ok: false, error: new Error('The batch gave this job no result') }),
      );
    }
    const result: PackResult = { pack, done: 0, retried: 0, failed: 0 };
    const now = Date.now();
    const again = new Map<number, { pack: string; runAt: number }>();
    const marks = rows.map((r, i) => {
      const settled = results[i];
      if (settled.ok) {
        result.done += 1;
        return { j: r.job_id, s: 'done', e: null, x: jsonOrNull(settled.value), r: null, p: null };
      }
      const error = errorMessage(settled.error);
      if (r.tries >= r.attempts) {
        result.failed += 1;
        return { j: r.job_id, s: 'failed', e: error, x: null, r: null, p: null };
      }
      result.retried += 1;
      const runAt = now + backoffDelay(r.backoff_ms, r.tries);
      let next = again.get(runAt);
      if (!next) {
        next = { pack: randomUUID(), runAt };
        again.set(runAt, next);
      }
      return { j: r.job_id, s: 'pending', e: error, x: null, r: new Date(runAt).toISOString(), p: next.pack };
    });
    if (marks.length > 0)
      await this.sql.query(
        `UPDATE ${OWED_JOBS_TABLE} o SET state = v.s, last_error = v.e, result = v.x, updated_at = now(),
           run_at = coalesce(v.r, o.run_at), pack = coalesce(v.p, o.pack),
           finished_at = CASE WHEN v.s IN ('done', 'failed') THEN now() ELSE o.finished_at END
         FROM jsonb_to_recordset($3::jsonb) AS v(j text, s text, e text, x jsonb, r timestamptz, p text)
         WHERE o.queue = $1 AND o.pack = $2 AND o.job_id = v.j AND o.state = 'running'`,
        [queue, pack, JSON.stringify(marks)],
      );
    if (again.size > 0)
      await this.driver
        .enqueueMany([...again.values()].map((next) => this.packJob(queue, next.pack, next.runAt)))
        .catch(() => undefined); // the reconciler enqueues the packs that did not make it
    marks.forEach((m, i) =>
      this.emit(queue, m.s === 'done' ? 'completed' : m.s === 'failed' ? 'failed' : 'retried', rows[i].name),
    );
    return result;
  }

  /** observer of the outcomes of packed jobs (each row's, under its own name) */
  onOutcome(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  private emit(queue: string, outcome: 'completed' | 'failed' | 'retried', name: string): void {
    for (const listener of this.listeners) {
      try {
        listener(queue, outcome, name);
      } catch {
        // a failing metrics observer must not break job processing
      }
    }
  }

  /**
   * One pass: the owed jobs still pending or running, compared with what the queue holds. A job the queue lost
   * is enqueued again under its id (a running one only after `runningLeaseMs`); one it failed for good while its
   * row could not be written (PostgreSQL away) runs again; one it completed is marked done. Several workers may
   * reconcile at once: a job id is in the queue once, whoever enqueues it.
   */
  async reconcile(): Promise<ReconcileResult> {
    const result: ReconcileResult = { enqueued: 0, retried: 0, repaired: 0 };
    // the jobs' data is read only for those to enqueue again: a burst leaves thousands owed that the queue holds
    const rows = await this.sql.query<Pick<OwedRow, 'queue' | 'job_id' | 'state' | 'started_at' | 'pack'>>(
      `SELECT queue, job_id, state, started_at, pack FROM ${OWED_JOBS_TABLE}
       WHERE state IN ('pending', 'running') ORDER BY created_at LIMIT $1`,
      [this.batch],
    );
    const byQueue = new Map<string, (typeof rows.rows)[number][]>();
    for (const row of rows.rows) {
      const owed = byQueue.get(row.queue);
      if (owed) owed.push(row);
      else byQueue.set(row.queue, [row]);
    }
    for (const [queue, all] of byQueue) {
      await this.reconcilePacks(
        queue,
        all.filter((r) => r.pack !== null),
        result,
      );
      const owed = all.filter((r) => r.pack === null);
      if (owed.length === 0) continue;
      const presence = await this.driver.lookup(
        queue,
        owed.map((r) => r.job_id),
      );
      const lost: string[] = [];
      for (const row of owed) {
        const held: JobPresence = presence.get(row.job_id) ?? 'absent';
        if (held === 'held') continue;
        if (held === 'completed') {
          await this.mark(queue, row.job_id, 'done', null, ['pending', 'running']);
          result.repaired += 1;
        } else if (held === 'failed') {
          if (await this.driver.retryFailed(queue, row.job_id).catch(() => false)) result.retried += 1;
        } else {
          const since = row.started_at ? Date.now() - new Date(row.started_at).getTime() : Infinity;
          if (row.state === 'running' && since < this.runningLeaseMs) continue;
          lost.push(row.job_id);
        }
      }
      if (lost.length === 0) continue;
      const full = await this.sql.query<OwedRow>(
        `SELECT queue, job_id, name, data, attempts, backoff_ms, run_at, state, started_at FROM ${OWED_JOBS_TABLE}
         WHERE queue = $1 AND job_id = ANY($2::text[]) AND state IN ('pending', 'running') ORDER BY created_at`,
        [queue, lost],
      );
      for (const row of full.rows) if (await this.enqueue(row)) result.enqueued += 1;
    }
    if (Date.now() - this.lastCleanup > 3600_000) {
      this.lastCleanup = Date.now();
      await this.sql.query(
        `DELETE FROM ${OWED_JOBS_TABLE} WHERE state = 'done' AND finished_at < now() - $1::int * interval '1 millisecond'`,
        [this.keepDoneMs],
      );
    }
    return result;
  }

  /**
   * The reconciler's pass over packed rows: a pack the queue holds is left to it, one it failed for good (its rows
   * could not be marked for a million tries) runs again, and one it lost (or completed while rows of it are still
   * open, which only a pack id owed again can do) is enqueued again: under its id when lost, as a new pack else.
   * Rows running within their lease are left to their worker.
   */
  private async reconcilePacks(
    queue: string,
    rows: readonly Pick<OwedRow, 'job_id' | 'state' | 'started_at' | 'pack'>[],
    result: ReconcileResult,
  ): Promise<void> {
    const packs = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) {
      const pack = row.pack as string;
      const inPack = packs.get(pack);
      if (inPack) inPack.push(row);
      else packs.set(pack, [row]);
    }
    if (packs.size === 0) return;
    const presence = await this.driver.lookup(queue, [...packs.keys()].map(packJobId));
    for (const [pack, inPack] of packs) {
      const held: JobPresence = presence.get(packJobId(pack)) ?? 'absent';
      if (held === 'held') continue;
      if (held === 'failed') {
        if (await this.driver.retryFailed(queue, packJobId(pack)).catch(() => false))
          result.retried += inPack.length;
        continue;
      }
      const leased = inPack.every(
        (r) =>
          r.state === 'running' &&
          r.started_at !== null &&
          Date.now() - new Date(r.started_at).getTime() < this.runningLeaseMs,
      );
      if (leased) continue;
      // lost: enqueued again under its id; completed: its id is taken, so its open rows go in a new pack
      const repacked = held === 'completed' ? randomUUID() : pack;
      const open = `queue = $1 AND pack = $2 AND state IN ('pending', 'running')`;
      const due = await this.sql.query<{ run_at: Date | string | null; n: string | number }>(
        repacked === pack
          ? `SELECT min(run_at) AS run_at, count(*) AS n FROM ${OWED_JOBS_TABLE} WHERE ${open}`
          : `WITH moved AS (UPDATE ${OWED_JOBS_TABLE} SET pack = $3 WHERE ${open} RETURNING run_at)
             SELECT min(run_at) AS run_at, count(*) AS n FROM moved`,
        repacked === pack ? [queue, pack] : [queue, pack, repacked],
      );
      const { run_at: runAt, n } = due.rows[0] ?? { run_at: null, n: 0 };
      if (runAt === null || Number(n) === 0) continue;
      const job = this.packJob(queue, repacked, new Date(runAt).getTime());
      if (await this.driver.enqueue(queue, job.name, job.data, job.options)) result.enqueued += Number(n);
    }
  }

  /**
   * What the queue holds of each owed job (`JobQueue.lookup`): a packed one's row answers when it has ended, its
   * pack's queue job else.
   */
  async lookup(queue: string, jobIds: readonly string[]): Promise<Map<string, JobPresence>> {
    const packed = await this.packedRows(queue, jobIds);
    const found = await this.driver.lookup(queue, [
      ...jobIds.filter((id) => !packed.has(id)),
      ...new Set([...packed.values()].map((r) => packJobId(r.pack))),
    ]);
    // in the order asked
    return new Map(
      jobIds.map((id): [string, JobPresence] => {
        const row = packed.get(id);
        if (!row) return [id, found.get(id) ?? 'absent'];
        if (row.state === 'done') return [id, 'completed'];
        if (row.state === 'failed') return [id, 'failed'];
        return [id, found.get(packJobId(row.pack)) ?? 'absent'];
      }),
    );
  }

  /** a packed job as the queue would show it (null when the job is not a packed one) */
  async packedJob(queue: string, jobId: string): Promise<JobInfo | null> {
    const row = (await this.packedRows(queue, [jobId])).get(jobId);
    return row ? this.infoOf(queue, row) : null;
  }

  /** packed jobs that failed for good, the latest first */
  async packedFailed(queue: string, limit: number): Promise<JobInfo[]> {
    if (limit <= 0) return [];
    const rows = await this.sql.query<PackedJobRow>(
      `SELECT ${PACKED_COLUMNS} FROM ${OWED_JOBS_TABLE}
       WHERE queue = $1 AND pack IS NOT NULL AND state = 'failed' ORDER BY finished_at DESC LIMIT $2`,
      [queue, limit],
    );
    return rows.rows.map((row) => this.infoOf(queue, row));
  }

  /** runs a packed job that failed for good again, with all its tries (a pack of its own); false when it is not one */
  async retryPacked(queue: string, jobId: string): Promise<boolean> {
    const pack = randomUUID();
    const updated = await this.sql.query(
      `UPDATE ${OWED_JOBS_TABLE} SET state = 'pending', tries = 0, run_at = now(), pack = $3, finished_at = NULL,
         updated_at = now()
       WHERE queue = $1 AND job_id = $2 AND pack IS NOT NULL AND state = 'failed' RETURNING job_id`,
      [queue, jobId, pack],
    );
    if (updated.rows.length === 0) return false;
    await this.driver.enqueueMany([this.packJob(queue, pack, Date.now())]);
    return true;
  }

  private async packedRows(queue: string, jobIds: readonly string[]): Promise<Map<string, PackedJobRow>> {
    const packed = new Map<string, PackedJobRow>();
    if (jobIds.length === 0) return packed;
    const rows = await this.sql.query<PackedJobRow>(
      `SELECT ${PACKED_COLUMNS} FROM ${OWED_JOBS_TABLE}
       WHERE queue = $1 AND job_id = ANY($2::text[]) AND pack IS NOT NULL`,
      [queue, [...jobIds]],
    );
    for (const row of rows.rows) packed.set(row.job_id, row);
    return packed;
  }

  private infoOf(queue: string, row: PackedJobRow): JobInfo {
    const state: JobState =
      row.state === 'done'
        ? 'completed'
        : row.state === 'failed'
          ? 'failed'
          : row.state === 'running'
            ? 'active'
            : new Date(row.run_at).getTime() > Date.now()
              ? 'delayed'
              : 'waiting';
    return {
      id: row.job_id,
      queue,
      name: row.name,
      data: row.data,
      state,
      attemptsMade: Number(row.tries),
      failedReason: row.state === 'done' ? null : row.last_error,
      returnValue: row.result ?? null,
    };
  }

  /** the reconciler: a pass now (start-up), then every `reconcileEveryMs` (worker run mode) */
  start(): void {
    if (this.running) return;
    this.running = true;
    const tick = () => {
      this.timer = null;
      if (!this.running) return;
      this.pass = this.reconcile()
        .then((r) => {
          if (r.enqueued + r.retried > 0)
            this.logger.log(
              `Reconciled owed jobs: ${r.enqueued} enqueued again (the queue had lost them)` +
                (r.retried > 0 ? `, ${r.retried} failed while PostgreSQL was away run again` : ''),
            );
        })
        .catch((error: unknown) => {
          // PostgreSQL or Redis away: their monitors say so once; the next pass tries again
          if (
            !isConnectionError(error) &&
            !/Redis|Connection is closed|max retries per request/i.test(errorMessage(error))
          )
            this.logger.warn(`Reconciling owed jobs failed: ${errorMessage(error)}`);
        })
        .finally(() => {
          this.pass = null;
          if (this.running) this.timer = setTimeout(tick, this.reconcileEveryMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pass;
  }

  private async enqueue(row: OwedRow): Promise<boolean> {
    const delayMs = Math.max(0, new Date(row.run_at).getTime() - Date.now());
    return this.driver.enqueue(row.queue, row.name, row.data, {
      jobId: row.job_id,
      attempts: row.attempts,
      backoffMs: row.backoff_ms,
      delayMs,
    });
  }

  /** marks the row running (another try); 'done' when it already ran to its end, 'untracked' when not owed */
  private async begin(queue: string, jobId: string): Promise<{ attempts: number } | 'done' | 'untracked'> {
    const updated = await this.sql.query<{ attempts: number }>(
      `UPDATE ${OWED_JOBS_TABLE} SET state = 'running', tries = tries + 1, started_at = now(), updated_at = now()
       WHERE queue = $1 AND job_id = $2 AND state <> 'done' RETURNING attempts`,
      [queue, jobId],
    );
    if (updated.rows[0]) return { attempts: Number(updated.rows[0].attempts) };
    return (await this.state(queue, jobId)) === 'done' ? 'done' : 'untracked';
  }

  /** `begin` for many jobs of one queue: two statements whatever their number */
  private async beginMany(
    queue: string,
    jobIds: readonly string[],
  ): Promise<Map<string, { attempts: number } | 'done' | 'untracked'>> {
    const ids = [...new Set(jobIds)];
    const begun = new Map<string, { attempts: number } | 'done' | 'untracked'>();
    const updated = await this.sql.query<{ job_id: string; attempts: number }>(
      `UPDATE ${OWED_JOBS_TABLE} SET state = 'running', tries = tries + 1, started_at = now(), updated_at = now()
       WHERE queue = $1 AND job_id = ANY($2::text[]) AND state <> 'done' RETURNING job_id, attempts`,
      [queue, ids],
    );
    for (const r of updated.rows) begun.set(r.job_id, { attempts: Number(r.attempts) });
    const rest = ids.filter((id) => !begun.has(id));
    if (rest.length > 0) {
      const done = await this.sql.query<{ job_id: string }>(
        `SELECT job_id FROM ${OWED_JOBS_TABLE} WHERE queue = $1 AND job_id = ANY($2::text[]) AND state = 'done'`,
        [queue, rest],
      );
      const finished = new Set(done.rows.map((r) => r.job_id));
      for (const id of rest) begun.set(id, finished.has(id) ? 'done' : 'untracked');
    }
    return begun;
  }

  /** `mark` for many jobs of one queue in one statement (best effort, like `mark`) */
  private async markMany(
    queue: string,
    marks: readonly { jobId: string; state: OwedJobState; error: string | null }[],
  ): Promise<void> {
    if (marks.length === 0) return;
    await this.sql
      .query(
        `UPDATE ${OWED_JOBS_TABLE} o SET state = v.state, last_error = v.error, updated_at = now(),
           finished_at = CASE WHEN v.state IN ('done', 'failed') THEN now() ELSE o.finished_at END
         FROM unnest($2::text[], $3::text[], $4::text[]) AS v(job_id, state, error)
         WHERE o.queue = $1 AND o.job_id = v.job_id AND o.state IN ('pending', 'running', 'failed')`,
        [queue, marks.map((m) => m.jobId), marks.map((m) => m.state), marks.map((m) => m.error)],
      )
      .catch(() => undefined);
  }

  /**
   * Writes the outcome of a try. Best effort: when PostgreSQL is away the row keeps its state, and the reconciler
   * sets it right from what the queue says once it is back.
   */
  private async mark(
    queue: string,
    jobId: string,
    state: OwedJobState,
    error: string | null,
    from: OwedJobState[] = ['pending', 'running', 'failed'],
  ): Promise<void> {
    const finished = state === 'done' || state === 'failed';
    await this.sql
      .query(
        `UPDATE ${OWED_JOBS_TABLE} SET state = $3, last_error = $4, updated_at = now(),
           finished_at = CASE WHEN $5::boolean THEN now() ELSE finished_at END
         WHERE queue = $1 AND job_id = $2 AND state = ANY($6::text[])`,
        [queue, jobId, state, error, finished, from],
      )
      .catch(() => undefined);
  }
}

/** The queue the modules see: the driver, with each processor wrapped by `OwedJobs.track`. */
export class TrackedJobQueue implements JobQueue {
  constructor(
    private readonly inner: JobQueue,
    private readonly owed: OwedJobs,
  ) {}

  get driver(): JobQueue['driver'] {
    return this.inner.driver;
  }

  get address(): string {
    return this.inner.address;
  }

  enqueue<T>(queue: string, name: string, data: T, options: JobOptions): Promise<boolean> {
    return this.inner.enqueue(queue, name, data, options);
  }

  enqueueMany(jobs: readonly NewJob[]): Promise<void> {
    return this.inner.enqueueMany(jobs);
  }

  registerProcessor<T>(queue: string, processor: JobProcessor<T>, options?: ProcessorOptions): void {
    this.inner.registerProcessor(queue, this.owed.track(queue, processor), options);
  }

  registerBatchProcessor<T>(
    queue: string,
    processor: BatchJobProcessor<T>,
    options: BatchProcessorOptions,
  ): void {
    this.inner.registerBatchProcessor(queue, this.owed.trackBatch(queue, processor, options), options);
  }

  start(queues?: readonly string[] | null): Promise<void> {
    return this.inner.start(queues);
  }

  /** a packed job answers from its row (the queue holds its pack), any other from the queue */
  async getJob(queue: string, jobId: string): Promise<JobInfo | null> {
    return (await this.owed.packedJob(queue, jobId)) ?? this.inner.getJob(queue, jobId);
  }

  /** the packed jobs that failed for good, then the queue's own (packs that failed for good are not jobs) */
  async listFailed(queue: string, limit = 100): Promise<JobInfo[]> {
    const packed = await this.owed.packedFailed(queue, limit);
    if (packed.length >= limit) return packed;
    const own = await this.inner.listFailed(queue, limit);
    return [...packed, ...own.filter((job) => job.name !== PACK_JOB_NAME)].slice(0, limit);
  }

  lookup(queue: string, jobIds: readonly string[]): Promise<Map<string, JobPresence>> {
    return this.owed.lookup(queue, jobIds);
  }

  async retryFailed(queue: string, jobId: string): Promise<boolean> {
    return (await this.owed.retryPacked(queue, jobId)) || this.inner.retryFailed(queue, jobId);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  /** each job's outcome: a packed job's from its row, never a pack's own */
  onOutcome(listener: OutcomeListener): void {
    this.inner.onOutcome((queue, outcome, name) => {
      if (!isPackJob(name)) listener(queue, outcome, name);
    });
    this.owed.onOutcome(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
