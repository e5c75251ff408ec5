import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUEUES, Role } from '@user-office/contracts';
import { eventually } from '../../../test/support/eventually';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { deleteQueueKeys } from '../../platform/queue/bullmq-job-queue';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { pgTemplate } from '../../../test/support/test-templates';
import type { SqlClient } from '../../platform/database/sql-client';
import { SQL_CLIENT } from '../../platform/tokens';
import { feedbackReminderJobId } from './reactions/plan-feedback-reminders-on-experiment-completed.reaction';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const DAY = 24 * 3600 * 1000;
/** proposers (the PI and co-proposers) × completed experiments: the reminders due at once */
const PROPOSERS = 10;
const EXPERIMENTS = 20;

interface OutboxLine {
  to: string;
  subject: string;
  key?: string;
}

/**
 * The production shape for feedback reminders: the api and the projector (which plans them when experiments
 * complete) on one database and Redis prefix, and worker processes sending them (test/support/worker-process.ts).
 * A worker dies by SIGKILL right after one of its e-mails went out (inside the job, before anything knew it was
 * done), the next is killed from outside in the middle of the batch (kill -9: no shutdown), then a third starts on
 * the same data: BullMQ hands it the dead workers' stalled jobs and the rest, and every reminder lands in the
 * outbox (`DATA_DIR/outbox.jsonl`, shared by the processes) exactly once.
 */
