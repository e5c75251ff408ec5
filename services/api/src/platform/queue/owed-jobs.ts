/**
 * Owed jobs (ARCHITECTURE §4 "PostgreSQL remembers, the queue only carries"): every job whose loss matters is a
 * row of `owed_jobs`, written by `owe` in the transaction that moves the checkpoint of the reaction planning it
 * (see DeferredWrites), under its deterministic job id. The queue (BullMQ on Redis, or in-process) only carries
 * it: once committed the job is enqueued, and a reconciler in the worker enqueues again, under the same id,
 * every owed job the queue no longer holds (Redis restarted without its data, failed over to a lagging replica,
 * evicted keys; the in-process queue after a restart). The row says where the job is: pending, running, done or
 * failed, marked by the processor wrapper `TrackedJobQueue` puts around every processor.
 */
import { Logger } from '@nestjs/common';
import { isDeferredWrites } from '../database/deferred-writes';
import type { SqlClient, SqlExecutor } from '../database/sql-client';
import { isConnectionError, type OutageLogger } from '../observability/dependency-monitor';
import { errorMessage, resolveRetryOptions } from './job-queue-support';
import type {
  BatchJobProcessor,
  BatchProcessorOptions,
  JobInfo,
  JobOptions,
  JobSettlement,
  NewJob,
  JobOutcome,
  JobPresence,
  JobProcessor,
  JobQueue,
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
    };
    if (isDeferredWrites(tx)) tx.afterCommit(() => void this.enqueue(row).catch(() => undefined));
  }

  /**
   * `owe` for many jobs: one statement per few hundred rows through `tx`, and one enqueue of them all once it
   * commits. Owing an id again changes nothing.
   */
  async oweMany(tx: SqlExecutor, jobs: readonly OwedJob[]): Promise<void> {
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
      };
    });
    for (let i = 0; i < rows.length; i += OWE_CHUNK) {
      const chunk = rows.slice(i, i + OWE_CHUNK);
      // the rows as one JSON document (JSON.stringify is native; arrays of JSON text are escaped element by element)
      await tx.query(
        `INSERT INTO ${OWED_JOBS_TABLE} (queue, job_id, name, data, attempts, backoff_ms, run_at)
         SELECT q, j, n, coalesce(d, 'null'::jsonb), a, b, r
         FROM jsonb_to_recordset($1::jsonb) AS v(q text, j text, n text, d jsonb, a int, b int, r timestamptz)
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
            })),
          ),
        ],
      );
    }
    if (isDeferredWrites(tx))
      tx.afterCommit(
        () =>
          void this.driver
            .enqueueMany(
              rows.map((row) => ({
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
            )
            .catch(() => undefined), // the reconciler enqueues what did not make it
      );
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
   * outcomes written in one more; a job that already ran to its end is not handed to the processor again.
   */
  trackBatch<T>(queue: string, processor: BatchJobProcessor<T>): BatchJobProcessor<T> {
    return async (jobs) => {
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
    };
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
    const rows = await this.sql.query<Pick<OwedRow, 'queue' | 'job_id' | 'state' | 'started_at'>>(
      `SELECT queue, job_id, state, started_at FROM ${OWED_JOBS_TABLE}
       WHERE state IN ('pending', 'running') ORDER BY created_at LIMIT $1`,
      [this.batch],
    );
    const byQueue = new Map<string, (typeof rows.rows)[number][]>();
    for (const row of rows.rows) {
      const owed = byQueue.get(row.queue);
      if (owed) owed.push(row);
      else byQueue.set(row.queue, [row]);
    }
    for (const [queue, owed] of byQueue) {
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
          if (!isConnectionError(error) && !/Redis|Connection is closed/i.test(errorMessage(error)))
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
    this.inner.registerBatchProcessor(queue, this.owed.trackBatch(queue, processor), options);
  }

  start(queues?: readonly string[] | null): Promise<void> {
    return this.inner.start(queues);
  }

  getJob(queue: string, jobId: string): Promise<JobInfo | null> {
    return this.inner.getJob(queue, jobId);
  }

  listFailed(queue: string, limit?: number): Promise<JobInfo[]> {
    return this.inner.listFailed(queue, limit);
  }

  lookup(queue: string, jobIds: readonly string[]): Promise<Map<string, JobPresence>> {
    return this.inner.lookup(queue, jobIds);
  }

  retryFailed(queue: string, jobId: string): Promise<boolean> {
    return this.inner.retryFailed(queue, jobId);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  onOutcome(listener: (queue: string, outcome: JobOutcome) => void): void {
    this.inner.onOutcome(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
