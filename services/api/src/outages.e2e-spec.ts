import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PROPOSAL_SUBMITTED,
  QUEUES,
  Role,
  STATUS_ACTION_FAILED,
  STATUS_ACTION_SUCCEEDED,
} from '@user-office/contracts';
import { Pool } from 'pg';
import { createOpenCall, createUser, type TestUser } from '../test/support/fixtures';
import {
  freePort,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../test/support/private-servers';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { startDevMailCatcher, type DevMailCatcher } from './dev-mail/dev-mail-catcher';
import type { AppConfig } from './platform/config/app-config';
import type { JobQueue } from './platform/queue/job-queue.port';
import { JOB_QUEUE } from './platform/tokens';
import { eventually } from '../test/support/eventually';

const ROOT = join(__dirname, '..', '..', '..');
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Outage", abstract: "Test") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`;
const OWED_LOGS = `query { getStatusActionsLogs(first: 1000, filter: { states: [PENDING, RUNNING] }) {
  totalCount statusActionsLogs { statusActionsLogId state owedSince waitingSeconds recipient successful attempts { jobId }
  proposals { primaryKey } } } }`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** the probes here may meet a server that is still away: an error counts as not yet */
const eventuallyUp = <T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs?: number,
) => eventually(probe, what, timeoutMs, { retryOnError: true });

/**
 * Outages of PostgreSQL and Redis (ARCHITECTURE §4, §9): a PostgreSQL cluster (initdb) and a Redis of this file's
 * own on free ports, killed and restarted at will; the api, the projector and the worker as separate Nest
 * applications (their own pools, LISTEN connections and Redis clients), and a worker as a real process for the
 * kill -9. Each submission owes one status action (the default workflow e-mails the PI the proposal-submitted
 * template), sent to an SMTP catcher.
 */
