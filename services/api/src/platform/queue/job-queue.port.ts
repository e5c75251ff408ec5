/**
 * The job queue port. Drivers: BullMQ (when REDIS_URL is set) and in-process (otherwise), same processors.
 * Jobs are idempotent: the caller derives `jobId` from the event that caused the job, so enqueueing twice
 * (a crash and a replay) runs the job once.
 */
export interface JobOptions {
  /** de-duplication key: a second job with the same id is ignored while the first is known */
  jobId: string;
  /** total attempts including the first (default 3) */
  attempts?: number;
  /** exponential backoff base delay in ms (default 1000): delay = base * 2^(attempt-1) */
  backoffMs?: number;
  /** the job waits this long ('delayed') before its first attempt, without holding a worker (default 0) */
  delayMs?: number;
}

/** A job to add with `enqueueMany`. */
export interface NewJob<T = unknown> {
  queue: string;
  name: string;
  data: T;
  options: JobOptions;
}

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';

export interface JobInfo<T = unknown> {
  id: string;
  queue: string;
  name: string;
  data: T;
  state: JobState;
  attemptsMade: number;
  failedReason: string | null;
  returnValue: unknown;
}

export interface JobContext {
  id: string;
  name: string;
  attemptsMade: number;
}

export type JobProcessor<T = unknown> = (data: T, job: JobContext) => Promise<unknown>;

export type JobOutcome = 'completed' | 'failed' | 'retried';

export type OutcomeListener = (queue: string, outcome: JobOutcome, name: string) => void;

/**
 * What the queue holds of a job id (the reconciler's question): nothing (lost: never added, or gone with the
 * queue's data), a job that completed, one that failed for good, or one still to run (waiting, delayed, active).
 */
export type JobPresence = 'absent' | 'completed' | 'failed' | 'held';

export interface ProcessorOptions {
  readonly concurrency?: number;
}

/** One job of a batch (`registerBatchProcessor`). */
export interface BatchJob<T = unknown> {
  data: T;
  job: JobContext;
}

/** How one job of a batch ended: its result, or the error that fails this try (the queue retries it as usual). */
export type JobSettlement = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs many jobs of a queue at once; answers one settlement per job, in order. Throwing fails them all. */
export type BatchJobProcessor<T = unknown> = (jobs: readonly BatchJob<T>[]) => Promise<JobSettlement[]>;

export interface BatchProcessorOptions {
  /** the most jobs one batch takes */
  readonly maxBatch: number;
  /** how long a batch waits for more jobs after its first (default a few ms) */
  readonly waitMs?: number;
  /**
   * queues whose packs of owed jobs go first: a pack of this queue waits (at most a few seconds) while packs of
   * these run in this process (OwedJobs)
   */
  readonly yieldsTo?: readonly string[];
}

export interface JobQueue {
  readonly driver: 'bullmq' | 'in-process';
  /** adds a job; returns false when a job with that id already exists (de-duplicated) */
  enqueue<T>(queue: string, name: string, data: T, options: JobOptions): Promise<boolean>;
  /** adds many jobs, each de-duplicated by its id as by `enqueue`, in as few round trips as the driver can */
  enqueueMany(jobs: readonly NewJob[]): Promise<void>;
  /**
   * registers the processor of a queue; workers start with `start()` (worker run mode). `concurrency`: jobs of the
   * queue run at a time by this process (default 1: one after another)
   */
  registerProcessor<T>(queue: string, processor: JobProcessor<T>, options?: ProcessorOptions): void;
  /**
   * registers a processor that takes the queue's jobs in batches (what arrives within `waitMs`, up to `maxBatch`):
   * each job keeps its own id, tries and outcome; the processor pays its round trips once per batch
   */
  registerBatchProcessor<T>(
    queue: string,
    processor: BatchJobProcessor<T>,
    options: BatchProcessorOptions,
  ): void;
  /**
   * starts the workers of the registered queues (worker run mode): every one, or those of `queues` alone
   * (WORKER_QUEUES; a processor registered later for another queue does not run here either)
   */
  start(queues?: readonly string[] | null): Promise<void>;
  getJob(queue: string, jobId: string): Promise<JobInfo | null>;
  listFailed(queue: string, limit?: number): Promise<JobInfo[]>;
  /** what the queue holds of each id, in one round trip */
  lookup(queue: string, jobIds: readonly string[]): Promise<Map<string, JobPresence>>;
  /** runs a job that failed for good again, with all its attempts; false when it is not a failed job */
  retryFailed(queue: string, jobId: string): Promise<boolean>;
  /** where the queue lives, for operators: "Redis at redis://127.0.0.1:6379", "in-process" */
  readonly address: string;
  /** resolves when the backend answers; rejects with a sentence naming the backend and its address */
  ping(): Promise<void>;
  /** observer of job outcomes (metrics); `name` is the job's */
  onOutcome(listener: OutcomeListener): void;
  close(): Promise<void>;
}
