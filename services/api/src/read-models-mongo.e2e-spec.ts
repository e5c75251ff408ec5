/**
 * The Mongo read models (READ_MODELS_MONGO_URL) keep the relational ones' guarantees (ARCHITECTURE §3, §10):
 * - rebuilt (npm run projections:rebuild) while applicants write: nothing lost or doubled, verify agrees;
 * - MongoDB away while applicants submit: every submission accepted, the Mongo projector catches up when it is back,
 *   nothing lost, no process dies. A private FerretDB on a free port (its backend a test database) is killed and
 *   started again; the shared one is never touched. The outage lasts 6 s here (30 s in the issue): the behaviour
 *   is the same, the driver's server selection (5 s) runs out either way.
 */
import { Role } from '@user-office/contracts';
import { eventually } from '../test/support/eventually';
import { createOpenCall, createUser, type TestUser } from '../test/support/fixtures';
import { startPrivateFerretDb, type PrivateFerretDb } from '../test/support/private-servers';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database';
import { pgTemplate } from '../test/support/test-templates';
import { testMongoDatabase } from '../test/support/test-mongo';
import { rebuildProjections, verified, verifyProjections } from './maintenance';
import { EVENT_LOGS_PROJECTION } from './modules/event-logs';
import { PROPOSAL_VIEWS_PROJECTION } from './modules/proposal-views';
import type { AppConfig } from './platform/config/app-config';
import { EVENT_STORE } from './platform/tokens';
import type { EventStore } from './platform/event-store/event-store.port';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Test") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`;
const CORE = `query($filter: ProposalsFilter) { getProposalsCore(filter: $filter, first: 1000) {
  totalCount proposalViews { primaryKey title submitted } } }`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup {
  t: TestApp;
  officer: TestUser;
  applicants: TestUser[];
  call: Awaited<ReturnType<typeof createOpenCall>>;
}

async function setUp(t: TestApp): Promise<Setup> {
  const officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
  const call = await createOpenCall(t, officer.token);
  const applicants = await Promise.all([1, 2, 3].map(() => createUser(t)));
  return { t, officer, applicants, call };
}

/** applicants create, answer and submit proposals until `stop()`: the pks submitted, the errors met */
function writers(s: Setup) {
  const submitted: { pk: number; title: string }[] = [];
  const errors: string[] = [];
  let writing = true;
  const step = async <T>(who: TestUser, q: string, variables: Record<string, unknown>) => {
    const res = await s.t.gql<T>(q, variables, who.token);
    if (res.errors || !res.data) throw new Error(res.errors?.[0]?.message ?? 'no data');
    return res.data;
  };
  const loop = async (who: TestUser, w: number) => {
    for (let n = 0; writing; n++) {
      try {
        const { createProposal } = await step<{
          createProposal: { primaryKey: number; questionaryId: number };
        }>(who, CREATE, { callId: s.call.callId });
        const pk = createProposal.primaryKey;
        const title = `Writer ${w} proposal ${n}`;
        await step(who, UPDATE, { pk, title });
        await step(who, ANSWER, {
          q: createProposal.questionaryId,
          topic: s.call.topicId,
          answers: [{ questionId: s.call.questionId, value: '{"value":"x"}' }],
        });
        await step(who, SUBMIT, { pk });
        submitted.push({ pk, title });
      } catch (error) {
        errors.push((error as Error).message);
        await sleep(100);
      }
    }
  };
  const running = Promise.all(s.applicants.map((who, w) => loop(who, w)));
  return {
    submitted,
    errors,
    stop: async () => {
      writing = false;
      await running;
    },
  };
}

/** the staff table shows every submitted proposal, with its title, and nothing else of the call */
async function staffTableHolds(s: Setup, submitted: { pk: number; title: string }[]): Promise<boolean> {
  const res = await s.t.gql<{
    getProposalsCore: {
      totalCount: number;
      proposalViews: { primaryKey: number; title: string; submitted: boolean }[];
    };
  }>(CORE, { filter: { callId: s.call.callId } }, s.officer.token);
  const rows = res.data?.getProposalsCore;
  if (!rows) return false;
  const byPk = new Map(rows.proposalViews.filter((v) => v.submitted).map((v) => [v.primaryKey, v.title]));
  return byPk.size === submitted.length && submitted.every((p) => byPk.get(p.pk) === p.title);
}

