/**
 * Jobs in batches: a queue still carries one job per thing to do (its own id, tries and backoff), and a processor
 * of many jobs at once pays one round trip per batch where a processor of one pays one per job (a publish's
 * confirmation, a ledger row, an outcome appended, the owed-jobs rows). `Coalescer` gathers what is submitted
 * within a short window; `batchingProcessor` turns a batch processor into the per-job processor the drivers run.
 */
import type { BatchJob, BatchJobProcessor, BatchProcessorOptions, JobProcessor } from './job-queue.port';

/** One item's outcome in a batch: its value, or the error that item fails with. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export const fulfilled = <T>(value: T): Settled<T> => ({ ok: true, value });
export const rejected = <T = never>(error: unknown): Settled<T> => ({ ok: false, error });

/** each promise's outcome, as Settled (Promise.allSettled in this module's shape) */
export async function settleAll<T>(promises: readonly Promise<T>[]): Promise<Settled<T>[]> {
  return (await Promise.allSettled(promises)).map((r) =>
    r.status === 'fulfilled' ? fulfilled(r.value) : rejected<T>(r.reason),
  );
}

export interface CoalescerOptions {
  /** the most items one batch takes (a full batch goes at once) */
  maxBatch: number;
  /** how long a batch waits for more after its first item; 0: what is submitted in the same turn of the loop */
  waitMs: number;
  /**
   * batches run at once (default unlimited): past it, a batch that is due waits for one to end and takes what
   * arrived meanwhile (group commit: the busier the process, the fuller the batches)
   */
  maxInFlight?: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers single calls into batches: `submit` one item, get its own result; `run` receives up to `maxBatch` items
 * submitted within `waitMs` of the first and answers each (in order). Several batches may run at once. A `run`
 * that throws fails every item of its batch with that error.
 */
export class Coalescer<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  /** the waiting batch is due: it goes as soon as fewer than `maxInFlight` run */
  private due = false;
  private inFlight = 0;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly Settled<O>[]>,
    private readonly options: CoalescerOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.options.maxBatch) this.flush();
      else if (this.timer === null && !this.due)
        this.timer =
          this.options.waitMs > 0
            ? setTimeout(() => this.ready(), this.options.waitMs)
            : setImmediate(() => this.ready());
    });
  }

  /** the wait is over: the batch goes now, or when a running one ends */
  private ready(): void {
    this.timer = null;
    if (this.inFlight < (this.options.maxInFlight ?? Infinity)) this.flush();
    else this.due = true;
  }

  private flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
      this.timer = null;
    }
    this.due = false;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    this.inFlight += 1;
    Promise.resolve()
      .then(() => this.run(batch.map((w) => w.item)))
      .then(
        (results) =>
          batch.forEach((w, i) => {
            const result = results[i];
            if (!result) w.reject(new Error('The batch gave this item no result'));
            else if (result.ok) w.resolve(result.value);
            else w.reject(result.error);
          }),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        this.inFlight -= 1;
        if (this.due) this.flush();
      });
  }
}

/** the wait a batch of jobs gives later jobs by default: about what a queue needs to hand over a few dozen */
export const DEFAULT_BATCH_WAIT_MS = 5;

/**
 * The per-job processor a driver runs for a batch processor: the jobs it hands over within `waitMs` (up to
 * `maxBatch`; while two batches run, until one ends) go to `processor` together; each job then ends with its own settlement (a rejected one is tried
 * again by the queue like any failed job). The driver must run at least `maxBatch` jobs at once.
 */
export function batchingProcessor<T>(
  processor: BatchJobProcessor<T>,
  options: BatchProcessorOptions,
): JobProcessor<T> {
  const coalescer = new Coalescer<BatchJob<T>, unknown>(processor, {
    maxBatch: options.maxBatch,
    waitMs: options.waitMs ?? DEFAULT_BATCH_WAIT_MS,
    maxInFlight: BATCHES_IN_FLIGHT,
  });
  return (data, job) => coalescer.submit({ data, job });
}

/** batches of one batch processor run at once (one's round trips overlap the other's work) */
const BATCHES_IN_FLIGHT = 2;

/**
 * the jobs a driver runs at once for a batch processor: its batches in flight. Not more: a BullMQ worker takes
 * that many jobs off the queue, one round trip each, before it hands the first to its processor.
 */
export const batchConcurrency = (options: BatchProcessorOptions): number =>
  Math.max(1, Math.floor(options.maxBatch)) * BATCHES_IN_FLIGHT;