describe('feedback reminders with the worker killed in the middle (BullMQ on Redis, worker processes)', () => {
  let db: TestDatabase;
  let api: TestApp;
  let projector: TestApp;
  let officer: TestUser;
  let dataDir: string;
  const prefix = `uo-test-fbcrash-${process.pid}-${Date.now()}`;
  const experimentPks: number[] = [];
  const proposerIds: number[] = [];
  const children: ChildProcess[] = [];

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await api.gql<T>(query, variables, user.token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  }

  const sql = () => api.app.get<SqlClient>(SQL_CLIENT);
  /** the reminders due now (the first of each proposer and experiment) and their states */
  const dueReminders = async () =>
    (
      await sql().query<{ job_id: string; state: string }>(
        `SELECT job_id, state FROM owed_jobs WHERE queue = $1 AND name = 'feedback-reminder' AND run_at <= now()`,
        [QUEUES.email],
      )
    ).rows;
  const outbox = (): OutboxLine[] => {
    const file = join(dataDir, 'outbox.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxLine)
      .filter((m) => m.subject.includes('Your feedback on experiment'));
  };

  /** a worker process (`UO_MODE=worker`, test/support/worker-process.ts) on the test's database, Redis prefix and data directory */
  async function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
    const log = openSync(join(dataDir, `worker-${children.length + 1}.log`), 'a');
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(ROOT, 'services', 'api', 'test', 'support', 'worker-process.ts')],
      {
        cwd: ROOT,
        // its output beside the outbox (read when the test fails)
        stdio: ['ignore', log, log],
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          UO_MODE: 'worker',
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          DATA_DIR: dataDir,
          DATABASE_URL: db.url,
          REDIS_URL,
          QUEUE_PREFIX: prefix,
          JWT_SECRET: 'test-secret',
          OWED_JOBS_RECONCILE_MS: '500',
          // a dead worker's job is handed on after ~2 s
          QUEUE_LOCK_MS: '1000',
          ...env,
        },
      },
    );
    children.push(child);
    return child;
  }

  async function kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    db = await createTestDatabase('fbcrash', { template: pgTemplate() });
    dataDir = mkdtempSync(join(tmpdir(), 'uo-fbcrash-'));
    const config = { queuePrefix: prefix, dataDir };
    api = await createTestApp({ database: db, queue: 'redis', config: { ...config, mode: 'api' } });
    // the projector plans the reminders (an async reaction); no process works the queues yet
    projector = await createTestApp({
      database: db,
      queue: 'redis',
      config: { ...config, mode: 'projector' },
    });
    officer = await createUser(api, { role: Role.USER_OFFICER, isInternalUser: true });
    const pi = await createUser(api);
    const coProposers = await Promise.all(Array.from({ length: PROPOSERS - 1 }, () => createUser(api)));
    proposerIds.push(pi.id, ...coProposers.map((u) => u.id));

    const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
      `mutation { createInstrument(name: "Crash", shortCode: "CR", description: "d") { id } }`,
      {},
      officer,
    );
    const instrumentId = createInstrument.id;
    const call = await createOpenCall(api, officer.token);
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: [{ instrumentId }] },
      officer,
    );
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
      { c: call.callId },
      pi,
    );
    const proposalPk = createProposal.primaryKey;
    await gql(
      `mutation($pk: Int!, $u: [Int!]) { updateProposal(proposalPk: $pk, title: "Crash", abstract: "Kill -9", users: $u) { primaryKey } }`,
      { pk: proposalPk, u: coProposers.map((u) => u.id) },
      pi,
    );
    await gql(
      `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
      {
        q: createProposal.questionaryId,
        topic: call.topicId,
        a: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    await gql(
      `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`,
      { pk: proposalPk },
      pi,
    );
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [proposalPk], i: [instrumentId] },
      officer,
    );
    await gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: true) { primaryKey } }`,
      { pk: proposalPk, a: [{ instrumentId, value: 30 }] },
      officer,
    );
    // completed experiments that ended in the last days (two hours each, three hours apart): with the default
    // settings (every 14 days, at most 2, none after 30 days) reminder 1 of each proposer is due now, 2 later
    for (let i = 0; i < EXPERIMENTS; i++) {
      const endsAt = Date.now() - DAY - i * 3 * 3600 * 1000;
      const { createExperiment } = await gql<{ createExperiment: { experimentPk: number } }>(
        `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
        {
          i: {
            proposalPk,
            instrumentId,
            startsAt: new Date(endsAt - 2 * 3600 * 1000).toISOString(),
            endsAt: new Date(endsAt).toISOString(),
            status: 'COMPLETED',
          },
        },
        officer,
      );
      experimentPks.push(createExperiment.experimentPk);
    }
  }, 180_000);

  afterAll(async () => {
    for (const child of children) await kill(child);
    await projector?.close();
    await api?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    await deleteQueueKeys(REDIS_URL, prefix); // the run's BullMQ keys
  }, 60_000);

  it('sends each reminder exactly once across two killed workers and a restart', async () => {
    const total = PROPOSERS * EXPERIMENTS;
    await eventually(
      async () => (await dueReminders()).length === total,
      `${total} reminders owed, due now`,
      60_000,
    );
    expect(outbox()).toEqual([]);

    // 1. a worker that dies (SIGKILL, by its own hand) right after its 25th e-mail went out, inside that job
    const first = await startWorker({ KILL_AFTER_EMAILS: '25' });
    await new Promise((resolve) => first.once('exit', resolve));
    const beforeFirstKill = outbox();
    const cutShort = /killed after (\S+)/.exec(readFileSync(join(dataDir, 'worker-1.log'), 'utf8'))?.[1];
    expect(beforeFirstKill.length).toBeGreaterThanOrEqual(25);
    // the job it died in sent its e-mail but is not done: the queue will hand it on (with EMAIL_CONCURRENCY jobs
    // at a time, another's e-mail may land after it, before the kill does: it need not be the last one)
    expect(beforeFirstKill.filter((m) => m.key === cutShort)).toHaveLength(1);
    expect((await dueReminders()).find((r) => r.job_id === cutShort)?.state).toBe('running');

    // 2. a worker killed from outside (kill -9) at whatever it is doing, once it has sent some more
    const second = await startWorker();
    const deadline = Date.now() + 60_000;
    while (outbox().length < beforeFirstKill.length + 30) {
      if (Date.now() > deadline)
        throw new Error(
          `The second worker sent nothing: ${readFileSync(join(dataDir, 'worker-2.log'), 'utf8')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await kill(second);
    const sentBeforeKill = outbox().length;
    expect(sentBeforeKill).toBeLessThan(total);
    expect((await dueReminders()).filter((r) => r.state !== 'done').length).toBeGreaterThan(0);

    // 3. a new worker process on the same data: the stalled jobs and the rest
    await startWorker();
    await eventually(
      async () => (await dueReminders()).every((r) => r.state === 'done'),
      'every due reminder done',
      90_000,
    );
    const sent = outbox();
    const expected = experimentPks.flatMap((e) => proposerIds.map((u) => feedbackReminderJobId(e, u, 1)));
    const counts = new Map<string, number>();
    for (const mail of sent)
      counts.set(mail.key ?? mail.subject, (counts.get(mail.key ?? mail.subject) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(sent).toHaveLength(total);
    // the job cut short ran again, and found its e-mail sent
    const { rows } = await sql().query<{ tries: number }>(
      `SELECT tries FROM owed_jobs WHERE queue = $1 AND job_id = $2`,
      [QUEUES.email, cutShort!],
    );
    expect(rows[0].tries).toBeGreaterThanOrEqual(2);
    // the later reminders stay owed, delayed
    const later = await sql().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM owed_jobs WHERE name = 'feedback-reminder' AND state = 'pending' AND run_at > now()`,
    );
    expect(later.rows[0].n).toBe(total);
  }, 240_000);
});
