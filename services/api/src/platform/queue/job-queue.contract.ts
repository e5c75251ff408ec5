/**
 * Behaviour every JobQueue driver must have. Call it from a spec with a factory returning a fresh, unstarted
 * queue; each test uses its own queue names and closes the queue afterwards.
 */
import type { JobInfo, JobOutcome, JobQueue } from './job-queue.port';

const WAIT_TIMEOUT_MS = 15000;

async function sleep(ms: number): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/** polls getJob until the job reaches `state` (or fails the test with the last seen job) */
async function waitForState(
  queue: JobQueue,
  queueName: string,
  jobId: string,
  state: 'completed' | 'failed',
): Promise<JobInfo> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  let last: JobInfo | null = null;
  while (Date.now() < deadline) {
    last = await queue.getJob(queueName, jobId);
    if (last?.state === state) return last;
    await sleep(20);
  }
  throw new Error(`job ${queueName}/${jobId} did not reach '${state}': ${JSON.stringify(last)}`);
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export function describeJobQueueContract(name: string, factory: () => Promise<JobQueue>): void {
  describe(`JobQueue contract: ${name}`, () => {
    let queue: JobQueue;
    let counter = 0;
    /** a queue name unique to the test, so tests never see each other's jobs */
    const queueName = (label: string): string => `contract-${label}-${++counter}`;

    beforeEach(async () => {
      queue = await factory();
    });

    afterEach(async () => {
      await queue.close();
    });

    it('answers ping', async () => {
      await expect(queue.ping()).resolves.toBeUndefined();
    });

    it('keeps jobs enqueued before start waiting, then runs them and exposes the return value', async () => {
      const q = queueName('complete');
      const seen: Array<{ data: unknown; id: string; name: string; attemptsMade: number }> = [];
      queue.registerProcessor<{ n: number }>(q, async (data, job) => {
        seen.push({ data, ...job });
        return { doubled: data.n * 2 };
      });

      await expect(queue.enqueue(q, 'double', { n: 21 }, { jobId: 'job-1' })).resolves.toBe(true);
      await sleep(100);
      expect((await queue.getJob(q, 'job-1'))?.state).toBe('waiting');
      expect(seen).toHaveLength(0);

      await queue.start();
      const job = await waitForState(queue, q, 'job-1', 'completed');
      expect(job).toEqual({
        id: 'job-1',
        queue: q,
        name: 'double',
        data: { n: 21 },
        state: 'completed',
        attemptsMade: 1,
        failedReason: null,
        returnValue: { doubled: 42 },
      });
      expect(seen).toEqual([{ data: { n: 21 }, id: 'job-1', name: 'double', attemptsMade: 0 }]);
      expect(await queue.getJob(q, 'no-such-job')).toBeNull();
    });

    it('started for some queues (WORKER_QUEUES), runs their jobs alone: the others wait for their own worker', async () => {
      const mine = queueName('mine');
      const theirs = queueName('theirs');
      const later = queueName('later');
      const ran: string[] = [];
      const record = async (_data: unknown, job: { id: string }) => void ran.push(job.id);
      queue.registerProcessor(mine, record);
      queue.registerProcessor(theirs, record);
      // enqueued first, before the start: a worker of its queue would have taken it before the others' jobs ended
      await queue.enqueue(theirs, 'other', {}, { jobId: 'theirs-1' });
      await queue.start([mine, later]);
      queue.registerProcessor(later, record); // registered after start: runs here, it is listed
      await queue.enqueue(mine, 'own', {}, { jobId: 'mine-1' });
      await queue.enqueue(later, 'own', {}, { jobId: 'later-1' });
      await waitForState(queue, mine, 'mine-1', 'completed');
      await waitForState(queue, later, 'later-1', 'completed');
      expect((await queue.getJob(theirs, 'theirs-1'))?.state).toBe('waiting');
      expect(ran.sort()).toEqual(['later-1', 'mine-1']);
    });

    it('retries with exponential backoff and completes after the third attempt', async () => {
      const q = queueName('retry');
      const backoffMs = 200;
      const startedAt: number[] = [];
      const attemptsSeen: number[] = [];
      queue.registerProcessor(q, async (_data, job) => {
        startedAt.push(Date.now());
        attemptsSeen.push(job.attemptsMade);
        if (startedAt.length < 3) throw new Error(`transient failure ${startedAt.length}`);
        return 'ok';
      });
      await queue.start();

      await queue.enqueue(q, 'flaky', {}, { jobId: 'flaky-1', attempts: 3, backoffMs });
      const job = await waitForState(queue, q, 'flaky-1', 'completed');

      expect(job.attemptsMade).toBe(3);
      expect(job.returnValue).toBe('ok');
      expect(job.failedReason).toBeNull();
      expect(attemptsSeen).toEqual([0, 1, 2]);
      const firstGap = startedAt[1] - startedAt[0];
      const secondGap = startedAt[2] - startedAt[1];
      expect(firstGap).toBeGreaterThanOrEqual(backoffMs - 5);
      expect(secondGap).toBeGreaterThanOrEqual(2 * backoffMs - 5);
      expect(secondGap).toBeGreaterThan(firstGap);
    });

    it('holds a delayed job back without occupying a worker, then runs it', async () => {
      const q = queueName('delay');
      const ran: Array<{ id: string; at: number }> = [];
      queue.registerProcessor(q, async (_data, job) => {
        ran.push({ id: job.id, at: Date.now() });
      });
      await queue.start();
      const enqueuedAt = Date.now();
      await queue.enqueue(q, 'later', {}, { jobId: 'later-1', delayMs: 400 });
      await queue.enqueue(q, 'now', {}, { jobId: 'now-1' });
      expect((await queue.getJob(q, 'later-1'))?.state).toBe('delayed');
      await waitForState(queue, q, 'later-1', 'completed');
      expect(ran.map((r) => r.id)).toEqual(['now-1', 'later-1']);
      expect(ran[1].at - enqueuedAt).toBeGreaterThanOrEqual(400 - 5);
    });

    it('de-duplicates by job id, before and after the job ran', async () => {
      const q = queueName('dedupe');
      let runs = 0;
      queue.registerProcessor(q, async () => {
        runs += 1;
      });

      await expect(queue.enqueue(q, 'once', { v: 1 }, { jobId: 'same' })).resolves.toBe(true);
      await expect(queue.enqueue(q, 'once', { v: 2 }, { jobId: 'same' })).resolves.toBe(false);
      await queue.start();
      const job = await waitForState(queue, q, 'same', 'completed');
      expect(job.data).toEqual({ v: 1 });
      expect(job.returnValue).toBeNull();

      await expect(queue.enqueue(q, 'once', { v: 3 }, { jobId: 'same' })).resolves.toBe(false);
      await sleep(200);
      expect(runs).toBe(1);
    });

    it("accepts ids with ':' and integer ids, keeps distinct ids distinct, refuses an empty id", async () => {
      const q = queueName('ids');
      const ran: string[] = [];
      queue.registerProcessor(q, async (_data, job) => {
        ran.push(job.id);
        return job.id;
      });
      await queue.start();

      const ids = ['proposal:42:submitted', 'proposal_42_submitted', '42', '%3A', ':'];
      for (const jobId of ids) await expect(queue.enqueue(q, 'id', {}, { jobId })).resolves.toBe(true);
      for (const jobId of ids) {
        const job = await waitForState(queue, q, jobId, 'completed');
        expect(job.id).toBe(jobId);
        expect(job.returnValue).toBe(jobId);
      }
      expect([...ran].sort()).toEqual([...ids].sort());
      await expect(queue.enqueue(q, 'id', {}, { jobId: '' })).rejects.toThrow(/jobId/);
    });

    it('shows a job that failed every attempt through getJob and listFailed', async () => {
      const q = queueName('failing');
      let runs = 0;
      queue.registerProcessor(q, async () => {
        runs += 1;
        throw new Error('mail server said no');
      });
      await queue.start();

      await queue.enqueue(
        q,
        'send-mail',
        { to: 'a@example.org' },
        { jobId: 'mail-1', attempts: 2, backoffMs: 20 },
      );
      const job = await waitForState(queue, q, 'mail-1', 'failed');
      expect(job).toMatchObject({
        id: 'mail-1',
        name: 'send-mail',
        data: { to: 'a@example.org' },
        state: 'failed',
        attemptsMade: 2,
        failedReason: 'mail server said no',
      });
      expect(runs).toBe(2);

      const failed = await queue.listFailed(q);
      expect(failed.map((f) => [f.id, f.state, f.failedReason])).toEqual([
        ['mail-1', 'failed', 'mail server said no'],
      ]);
      expect(await queue.listFailed(q, 0)).toEqual([]);
    });

    it('reports completed, retried and failed outcomes', async () => {
      const q = queueName('outcomes');
      const outcomes: JobOutcome[] = [];
      queue.onOutcome((queueOfJob, outcome) => {
        if (queueOfJob === q) outcomes.push(outcome);
      });
      const failuresLeft = new Map<string, number>([
        ['ok', 0],
        ['flaky', 1],
        ['broken', Number.POSITIVE_INFINITY],
      ]);
      queue.registerProcessor<{ kind: string }>(q, async (data) => {
        const left = failuresLeft.get(data.kind) ?? 0;
        if (left > 0) {
          failuresLeft.set(data.kind, left - 1);
          throw new Error(`${data.kind} failed`);
        }
        return data.kind;
      });
      await queue.start();

      await queue.enqueue(q, 'k', { kind: 'ok' }, { jobId: 'ok' });
      await waitForState(queue, q, 'ok', 'completed');
      await waitUntil(() => outcomes.length >= 1, 'the completed outcome');
      expect(outcomes).toEqual(['completed']);

      outcomes.length = 0;
      await queue.enqueue(q, 'k', { kind: 'flaky' }, { jobId: 'flaky', attempts: 3, backoffMs: 20 });
      await waitForState(queue, q, 'flaky', 'completed');
      await waitUntil(() => outcomes.length >= 2, 'the retried and completed outcomes');
      expect(outcomes).toEqual(['retried', 'completed']);

      outcomes.length = 0;
      await queue.enqueue(q, 'k', { kind: 'broken' }, { jobId: 'broken', attempts: 2, backoffMs: 20 });
      await waitForState(queue, q, 'broken', 'failed');
      await waitUntil(() => outcomes.length >= 2, 'the retried and failed outcomes');
      expect(outcomes).toEqual(['retried', 'failed']);
    });

    it('runs several queues in parallel', async () => {
      const first = queueName('parallel-a');
      const second = queueName('parallel-b');
      let releaseFirst: () => void = () => undefined;
      const secondRan = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      // the first queue's job only finishes once the second queue's job ran: impossible if queues were serial
      queue.registerProcessor(first, async () => {
        let timer: NodeJS.Timeout | undefined;
        const serial = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('queues ran serially')), 5000);
        });
        try {
          await Promise.race([secondRan, serial]);
        } finally {
          clearTimeout(timer);
        }
        return 'first';
      });
      queue.registerProcessor(second, async () => {
        releaseFirst();
        return 'second';
      });
      await queue.start();

      await queue.enqueue(first, 'block', {}, { jobId: 'a', attempts: 1 });
      await sleep(50);
      await queue.enqueue(second, 'release', {}, { jobId: 'b', attempts: 1 });
      expect((await waitForState(queue, first, 'a', 'completed')).returnValue).toBe('first');
      expect((await waitForState(queue, second, 'b', 'completed')).returnValue).toBe('second');
    });
    it('runs a queue one job at a time by default, and up to its concurrency when it has one', async () => {
      const peakOf = async (label: string, concurrency?: number): Promise<number> => {
        const name = queueName(label);
        let running = 0;
        let peak = 0;
        queue.registerProcessor(
          name,
          async () => {
            peak = Math.max(peak, ++running);
            await sleep(60);
            running -= 1;
          },
          concurrency ? { concurrency } : undefined,
        );
        await queue.start();
        for (let i = 0; i < 6; i++) await queue.enqueue(name, 'job', {}, { jobId: `j${i}`, attempts: 1 });
        for (let i = 0; i < 6; i++) await waitForState(queue, name, `j${i}`, 'completed');
        return peak;
      };
      expect(await peakOf('serial')).toBe(1);
      expect(await peakOf('concurrent', 3)).toBe(3);
    });

    it('enqueueMany adds jobs de-duplicated by id; a batch processor takes them together, each ending on its own', async () => {
      const q = queueName('batch');
      const batches: string[][] = [];
      queue.registerBatchProcessor<{ n: number }>(
        q,
        async (jobs) => {
          batches.push(jobs.map((j) => j.job.id));
          return jobs.map(({ data, job }) =>
            data.n === 2 && job.attemptsMade === 0
              ? { ok: false, error: new Error('once more') }
              : { ok: true, value: { doubled: data.n * 2 } },
          );
        },
        { maxBatch: 50, waitMs: 50 },
      );
      const jobs = [1, 2, 3, 1].map((n) => ({
        queue: q,
        name: 'job',
        data: { n },
        options: { jobId: `b${n}`, attempts: 2, backoffMs: 10 },
      }));
      await queue.enqueueMany(jobs);
      await queue.enqueueMany(jobs.slice(0, 1)); // known: left as it is
      await queue.start();
      for (const n of [1, 2, 3]) {
        const job = await waitForState(queue, q, `b${n}`, 'completed');
        expect(job.returnValue).toEqual({ doubled: n * 2 });
        expect(job.attemptsMade).toBe(n === 2 ? 2 : 1);
      }
      expect(batches.flat().filter((id) => id === 'b1')).toEqual(['b1']);
      expect(batches.some((b) => b.length > 1)).toBe(true);
      expect(batches.at(-1)).toEqual(['b2']);
    });
  });
}
