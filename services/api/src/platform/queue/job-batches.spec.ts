import { InProcessJobQueue } from './in-process-job-queue';
import { Coalescer, fulfilled, rejected } from './job-batches';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Coalescer: single calls gathered into batches', () => {
  it('runs what is submitted within the wait as one batch, and answers each call with its own result', async () => {
    const batches: number[][] = [];
    const coalescer = new Coalescer<number, number>(
      async (items) => {
        batches.push([...items]);
        return items.map((n) => (n < 0 ? rejected(new Error(`negative ${n}`)) : fulfilled(n * 10)));
      },
      { maxBatch: 100, waitMs: 0 },
    );
    const results = await Promise.allSettled([1, -2, 3].map((n) => coalescer.submit(n)));
    expect(batches).toEqual([[1, -2, 3]]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('negative -2') },
      { status: 'fulfilled', value: 30 },
    ]);
  });

  it('sends a full batch at once, and fails every call of a batch whose run throws', async () => {
    const batches: number[][] = [];
    const coalescer = new Coalescer<number, number>(
      async (items) => {
        batches.push([...items]);
        if (items.includes(4)) throw new Error('the database is away');
        return items.map((n) => fulfilled(n));
      },
      { maxBatch: 2, waitMs: 60_000 },
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => coalescer.submit(n)));
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
  });

  it('with maxInFlight, a due batch waits for a running one to end and takes what arrived meanwhile', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    const coalescer = new Coalescer<number, number>(
      async (items) => {
        batches.push([...items]);
        if (items.includes(1)) await first;
        return items.map((n) => fulfilled(n));
      },
      { maxBatch: 100, waitMs: 0, maxInFlight: 1 },
    );
    const all = [coalescer.submit(1)];
    await tick();
    await tick();
    all.push(coalescer.submit(2));
    await tick();
    all.push(coalescer.submit(3));
    await tick();
    expect(batches).toEqual([[1]]); // 2 and 3 wait for the first batch
    release();
    await Promise.all(all);
    expect(batches).toEqual([[1], [2, 3]]);
  });
});

describe('registerBatchProcessor (in-process driver)', () => {
  it('hands the jobs over in batches; a job that fails is retried alone', async () => {
    const queue = new InProcessJobQueue();
    const batches: string[][] = [];
    const tries = new Map<string, number>();
    queue.registerBatchProcessor<{ n: number }>(
      'batched',
      async (jobs) => {
        batches.push(jobs.map((j) => j.job.id));
        return jobs.map(({ data, job }) => {
          tries.set(job.id, (tries.get(job.id) ?? 0) + 1);
          return data.n === 3 && job.attemptsMade === 0
            ? { ok: false, error: new Error('not yet') }
            : { ok: true, value: data.n };
        });
      },
      { maxBatch: 10, waitMs: 0 },
    );
    await queue.start();
    await queue.enqueueMany(
      [1, 2, 3, 4].map((n) => ({
        queue: 'batched',
        name: 'job',
        data: { n },
        options: { jobId: `job-${n}`, attempts: 2, backoffMs: 1 },
      })),
    );
    for (let i = 0; i < 100 && (await queue.getJob('batched', 'job-3'))?.state !== 'completed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(batches[0]).toEqual(['job-1', 'job-2', 'job-3', 'job-4']);
    expect(batches.slice(1)).toEqual([['job-3']]);
    expect(Object.fromEntries(tries)).toEqual({ 'job-1': 1, 'job-2': 1, 'job-3': 2, 'job-4': 1 });
    for (const n of [1, 2, 3, 4]) expect((await queue.getJob('batched', `job-${n}`))?.returnValue).toBe(n);
    await queue.close();
  });
});
