/**
 * BullMQ job queue driver (REDIS_URL set): one BullMQ Queue per queue name (created lazily, sharing one Redis
 * connection) and one Worker per registered processor, created on `start()` with its own connections.
 */
import {
  Queue,
  Worker,
  type Job,
  type JobState as BullJobState,
  type JobsOptions,
  type MinimalJob,
} from 'bullmq';
import { Redis } from 'ioredis';
import { DependencyMonitor, type OutageLogger } from '../observability/dependency-monitor';
import {
  assertJobId,
  assertQueueName,
  backoffDelay,
  CAPPED_BACKOFF,
  resolveRetryOptions,
} from './job-queue-support';
import { batchConcurrency, batchingProcessor } from './job-batches';
import type {
  BatchJobProcessor,
  BatchProcessorOptions,
  JobInfo,
  JobOptions,
  JobOutcome,
  OutcomeListener,
  JobPresence,
  JobProcessor,
  JobQueue,
  JobState,
  NewJob,
  ProcessorOptions,
} from './job-queue.port';

export interface BullMqJobQueueOptions {
  redisUrl: string;
  /** namespace of every Redis key (BullMQ `prefix`) */
  prefix: string;
  /** finished jobs kept per queue and state, for getJob/listFailed and de-duplication (default 10000) */
  keepFinished?: number;
  /** infrastructure errors of queues and workers other than losing Redis; processor errors are job failures */
  onError?: (error: Error) => void;
  /** BullMQ's lockDuration and stalled-job check interval: a dead worker's job runs again after ~2x (default 30000) */
  lockMs?: number;
  /** where the monitor writes its line per outage and per recovery of Redis */
  outageLogger?: OutageLogger;
}

/** socket-level errors of ioredis and BullMQ: Redis went away (they repeat at every reconnection attempt) */
function isRedisConnectionError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/.test(code)
  )
    return true;
  return /Connection is closed|connect ECONNREFUSED|read ECONNRESET|Stream isn't writeable|LOADING|Reached the max retries/i.test(
    error.message,
  );
}

const PING_TIMEOUT_MS = 2000;
/** jobs per addBulk of `enqueueMany` */
const ADD_CHUNK = 100;

/**
 * Deletes every key under a queue prefix (BullMQ's keys are `${prefix}:<queue>:…`): what a test's or a bench's run
 * leaves in Redis, or a prefix an operator retires. Answers how many keys were deleted.
 */
export async function deleteQueueKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) deleted += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/**
 * Maps a job id to one BullMQ accepts (no ':', not an integer). Injective, so distinct ids never collide:
 * '%' and ':' are percent-escaped, and an integer id gets the prefix '%N' (which no escaped id can start with).
 */
export function toBullJobId(jobId: string): string {
  const escaped = jobId.replace(/[%:]/g, (char) => (char === '%' ? '%25' : '%3A'));
  return `${parseInt(escaped, 10)}` === escaped ? `%N${escaped}` : escaped;
}

/** a Redis URL without its password, for operators */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparseable REDIS_URL)';
  }
}

/** inverse of toBullJobId */
export function fromBullJobId(bullJobId: string): string {
  const body = bullJobId.startsWith('%N') ? bullJobId.slice(2) : bullJobId;
  return body.replace(/%(25|3A)/g, (_match, code: string) => (code === '25' ? '%' : ':'));
}

function toJobState(state: BullJobState | 'unknown'): JobState {
  switch (state) {
    case 'waiting':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'delayed':
    case 'active':
    case 'completed':
    case 'failed':
      return state;
    default:
      return 'unknown';
  }
}

