/**
 * In-memory job queue driver (no REDIS_URL): one FIFO per queue, one job at a time per queue, queues run in
 * parallel, retries with exponential backoff. Jobs are lost when the process exits.
 */
import {
  assertJobId,
  assertQueueName,
  backoffDelay,
  errorMessage,
  jsonCopy,
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

interface StoredJob {
  id: string;
  queue: string;
  name: string;
  data: unknown;
  state: JobState;
  attemptsMade: number;
  failedReason: string | null;
  returnValue: unknown;
  attempts: number;
  backoffMs: number;
  /** Date.now() of the final failure, for listFailed ordering */
  failedAt: number;
}

interface QueueSlot {
  queue: string;
  jobs: Map<string, StoredJob>;
  /** ids ready to run, oldest first */
  ready: string[];
  processor: JobProcessor<unknown> | null;
  /** jobs run at a time (the processor's concurrency) */
  concurrency: number;
  running: Set<Promise<void>>;
}

/** the longest delay setTimeout honours (2^31 - 1 ms) */
export const MAX_TIMER_MS = 2_147_483_647;

export class InProcessJobQueue implements JobQueue {
  readonly driver = 'in-process' as const;
  readonly address = 'in-process';
  private readonly slots = new Map<string, QueueSlot>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly listeners: OutcomeListener[] = [];
  private started = false;
  /** the queues whose jobs run here (null: every one) */
  private only: ReadonlySet<string> | null = null;
  private closed = false;

  async enqueue<T>(queue: string, name: string, data: T, options: JobOptions): Promise<boolean> {
    this.assertOpen();
    assertQueueName(queue);
    assertJobId(options.jobId);
    const slot = this.slot(queue);
    if (slot.jobs.has(options.jobId)) return false;
    const { attempts, backoffMs } = resolveRetryOptions(options);
    slot.jobs.set(options.jobId, {
      id: options.jobId,
      queue,
      name,
      data: jsonCopy(data),
      state: options.delayMs && options.delayMs > 0 ? 'delayed' : 'waiting',
      attemptsMade: 0,
      failedReason: null,
      returnValue: null,
      attempts,
      backoffMs,
      failedAt: 0,
    });
    const job = slot.jobs.get(options.jobId) as StoredJob;
    if (options.delayMs && options.delayMs > 0) this.later(job, options.delayMs);
    else {
      slot.ready.push(options.jobId);
      this.pump(slot);
    }
    return true;
  }

  async enqueueMany(jobs: readonly NewJob[]): Promise<void> {
    for (const job of jobs) await this.enqueue(job.queue, job.name, job.data, job.options);
  }

  registerProcessor<T>(queue: string, processor: JobProcessor<T>, options: ProcessorOptions = {}): void {
    assertQueueName(queue);
    const slot = this.slot(queue);
    if (slot.processor) throw new Error(`A processor is already registered for queue "${queue}"`);
    // the queue only hands this processor the data enqueued for it, so the widening is sound
    slot.processor = processor as JobProcessor<unknown>;
    slot.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.pump(slot);
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

  async start(queues: readonly string[] | null = null): Promise<void> {
    this.assertOpen();
    this.started = true;
    this.only = queues ? new Set(queues) : null;
    for (const slot of this.slots.values()) this.pump(slot);
  }

  async getJob(queue: string, jobId: string): Promise<JobInfo | null> {
    const job = this.slots.get(queue)?.jobs.get(jobId);
    return job ? this.info(job) : null;
  }

  /** failed jobs, most recent failure first */
  async listFailed(queue: string, limit = 100): Promise<JobInfo[]> {
    const jobs = [...(this.slots.get(queue)?.jobs.values() ?? [])];
    return jobs
      .filter((job) => job.state === 'failed')
      .sort((a, b) => b.failedAt - a.failedAt)
      .slice(0, Math.max(0, limit))
      .map((job) => this.info(job));
  }

  async lookup(queue: string, jobIds: readonly string[]): Promise<Map<string, JobPresence>> {
    const jobs = this.slots.get(queue)?.jobs;
    return new Map(
      jobIds.map((id): [string, JobPresence] => {
        const state = jobs?.get(id)?.state;
        if (state === undefined) return [id, 'absent'];
        return [id, state === 'completed' || state === 'failed' ? state : 'held'];
      }),
    );
  }

  async retryFailed(queue: string, jobId: string): Promise<boolean> {
    const slot = this.slots.get(queue);
    const job = slot?.jobs.get(jobId);
    if (!slot || !job || job.state !== 'failed') return false;
    job.state = 'waiting';
    job.attemptsMade = 0;
    job.failedReason = null;
    slot.ready.push(job.id);
    this.pump(slot);
    return true;
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  onOutcome(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  /** stops retry timers (those jobs stay 'delayed') and waits for the running jobs */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.slots.values()].flatMap((slot) => [...slot.running]));
  }

  private slot(queue: string): QueueSlot {
    let slot = this.slots.get(queue);
    if (!slot) {
      slot = { queue, jobs: new Map(), ready: [], processor: null, concurrency: 1, running: new Set() };
      this.slots.set(queue, slot);
    }
    return slot;
  }

  /** starts the next ready jobs of the queue while fewer than its concurrency run */
  private pump(slot: QueueSlot): void {
    if (this.only !== null && !this.only.has(slot.queue)) return;
    while (this.started && !this.closed && slot.processor && slot.running.size < slot.concurrency) {
      const id = slot.ready.shift();
      if (id === undefined) return;
      const job = slot.jobs.get(id);
      if (!job) continue;
      const running: Promise<void> = this.run(job, slot.processor).finally(() => {
        slot.running.delete(running);
        this.pump(slot);
      });
      slot.running.add(running);
    }
  }

  private async run(job: StoredJob, processor: JobProcessor<unknown>): Promise<void> {
    job.state = 'active';
    await null; // never run a processor inside the caller of enqueue/start
    try {
      const result = await processor(jsonCopy(job.data), {
        id: job.id,
        name: job.name,
        attemptsMade: job.attemptsMade,
      });
      job.attemptsMade += 1;
      job.returnValue = jsonCopy(result);
      job.state = 'completed';
      this.emit(job.queue, 'completed', job.name);
    } catch (error) {
      job.attemptsMade += 1;
      job.failedReason = errorMessage(error);
      if (job.attemptsMade < job.attempts) {
        this.scheduleRetry(job);
        this.emit(job.queue, 'retried', job.name);
      } else {
        job.state = 'failed';
        job.failedAt = Date.now();
        this.emit(job.queue, 'failed', job.name);
      }
    }
  }

  private scheduleRetry(job: StoredJob): void {
    this.later(job, backoffDelay(job.backoffMs, job.attemptsMade));
  }

  /**
   * the job waits `delay` ms as 'delayed', then joins its queue. A Node timer holds at most MAX_TIMER_MS (about
   * 24.8 days; a longer one fires after 1 ms): a longer wait (a feedback reminder after an experiment years ahead)
   * is chained timers.
   */
  private later(job: StoredJob, delay: number): void {
    job.state = 'delayed';
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (delay > MAX_TIMER_MS) {
          this.later(job, delay - MAX_TIMER_MS);
          return;
        }
        const slot = this.slot(job.queue);
        job.state = 'waiting';
        slot.ready.push(job.id);
        this.pump(slot);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    this.timers.add(timer);
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

  private info(job: StoredJob): JobInfo {
    return {
      id: job.id,
      queue: job.queue,
      name: job.name,
      data: jsonCopy(job.data),
      state: job.state,
      attemptsMade: job.attemptsMade,
      failedReason: job.state === 'completed' ? null : job.failedReason,
      returnValue: jsonCopy(job.returnValue),
    };
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }
}