describe('Mongo read models rebuilt while applicants write', () => {
  let db: TestDatabase;
  let mongo: ReturnType<typeof testMongoDatabase>;
  let s: Setup;

  beforeAll(async () => {
    db = await createTestDatabase('mongo_writers', { template: pgTemplate() });
    mongo = testMongoDatabase('writers');
    s = await setUp(await createTestApp({ database: db, config: { readModelsMongoUrl: mongo.url } }));
  });
  afterAll(async () => {
    await s?.t.close();
    await db?.drop();
    await mongo?.drop();
  });

  it('loses and doubles nothing; verify finds the Mongo read models equal to a replay', async () => {
    const overrides: Partial<AppConfig> = {
      databaseUrl: db.url,
      readModelsMongoUrl: mongo.url,
      dataDir: 'memory://',
      redisUrl: null,
      eventStoreUrl: null,
      nodeEnv: 'test',
      logLevel: 'warn',
      jwtSecret: 'test-secret',
      seedDemo: false,
    };
    const w = writers(s);
    await sleep(1000);
    const rebuilt = await rebuildProjections([PROPOSAL_VIEWS_PROJECTION, EVENT_LOGS_PROJECTION], overrides);
    await sleep(500);
    await w.stop();
    expect(w.errors).toEqual([]);
    expect(w.submitted.length).toBeGreaterThan(2);
    expect(rebuilt.map((r) => r.name)).toEqual([PROPOSAL_VIEWS_PROJECTION, EVENT_LOGS_PROJECTION]);
    const head = await s.t.app.get<EventStore>(EVENT_STORE).headPosition();
    await s.t.projections.waitFor(head, [PROPOSAL_VIEWS_PROJECTION, EVENT_LOGS_PROJECTION], 30_000);
    expect(await staffTableHolds(s, w.submitted)).toBe(true);
    const results = await verifyProjections([PROPOSAL_VIEWS_PROJECTION, EVENT_LOGS_PROJECTION], overrides);
    expect(results.map((r) => [r.name, verified(r), r.error ?? null])).toEqual([
      [PROPOSAL_VIEWS_PROJECTION, true, null],
      [EVENT_LOGS_PROJECTION, true, null],
    ]);
  });
});

describe('MongoDB away while applicants submit', () => {
  let backend: TestDatabase;
  let db: TestDatabase;
  let ferret: PrivateFerretDb;
  let s: Setup;

  beforeAll(async () => {
    backend = await createTestDatabase('ferret_backend');
    db = await createTestDatabase('mongo_outage', { template: pgTemplate() });
    ferret = await startPrivateFerretDb(backend.url);
    s = await setUp(
      await createTestApp({ database: db, config: { readModelsMongoUrl: ferret.url('uo_outage') } }),
    );
  });
  afterAll(async () => {
    await s?.t.close();
    await ferret?.stop();
    await db?.drop();
    await backend?.drop();
  });

  it('accepts every submission, says so on /ready, and the projector catches up when MongoDB is back', async () => {
    const w = writers(s);
    await sleep(1000);
    await ferret.kill();
    const during = w.submitted.length;
    const ready = await eventually(
      async () => {
        const res = await s.t.http().get('/ready');
        return res.status === 503 && (res.body as { checks: Record<string, string> }).checks.readModels;
      },
      'the readiness to report the read models away',
      15_000,
    );
    expect(ready).toMatch(/not reachable/);
    await sleep(6000);
    await ferret.start();
    await sleep(1000);
    await w.stop();
    expect(w.errors).toEqual([]);
    expect(w.submitted.length).toBeGreaterThan(during); // submissions went on while MongoDB was away
    await eventually(
      () => staffTableHolds(s, w.submitted),
      'the staff table to show every submission',
      30_000,
      {
        retryOnError: true,
      },
    );
    expect((await s.t.http().get('/ready')).status).toBe(200);
  });
});