describe('outages: PostgreSQL and Redis go away, no process dies, nothing owed is lost', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let catcher: DevMailCatcher;
  let sql: Pool;
  let config: Partial<AppConfig>;
  const apps: Partial<Record<'api' | 'projector' | 'worker' | 'all', TestApp>> = {};
  let officer: TestUser;
  let pi: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  const database = () => ({ url: pg.url(), name: 'postgres', drop: async () => undefined });

  beforeAll(async () => {
    [pg, redis, catcher] = await Promise.all([
      startPrivatePostgres(),
      startPrivateRedis(),
      startDevMailCatcher({ smtpPort: 0, webPort: 0 }),
    ]);
    config = {
      redisUrl: redis.url,
      queuePrefix: 'uo-outage',
      smtpUrl: catcher.smtpUrl,
      statusActionAttempts: 5,
      statusActionBackoffMs: 200,
      owedJobsReconcileMs: 500,
      queueLockMs: 1000,
    };
    apps.api = await createTestApp({ database: database(), config: { ...config, mode: 'api' } });
    apps.projector = await createTestApp({ database: database(), config: { ...config, mode: 'projector' } });
    sql = new Pool({ connectionString: pg.url(), max: 2 });
    sql.on('error', () => undefined); // this test's own reader: the pool opens new connections after a restart
    officer = await createUser(apps.api, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(apps.api);
    call = await createOpenCall(apps.api, officer.token);
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled(Object.values(apps).map((app) => app.close()));
    await sql?.end().catch(() => undefined);
    await catcher?.close();
    await redis?.stop();
    await pg?.stop();
  }, 60_000);

  /** this test's reader of the private database (a statement cut by a restart is tried again) */
  async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await sql.query(text, params)).rows as T[];
      } catch (error) {
        if (attempt >= 50) throw error;
        await sleep(100);
      }
    }
  }

  /** a proposal created, answered and submitted by the PI through `app`; its pk once submitProposal answered */
  async function submit(app: TestApp): Promise<number | null> {
    const step = async <T>(q: string, variables: Record<string, unknown>) => {
      const res = await app.gql<T>(q, variables, pi.token);
      if (res.errors || !res.data) throw new Error(res.errors?.[0]?.message ?? 'no data');
      return res.data;
    };
    try {
      const { createProposal } = await step<{
        createProposal: { primaryKey: number; questionaryId: number };
      }>(CREATE, { callId: call.callId });
      const pk = createProposal.primaryKey;
      await step(UPDATE, { pk });
      await step(ANSWER, {
        q: createProposal.questionaryId,
        topic: call.topicId,
        answers: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      });
      await step(SUBMIT, { pk });
      return pk;
    } catch {
      return null;
    }
  }

  const submittedPks = async () =>
    (
      await query<{ pk: number }>(
        `SELECT substring(stream_id from 10)::int AS pk FROM events WHERE type = $1`,
        [PROPOSAL_SUBMITTED],
      )
    ).map((r) => Number(r.pk));

  /** outcomes logged per proposal (first runs only) */
  const loggedPerProposal = async (): Promise<Map<number, number>> => {
    const rows = await query<{ pk: number; n: string }>(
      `SELECT (data->'action'->>'proposalPk')::int AS pk, count(*) AS n FROM events
       WHERE type IN ($1, $2) AND data->>'replay' = 'false' GROUP BY 1`,
      [STATUS_ACTION_SUCCEEDED, STATUS_ACTION_FAILED],
    );
    return new Map(rows.map((r) => [Number(r.pk), Number(r.n)]));
  };

  /** every submitted proposal's action logged exactly once (and successful) */
  async function everyActionLoggedOnce(pks: readonly number[], timeoutMs = 30_000): Promise<void> {
    await eventuallyUp(
      async () => {
        const logged = await loggedPerProposal();
        return pks.every((pk) => logged.get(pk) === 1);
      },
      `the actions of ${pks.length} proposals to be logged`,
      timeoutMs,
    ).catch(async (error: unknown) => {
      const logged = await loggedPerProposal();
      const missing = pks.filter((pk) => logged.get(pk) !== 1);
      const owed = await query(
        `SELECT job_id, state, tries, last_error FROM owed_jobs WHERE (data->'action'->>'proposalPk')::int = ANY($1::int[])`,
        [missing],
      );
      const checkpoints = await query('SELECT name, position FROM projection_checkpoints');
      const head = await query('SELECT max(position) FROM events');
      const changed = await query(
        `SELECT stream_id, type FROM events WHERE stream_id = ANY($1::text[]) ORDER BY position`,
        [missing.map((pk) => `proposal-${pk}`)],
      );
      throw new Error(
        `${(error as Error).message}: ${JSON.stringify({ missing, owed, checkpoints, head, changed }, null, 1)}`,
      );
    });
    const logged = await loggedPerProposal();
    expect([...logged.values()].filter((n) => n !== 1)).toEqual([]);
    const failed = await query(`SELECT 1 FROM events WHERE type = $1`, [STATUS_ACTION_FAILED]);
    expect(failed).toEqual([]);
  }

  /** the e-mails sent for a proposal (its link ends the proposal-submitted text) */
  const mailsTo = (pk: number) =>
    catcher.messages().filter((m) => new RegExp(`/ProposalEdit/${pk}\\b`).test(m.text ?? ''));

  it('jobs owed with no worker, Redis restarted empty, then a worker: every job runs and is logged once; the log showed them owed', async () => {
    const pks = (await Promise.all(Array.from({ length: 10 }, () => submit(apps.api!)))).filter(
      (pk): pk is number => pk !== null,
    );
    expect(pks).toHaveLength(10);
    // the projector's reaction owed them (PostgreSQL) and enqueued them (Redis); nothing works the queue
    await eventuallyUp(async () => {
      const rows = await query<{ n: string }>(
        `SELECT count(*) AS n FROM owed_jobs WHERE queue = $1 AND state = 'pending'`,
        [QUEUES.email],
      );
      return Number(rows[0].n) === 10;
    }, 'ten owed e-mails');
    const presence = await apps.projector!.app.get<JobQueue>(JOB_QUEUE).lookup(
      QUEUES.email,
      (await query<{ job_id: string }>('SELECT job_id FROM owed_jobs')).map((r) => r.job_id),
    );
    expect([...presence.values()]).toEqual(Array(10).fill('held'));

    // an officer sees what is owed: state and age
    const owed = await apps.api!.gql<{
      getStatusActionsLogs: { totalCount: number; statusActionsLogs: Record<string, unknown>[] };
    }>(OWED_LOGS, {}, officer.token);
    expect(owed.errors).toBeUndefined();
    expect(owed.data!.getStatusActionsLogs.totalCount).toBe(10);
    for (const entry of owed.data!.getStatusActionsLogs.statusActionsLogs) {
      expect(entry).toMatchObject({ state: 'PENDING', successful: false, attempts: [] });
      expect(entry.waitingSeconds).toEqual(expect.any(Number));
      expect(Date.parse(entry.owedSince as string)).toBeLessThanOrEqual(Date.now());
    }

    await redis.kill();
    await redis.start(); // empty: the ten jobs are gone from the queue
    const back = Date.now();
    apps.worker = await createTestApp({ database: database(), config: { ...config, mode: 'worker' } });
    await everyActionLoggedOnce(pks);
    const seconds = (Date.now() - back) / 1000;
    // the figure of the README: Redis back (empty) to every owed job done, worker start-up included
    console.log(`Redis back empty → 10 owed jobs done in ${seconds.toFixed(1)} s (worker start included)`);
    for (const pk of pks) expect(mailsTo(pk)).toHaveLength(1);
    const states = await query<{ state: string }>('SELECT DISTINCT state FROM owed_jobs');
    expect(states).toEqual([{ state: 'done' }]);
    const left = await apps.api!.gql<{ getStatusActionsLogs: { totalCount: number } }>(
      OWED_LOGS,
      {},
      officer.token,
    );
    expect(left.data!.getStatusActionsLogs.totalCount).toBe(0);
  }, 90_000);

  it('Redis killed while applicants submit: every submission accepted, /ready names Redis, every action runs once after', async () => {
    await redis.kill();
    const pks: number[] = [];
    for (let i = 0; i < 6; i++) {
      const pk = await submit(apps.api!);
      expect(pk).not.toBeNull();
      pks.push(pk!);
    }
    const ready = await apps.worker!.http().get('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.queue).toMatch(
      new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${redis.port} is not reachable \\(`),
    );
    expect(ready.body.checks.store).toBe('ok');
    await eventuallyUp(async () => {
      const rows = await query<{ n: string }>(`SELECT count(*) AS n FROM owed_jobs WHERE state = 'pending'`);
      return Number(rows[0].n) === 6;
    }, 'six owed e-mails');
    await redis.start();
    await everyActionLoggedOnce(pks);
    for (const pk of pks) expect(mailsTo(pk)).toHaveLength(1);
    await eventuallyUp(async () => (await apps.worker!.http().get('/ready')).status === 200, '/ready');
  }, 60_000);

  /**
   * clients submitting in a loop through `api` while PostgreSQL restarts (immediate); the answered ones. The restart
   * comes after `restartAfterMs` and at least one answered submission (a slow, busy machine may take longer than
   * that for the first), at most 30 s.
   */
  async function underLoad(api: TestApp, clients: number, restartAfterMs: number, stopAfterMs: number) {
    const answered: number[] = [];
    let running = true;
    const loops = Array.from({ length: clients }, async () => {
      while (running) {
        const pk = await submit(api);
        if (pk !== null) answered.push(pk);
        else await sleep(50);
      }
    });
    await sleep(restartAfterMs);
    for (let waited = 0; answered.length === 0 && waited < 30_000; waited += 100) await sleep(100);
    const before = answered.length;
    await pg.restart('immediate');
    await sleep(stopAfterMs);
    running = false;
    await Promise.all(loops);
    return { answered, before };
  }

  async function aliveAndReady(app: TestApp): Promise<void> {
    expect((await app.http().get('/health')).status).toBe(200);
    await eventuallyUp(async () => (await app.http().get('/ready')).status === 200, 'ready again', 20_000);
  }

  it('PostgreSQL restarted (immediate) under load, api, projector and worker apart: all stay up, every answered submission is submitted, every action logged once', async () => {
    const { answered, before } = await underLoad(apps.api!, 3, 1500, 3000);
    expect(before).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThan(before); // submissions went on after the restart
    for (const app of [apps.api!, apps.projector!, apps.worker!]) await aliveAndReady(app);
    const submitted = new Set(await submittedPks());
    expect(answered.filter((pk) => !submitted.has(pk))).toEqual([]);
    await everyActionLoggedOnce([...submitted]);
  }, 90_000);

  it('PostgreSQL restarted (immediate) under load in the single-process shape: it stays up, nothing lost', async () => {
    // safe to run again (jest's retry): whatever an earlier attempt left is closed first
    await Promise.all([apps.api, apps.projector, apps.worker, apps.all].map((app) => app?.close()));
    delete apps.api;
    delete apps.projector;
    delete apps.worker;
    apps.all = await createTestApp({ database: database(), config: { ...config, mode: 'all' } });
    const { answered, before } = await underLoad(apps.all, 3, 1500, 3000);
    expect(before).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThan(before);
    await aliveAndReady(apps.all);
    const submitted = new Set(await submittedPks());
    expect(answered.filter((pk) => !submitted.has(pk))).toEqual([]);
    await everyActionLoggedOnce([...submitted]);
  }, 90_000);

  it('a worker process killed with -9 during its reconciler pass: the next worker runs the rest, nothing logged twice', async () => {
    // owed while Redis is away, then Redis back empty: only the reconciler can bring the jobs back
    await apps.all?.close();
    delete apps.all;
    apps.projector = await createTestApp({ database: database(), config: { ...config, mode: 'projector' } });
    const api = await createTestApp({ database: database(), config: { ...config, mode: 'api' } });
    try {
      await redis.kill();
      const pks = (await Promise.all(Array.from({ length: 12 }, () => submit(api)))).filter(
        (pk): pk is number => pk !== null,
      );
      expect(pks).toHaveLength(12);
      const owedOf = () =>
        query<{ job_id: string }>(
          `SELECT job_id FROM owed_jobs WHERE state = 'pending' AND (data->'action'->>'proposalPk')::int = ANY($1::int[])`,
          [pks],
        );
      await eventuallyUp(async () => (await owedOf()).length === 12, 'twelve owed e-mails');
      await redis.start();

      const dataDir = mkdtempSync(join(tmpdir(), 'uo-outage-worker-'));
      const worker: ChildProcess = spawn(
        process.execPath,
        ['-r', '@swc-node/register', join(ROOT, 'services', 'api', 'src', 'main.ts')],
        {
          cwd: ROOT,
          stdio: 'ignore',
          env: {
            ...process.env,
            NODE_OPTIONS: '',
            UO_MODE: 'worker',
            PORT: String(await freePort()),
            NODE_ENV: 'test',
            LOG_LEVEL: 'fatal',
            DATA_DIR: dataDir,
            DATABASE_URL: pg.url(),
            REDIS_URL: redis.url,
            QUEUE_PREFIX: config.queuePrefix,
            SMTP_URL: catcher.smtpUrl,
            JWT_SECRET: 'test-secret',
            STATUS_ACTION_ATTEMPTS: '5',
            STATUS_ACTION_BACKOFF_MS: '200',
            OWED_JOBS_RECONCILE_MS: '500',
            QUEUE_LOCK_MS: '1000',
          },
        },
      );
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      try {
        // killed as soon as its first pass has put a job back in the queue (the others may not be yet)
        const ids = (await owedOf()).map((r) => r.job_id);
        await eventuallyUp(
          async () => {
            const presence = await api.app.get<JobQueue>(JOB_QUEUE).lookup(QUEUES.email, ids);
            return [...presence.values()].some((p) => p !== 'absent');
          },
          'the worker process to enqueue again',
          60_000,
        );
      } finally {
        worker.kill('SIGKILL');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
      apps.worker = await createTestApp({ database: database(), config: { ...config, mode: 'worker' } });
      await everyActionLoggedOnce(pks);
    } finally {
      await api.close();
    }
  }, 120_000);
});