export class BullMqJobQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly queues = new Map<string, Queue<unknown>>();
  private readonly processors = new Map<string, JobProcessor<unknown>>();
  private readonly concurrency = new Map<string, number>();
  private readonly workers = new Map<string, Worker<unknown>>();
  private readonly listeners: OutcomeListener[] = [];
  private readonly keepFinished: number;
  private readonly onError: (error: Error) => void;
  private redis: Redis | null = null;
  private started = false;
  /** the queues whose workers run here (null: every one) */
  private only: ReadonlySet<string> | null = null;
  private closed = false;
  /** Redis as operators see it: one line when it goes away, one when it is back; `/ready` */
  readonly monitor: DependencyMonitor;
  readonly address: string;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.keepFinished = options.keepFinished ?? 10000;
    const report = options.onError ?? ((error) => console.error(`[job-queue] ${error.message}`));
    this.address = `Redis at ${redactRedisUrl(options.redisUrl)}`;
    this.monitor = new DependencyMonitor('Redis', redactRedisUrl(options.redisUrl), options.outageLogger);
    this.onError = (error) => (isRedisConnectionError(error) ? this.monitor.down(error) : report(error));
  }

  async enqueue<T>(queue: string, name: string, data: T, options: JobOptions): Promise<boolean> {
    assertJobId(options.jobId);
    const bullQueue = this.queue(queue);
    const jobId = toBullJobId(options.jobId);
    // BullMQ ignores an add with a known id anyway; checking first tells the caller it was a duplicate
    if (await bullQueue.getJob(jobId)) return false;
    await bullQueue.add(name, data, this.jobOptions(options));
    return true;
  }

  private jobOptions(options: JobOptions): JobsOptions {
    const { attempts, backoffMs } = resolveRetryOptions(options);
    return {
      jobId: toBullJobId(options.jobId),
      attempts,
      backoff: { type: CAPPED_BACKOFF, delay: backoffMs },
      ...(options.delayMs && options.delayMs > 0 ? { delay: options.delayMs } : {}),
      removeOnComplete: { count: this.keepFinished },
      removeOnFail: { count: this.keepFinished },
    };
  }

  /**
   * BullMQ's addBulk per queue, in chunks of ADD_CHUNK (each one MULTI: the workers take the first jobs while the
   * rest are added); a job whose id the queue knows is left as it is
   */
  async enqueueMany(jobs: readonly NewJob[]): Promise<void> {
    const byQueue = new Map<string, NewJob[]>();
    for (const job of jobs) {
      assertJobId(job.options.jobId);
      const queued = byQueue.get(job.queue);
      if (queued) queued.push(job);
      else byQueue.set(job.queue, [job]);
    }
    // the queues' chunks in turns (Redis runs them in the order sent on the one connection): every queue's first
    // jobs can be taken at once, none waits for the whole of another queue's burst to be added
    const adds: Promise<unknown>[] = [];
    const longest = Math.max(...[...byQueue.values()].map((queued) => queued.length));
    for (let i = 0; i < longest; i += ADD_CHUNK)
      for (const [queue, queued] of byQueue)
        if (i < queued.length)
          adds.push(
            this.queue(queue).addBulk(
              queued
                .slice(i, i + ADD_CHUNK)
                .map((job) => ({ name: job.name, data: job.data, opts: this.jobOptions(job.options) })),
            ),
          );
    await Promise.all(adds);
  }

  registerProcessor<T>(queue: string, processor: JobProcessor<T>, options: ProcessorOptions = {}): void {
    assertQueueName(queue);
    if (this.processors.has(queue)) throw new Error(`A processor is already registered for queue "${queue}"`);
    // the queue only hands this processor the data enqueued for it, so the widening is sound
    this.processors.set(queue, processor as JobProcessor<unknown>);
    this.concurrency.set(queue, Math.max(1, Math.floor(options.concurrency ?? 1)));
    if (this.started && this.runsHere(queue)) this.startWorker(queue, processor as JobProcessor<unknown>);
  }

  registerBatchProcessor<T>(
    queue: string,
    processor: BatchJobProcessor<T>,
    options: BatchProcessorOptions,
  ): void {
    this.registerProcessor(queue, batchingProcessor(processor, options), {
      concurrency: batchConcurrency(options),
    });
  }

  /** creates the workers and resolves once they are connected */
  async start(queues: readonly string[] | null = null): Promise<void> {
    this.assertOpen();
    this.started = true;
    this.only = queues ? new Set(queues) : null;
    for (const [queue, processor] of this.processors) {
      if (!this.workers.has(queue) && this.runsHere(queue)) this.startWorker(queue, processor);
    }
    await Promise.all([...this.workers.values()].map((worker) => worker.waitUntilReady()));
  }

  async getJob(queue: string, jobId: string): Promise<JobInfo | null> {
    const bullQueue = this.queue(queue);
    const bullJobId = toBullJobId(jobId);
    // state first: completion writes the job hash and its state atomically, so a finished state is never
    // paired with the hash of an earlier attempt
    const state = toJobState(await bullQueue.getJobState(bullJobId));
    const job = await bullQueue.getJob(bullJobId);
    return job ? this.info(queue, job, state) : null;
  }

  /** failed jobs, most recent failure first */
  async listFailed(queue: string, limit = 100): Promise<JobInfo[]> {
    if (limit <= 0) return [];
    const jobs = await this.queue(queue).getFailed(0, limit - 1);
    return jobs.filter((job) => job !== undefined).map((job) => this.info(queue, job, 'failed'));
  }

  async lookup(queue: string, jobIds: readonly string[]): Promise<Map<string, JobPresence>> {
    const found = new Map<string, JobPresence>();
    if (jobIds.length === 0) return found;
    const bullQueue = this.queue(queue);
    const pipeline = this.connection().pipeline();
    const completed = bullQueue.toKey('completed');
    const failed = bullQueue.toKey('failed');
    for (const id of jobIds) {
      const bullJobId = toBullJobId(id);
      pipeline.exists(bullQueue.toKey(bullJobId));
      pipeline.zscore(completed, bullJobId);
      pipeline.zscore(failed, bullJobId);
    }
    const replies = (await pipeline.exec()) ?? [];
    jobIds.forEach((id, i) => {
      const [exists, inCompleted, inFailed] = replies.slice(i * 3, i * 3 + 3).map(([error, value]) => {
        if (error) throw error;
        return value;
      });
      found.set(
        id,
        Number(exists) === 0
          ? 'absent'
          : inCompleted !== null
            ? 'completed'
            : inFailed !== null
              ? 'failed'
              : 'held',
      );
    });
    return found;
  }

  async retryFailed(queue: string, jobId: string): Promise<boolean> {
    const job = await this.queue(queue).getJob(toBullJobId(jobId));
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  }

  async ping(): Promise<void> {
    const redis = this.connection();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${this.address} did not answer PING within ${PING_TIMEOUT_MS} ms`)),
        PING_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([redis.ping(), timeout]);
    } catch (error) {
      if (this.monitor.problem) throw new Error(this.monitor.problem, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  onOutcome(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  /** closes the workers (waiting for their running jobs), then the queues, then the shared connection */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.workers.values()].map((worker) => worker.close()));
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    this.workers.clear();
    this.queues.clear();
    if (this.redis) {
      const redis = this.redis;
      this.redis = null;
      await redis.quit().catch(() => redis.disconnect());
    }
  }

  /** the connection shared by the queues (producers, getters) and ping */
  private connection(): Redis {
    this.assertOpen();
    if (!this.redis) {
      this.redis = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 3 });
      this.redis.on('error', (error: Error) => this.onError(error));
      this.redis.on('ready', () => this.monitor.up());
    }
    return this.redis;
  }

  private queue(name: string): Queue<unknown> {
    assertQueueName(name);
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue<unknown>(name, { connection: this.connection(), prefix: this.options.prefix });
      queue.on('error', (error: Error) => this.onError(error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private runsHere(queue: string): boolean {
    return this.only === null || this.only.has(queue);
  }

  private startWorker(queue: string, processor: JobProcessor<unknown>): void {
    const worker = new Worker<unknown>(
      queue,
      async (job: Job<unknown>) => {
        const result = await processor(job.data, {
          id: fromBullJobId(job.id ?? ''),
          name: job.name,
          attemptsMade: job.attemptsMade,
        });
        return result === undefined ? null : result;
      },
      {
        connection: { url: this.options.redisUrl, maxRetriesPerRequest: null },
        prefix: this.options.prefix,
        concurrency: this.concurrency.get(queue) ?? 1,
        settings: {
          backoffStrategy: (attemptsMade: number, type?: string, _error?: Error, job?: MinimalJob) =>
            type === CAPPED_BACKOFF
              ? backoffDelay(
                  Number(
                    job?.opts.backoff && typeof job.opts.backoff === 'object'
                      ? (job.opts.backoff.delay ?? 0)
                      : 0,
                  ),
                  attemptsMade,
                )
              : 0,
        },
        ...(this.options.lockMs
          ? { lockDuration: this.options.lockMs, stalledInterval: this.options.lockMs }
          : {}),
      },
    );
    worker.on('error', (error: Error) => this.onError(error));
    worker.on('completed', (job: Job<unknown>) => this.emit(queue, 'completed', job.name));
    worker.on('failed', (job: Job<unknown> | undefined) => {
      const final =
        job === undefined || job.finishedOn !== undefined || job.attemptsMade >= (job.opts.attempts ?? 1);
      this.emit(queue, final ? 'failed' : 'retried', job?.name ?? '');
    });
    this.workers.set(queue, worker);
  }

  private emit(queue: string, outcome: JobOutcome, name: string): void {
    for (const listener of this.listeners) {
      try {
        listener(queue, outcome, name);
      } catch {
        // a failing metrics observer must not break job processing
      }
    }
  }

  private info(queue: string, job: Job<unknown>, state: JobState): JobInfo {
    return {
      id: fromBullJobId(job.id ?? ''),
      queue,
      name: job.name,
      data: job.data,
      state,
      attemptsMade: job.attemptsMade,
      failedReason: state === 'completed' ? null : job.failedReason || null,
      returnValue: job.returnvalue ?? null,
    };
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }
}
