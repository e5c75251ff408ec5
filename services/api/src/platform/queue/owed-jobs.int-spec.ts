/**
 * Packs of owed jobs (OwedJobs, issue 39) on both queue drivers: one queue job carries up to PACK_SIZE owed jobs,
 * each still its own row, tries, outcome and result; the reconciler, `getJob`, `lookup`, `listFailed` and
 * `retryFailed` answer per owed job.
 */
import { eventually } from '../../../test/support/eventually';
import { openTestPglite } from '../../../test/support/test-templates';
import { DeferredWrites } from '../database/deferred-writes';
import type { SqlClient } from '../database/sql-client';
import { BullMqJobQueue, deleteQueueKeys } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { BatchJob, JobOutcome, JobQueue } from './job-queue.port';
import { OwedJobs, PACK_JOB_NAME, PACK_SIZE, packJobId, type OwedJob } from './owed-jobs';

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `uo-test-packs-${process.pid}-${Date.now()}`;

afterAll(async () => {
  await deleteQueueKeys(redisUrl, prefix);
});

describe.each([
  ['in-process', () => new InProcessJobQueue()],
  [
    'bullmq',
    () => new BullMqJobQueue({ redisUrl, prefix: `${prefix}-${Math.random().toString(36).slice(2)}` }),
  ],
])('packs of owed jobs (%s)', (_driver, createDriver) => {
  let pglite: Awaited<ReturnType<typeof openTestPglite>>;
  let sql: SqlClient;
  let driver: JobQueue;
  let owed: OwedJobs;
  const batches: string[][] = [];
  const outcomes: { outcome: JobOutcome; name: string }[] = [];
  const order: string[] = [];
  /** job ids whose next tries fail */
  const failing = new Set<string>();

  beforeAll(async () => {
    pglite = await openTestPglite();
    sql = pglite.sql;
    await OwedJobs.migrate(sql);
    driver = createDriver();
    owed = new OwedJobs(sql, driver, { runningLeaseMs: 60_000 });
    owed.queue.onOutcome((_queue, outcome, name) => outcomes.push({ outcome, name }));
    owed.queue.registerBatchProcessor<{ n: number }>(
      'packed',
      async (jobs: readonly BatchJob<{ n: number }>[]) => {
        batches.push(jobs.map((j) => j.job.id));
        return jobs.map(({ data, job }) =>
          failing.has(job.id)
            ? { ok: false, error: new Error(`job ${job.id} refused (try ${job.attemptsMade + 1})`) }
            : { ok: true, value: { n: data.n * 2 } },
        );
      },
      { maxBatch: 40 },
    );
    // a queue whose packs go first, and one that yields to it
    owed.queue.registerBatchProcessor<{ n: number }>(
      'first',
      async (jobs) => {
        order.push(`first start`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        order.push(`first end`);
        return jobs.map(() => ({ ok: true, value: null }));
      },
      { maxBatch: 100 },
    );
    owed.queue.registerBatchProcessor<{ n: number }>(
      'second',
      async (jobs) => {
        order.push(`second`);
        return jobs.map(() => ({ ok: true, value: null }));
      },
      { maxBatch: 100, yieldsTo: ['first'] },
    );
    await owed.queue.start();
  });

  afterAll(async () => {
    await driver.close();
    await pglite.close();
  });

  const jobs = (label: string, count: number, attempts = 3): OwedJob<{ n: number }>[] =>
    Array.from({ length: count }, (_, n) => ({
      queue: 'packed',
      name: `work-${label}`,
      data: { n },
      jobId: `${label}-${n}`,
      attempts,
      backoffMs: 50,
    }));

  /** owes the jobs as a reaction does: through its deferred writes, enqueued once they are committed */
  async function owe(list: OwedJob[]): Promise<void> {
    const writes = new DeferredWrites();
    await owed.oweMany(writes, list, { pack: true });
    await sql.transaction((tx) => writes.flush(tx));
    writes.committed();
  }

  const states = async (label: string) =>
    (
      await sql.query<{ state: string; n: number | string }>(
        `SELECT state, count(*) AS n FROM owed_jobs WHERE job_id LIKE $1 GROUP BY state`,
        [`${label}-%`],
      )
    ).rows.reduce<Record<string, number>>((all, r) => ({ ...all, [r.state]: Number(r.n) }), {});

  it('carries a hundred owed jobs to a queue job; each ends done with its own result, run in batches of maxBatch', async () => {
    const before = batches.length;
    await owe(jobs('a', 250));
    await eventually(async () => (await states('a')).done === 250, 'the 250 jobs done');
    const packs = await sql.query<{ pack: string; n: number | string }>(
      `SELECT pack, count(*) AS n FROM owed_jobs WHERE job_id LIKE 'a-%' GROUP BY pack ORDER BY n DESC`,
    );
    expect(packs.rows.map((r) => Number(r.n))).toEqual([PACK_SIZE, PACK_SIZE, 50]);
    const mine = batches.slice(before).filter((b) => b[0].startsWith('a-'));
    expect(mine.every((b) => b.length <= 40)).toBe(true);
    expect(mine.flat().sort()).toEqual(
      jobs('a', 250)
        .map((j) => j.jobId)
        .sort(),
    );
    // the queue holds packs, never the owed jobs themselves; each owed job answers from its row
    expect(await driver.getJob('packed', 'a-7')).toBeNull();
    expect(await owed.queue.getJob('packed', 'a-7')).toMatchObject({
      id: 'a-7',
      name: 'work-a',
      data: { n: 7 },
      state: 'completed',
      attemptsMade: 1,
      failedReason: null,
      returnValue: { n: 14 },
    });
    expect([...(await owed.queue.lookup('packed', ['a-0', 'a-249', 'nothing'])).values()]).toEqual([
      'completed',
      'completed',
      'absent',
    ]);
    expect(outcomes.filter((o) => o.name === 'work-a')).toHaveLength(250);
    expect(outcomes.some((o) => o.name === PACK_JOB_NAME)).toBe(false);
  });

  it('a failing owed job is tried again in a pack of its own after its backoff, then fails alone; retryFailed runs it again', async () => {
    failing.add('b-3');
    await owe(jobs('b', 10));
    await eventually(async () => (await states('b')).failed === 1, 'b-3 to fail for good', 10_000);
    expect(await states('b')).toEqual({ done: 9, failed: 1 });
    const failed = await owed.queue.getJob('packed', 'b-3');
    expect(failed).toMatchObject({
      state: 'failed',
      attemptsMade: 3,
      failedReason: 'job b-3 refused (try 3)',
    });
    const outcomesOfB = outcomes.filter((o) => o.name === 'work-b').map((o) => o.outcome);
    expect(outcomesOfB.filter((o) => o === 'completed')).toHaveLength(9);
    expect(outcomesOfB.filter((o) => o !== 'completed')).toEqual(['retried', 'retried', 'failed']);
    expect((await owed.queue.listFailed('packed')).map((j) => j.id)).toContain('b-3');
    const packs = await sql.query<{ pack: string }>(
      `SELECT DISTINCT pack FROM owed_jobs WHERE job_id LIKE 'b-%'`,
    );
    expect(packs.rows).toHaveLength(2); // the first pack's nine, and b-3's own (its third try)

    failing.delete('b-3');
    expect(await owed.queue.retryFailed('packed', 'b-3')).toBe(true);
    await eventually(async () => (await states('b')).done === 10, 'b-3 done on its retry');
    expect(await owed.queue.getJob('packed', 'b-3')).toMatchObject({ state: 'completed', attemptsMade: 1 });
    expect(await owed.queue.retryFailed('packed', 'b-3')).toBe(false);
  });

  it('a queue that yields to another runs its packs once the other has none running', async () => {
    await owe(jobs('f', 3).map((j) => ({ ...j, queue: 'first' })));
    await eventually(async () => order.includes('first start'), 'the first queue’s pack running');
    await owe(jobs('s', 3).map((j) => ({ ...j, queue: 'second' })));
    await eventually(
      async () => (await states('s')).done === 3 && (await states('f')).done === 3,
      'both done',
    );
    expect(order).toEqual(['first start', 'first end', 'second']);
  });

  it('the reconciler enqueues a pack the queue never got, and one whose worker died once its lease is over', async () => {
    // owed through a plain executor: written, never enqueued (as when Redis lost it)
    await owed.oweMany(sql, jobs('c', 5), { pack: true });
    expect(await states('c')).toEqual({ pending: 5 });
    expect([...(await owed.queue.lookup('packed', ['c-0'])).values()]).toEqual(['absent']);
    expect(await owed.queue.getJob('packed', 'c-0')).toMatchObject({ state: 'waiting', attemptsMade: 0 });
    const first = await owed.reconcile();
    expect(first.enqueued).toBe(5);
    await eventually(async () => (await states('c')).done === 5, 'the lost pack run');

    // a pack whose worker died while running it: its rows say running, the queue has nothing
    await owed.oweMany(sql, jobs('d', 3), { pack: true });
    await sql.query(
      `UPDATE owed_jobs SET state = 'running', tries = 1, started_at = now() WHERE job_id LIKE 'd-%'`,
    );
    expect((await owed.reconcile()).enqueued).toBe(0); // within the lease: its worker may still be on it
    // its lease over (the worker's start moved back past it, rather than waiting it out)
    await sql.query(`UPDATE owed_jobs SET started_at = now() - interval '2 minutes' WHERE job_id LIKE 'd-%'`);
    expect((await owed.reconcile()).enqueued).toBe(3);
    await eventually(async () => (await states('d')).done === 3, 'the stalled pack run again');
    expect(await owed.queue.getJob('packed', 'd-1')).toMatchObject({ state: 'completed', attemptsMade: 2 });

    // a pack the queue completed while rows of it are still open (their outcome never written): a new pack
    await sql.query(`UPDATE owed_jobs SET state = 'pending' WHERE job_id = 'd-2'`);
    const before = (await sql.query<{ pack: string }>(`SELECT pack FROM owed_jobs WHERE job_id = 'd-2'`))
      .rows[0].pack;
    expect([...(await driver.lookup('packed', [packJobId(before)])).values()]).toEqual(['completed']);
    expect((await owed.reconcile()).enqueued).toBe(1);
    await eventually(async () => (await states('d')).done === 3, 'the open row run in a new pack');
    const after = (await sql.query<{ pack: string }>(`SELECT pack FROM owed_jobs WHERE job_id = 'd-2'`))
      .rows[0].pack;
    expect(after).not.toBe(before);
  });
});
