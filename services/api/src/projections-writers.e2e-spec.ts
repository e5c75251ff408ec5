import type { INestApplication } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import { Client } from 'pg';
import { settledHead } from '../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../test/support/fixtures';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database';
import { pgTemplate } from '../test/support/test-templates';
import { createApp } from './app.factory';
import type { AppConfig } from './platform/config/app-config';
import { PgSqlClient } from './platform/database/pg-sql-client';
import { SqlEventStore } from './platform/event-store/sql-event-store';
import { isReaction } from './platform/projections/projection';
import { ProjectionRunner } from './platform/projections/projection-runner';
import { ProjectionsService } from './platform/projections/projections.service';
import { OwedJobs } from './platform/queue/owed-jobs';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String, $abstract: String) {
  updateProposal(proposalPk: $pk, title: $title, abstract: $abstract) { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`;
const DELETE = `mutation($pk: Int!) { deleteProposal(proposalPk: $pk) { primaryKey } }`;

interface Written {
  pk: number;
  questionaryId: number;
  title: string;
  answer: string;
  submitted: boolean;
  deleted: boolean;
}

/**
 * ARCHITECTURE §3: read models can be thrown away and replayed from the events at any time, also while the
 * product takes writes. Four applicants create, update, answer, submit and delete proposals through GraphQL while
 * another process rebuilds every projection and another starts with bumped projection versions (so it rebuilds
 * them at start); then every table equals a from-zero projection of the same events into an empty database, and
 * verify (npm run projections:verify) finds no difference.
 */
describe('rebuilding every projection while applicants write (PostgreSQL)', () => {
  let db: TestDatabase;
  let empty: TestDatabase;
  let t: TestApp;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let applicants: TestUser[];
  let overrides: Partial<AppConfig>;

  beforeAll(async () => {
    db = await createTestDatabase('writers', { template: pgTemplate() });
    empty = await createTestDatabase('replay');
    t = await createTestApp({ database: db });
    const officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    call = await createOpenCall(t, officer.token);
    applicants = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
    overrides = {
      databaseUrl: db.url,
      dataDir: 'memory://',
      redisUrl: null,
      eventStoreUrl: null,
      nodeEnv: 'test',
      logLevel: 'warn',
      jwtSecret: 'test-secret',
      seedDemo: false,
    };
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
    await empty.drop();
  });

  it('loses and doubles nothing: each table equals a from-zero replay, every write is there, verify agrees', async () => {
    const errors: string[] = [];
    const written: Written[] = [];
    let writing = true;
    const gql = async <T>(query: string, variables: Record<string, unknown>, who: TestUser) => {
      const res = await t.gql<T>(query, variables, who.token);
      if (res.errors) errors.push(`${res.errors[0].message} (${query.split('(')[0]})`);
      return res.data;
    };
    const writer = async (who: TestUser, w: number) => {
      for (let round = 0; writing || round < 3; round++) {
        const created = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
          CREATE,
          { callId: call.callId },
          who,
        );
        if (!created) return;
        const { primaryKey: pk, questionaryId } = created.createProposal;
        const entry: Written = {
          pk,
          questionaryId,
          title: `Writer ${w} round ${round}`,
          answer: `answer ${w}.${round}`,
          submitted: false,
          deleted: false,
        };
        written.push(entry);
        await gql(UPDATE, { pk, title: entry.title, abstract: 'Measured while rebuilding' }, who);
        await gql(
          ANSWER,
          {
            q: questionaryId,
            topic: call.topicId,
            answers: [{ questionId: call.questionId, value: JSON.stringify({ value: entry.answer }) }],
          },
          who,
        );
        if (round % 3 === 0) entry.submitted = !!(await gql(SUBMIT, { pk }, who));
        if (round % 3 === 1) entry.deleted = !!(await gql(DELETE, { pk }, who));
      }
    };
    const writers = applicants.map((who, w) => writer(who, w));

    // another process rebuilds every projection (as npm run projections:rebuild does)
    const maintenance = await createApp({ ...overrides, mode: 'maintenance' });
    const runner = maintenance.app.get(ProjectionsService).projections;
    const readModels = runner.projections.filter((p) => !isReaction(p));
    const startedAt = written.length;
    for (const p of readModels) await runner.rebuild(p.name);
    // another starts with the versions of the proposals, their questionaries and the staff table bumped: it
    // rebuilds them at start (twice in a row is the runner's test)
    await bump(db.url, ['proposals', 'proposal_views', 'questionaries']);
    const started = await createApp({ ...overrides, mode: 'api' });
    expect(await versionsOf(db.url)).toEqual(await currentVersions(started.app));
    await started.app.close();
    writing = false;
    await Promise.all(writers);
    expect(errors).toEqual([]);
    expect(written.length - startedAt).toBeGreaterThanOrEqual(4);

    // the head once nothing more is on its way: the writes' reactions and the jobs they owed (a status action's
    // outcome, appended by the worker after the last write) are done, or the live tables run past the replay
    const owed = t.app.get(OwedJobs);
    for (
      let counts = await owed.counts();
      counts.pending + counts.running > 0;
      counts = await owed.counts()
    ) {
      await settledHead(t);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const head = await settledHead(t);

    // every write made meanwhile is in the rebuilt tables
    const live = new Client({ connectionString: db.url });
    await live.connect();
    const proposals = await live.query<{
      proposal_pk: number;
      title: string;
      submitted: boolean;
      deleted: boolean;
    }>(
      'SELECT proposal_pk, title, submitted, deleted FROM proposals WHERE proposal_pk = ANY($1::int[]) ORDER BY 1',
      [written.map((w) => w.pk)],
    );
    expect(proposals.rows).toEqual(
      [...written]
        .sort((a, b) => a.pk - b.pk)
        .map((w) => ({ proposal_pk: w.pk, title: w.title, submitted: w.submitted, deleted: w.deleted })),
    );
    const answers = await live.query<{ questionary_id: number; value: string }>(
      `SELECT questionary_id, value::text AS value FROM questionary_answers
        WHERE question_id = $1 AND questionary_id = ANY($2::int[])`,
      [call.questionId, written.map((w) => w.questionaryId)],
    );
    const answered = new Map(answers.rows.map((r) => [r.questionary_id, r.value]));
    expect(written.filter((w) => !answered.get(w.questionaryId)?.includes(JSON.stringify(w.answer)))).toEqual(
      [],
    );
    const staff = await live.query<{ proposal_pk: number }>(
      'SELECT proposal_pk FROM proposal_views WHERE proposal_pk = ANY($1::int[]) ORDER BY 1',
      [written.map((w) => w.pk)],
    );
    expect(staff.rows.map((r) => r.proposal_pk)).toEqual(
      written
        .filter((w) => !w.deleted)
        .map((w) => w.pk)
        .sort((a, b) => a - b),
    );

    // the same events projected from zero into an empty database give the same rows, table by table
    const target = await PgSqlClient.connect(empty.url, 4);
    await SqlEventStore.migrate(target);
    const events = await live.query('SELECT * FROM events ORDER BY position');
    for (let i = 0; i < events.rows.length; i += 500) {
      await target.query(
        `INSERT INTO events OVERRIDING SYSTEM VALUE
         SELECT * FROM jsonb_populate_recordset(NULL::events, $1::jsonb)`,
        [JSON.stringify(events.rows.slice(i, i + 500))],
      );
    }
    const targetStore = new SqlEventStore(target);
    const fromZero = new ProjectionRunner(target, targetStore, readModels);
    await fromZero.initialize();
    fromZero.start();
    await fromZero.waitFor(head);
    await fromZero.stop();
    const tables = readModels.flatMap((p) => p.tables.map((x) => x.name));
    for (const table of tables) {
      const query = `SELECT to_jsonb(x)::text AS r FROM ${table} x ORDER BY 1`;
      const replayed = (await target.query<{ r: string }>(query)).rows.map((r) => r.r);
      const rows = (await live.query<{ r: string }>(query)).rows.map((r) => r.r);
      expect({ table, rows }).toEqual({ table, rows: replayed });
    }
    await targetStore.close();
    await target.close();
    await live.end();

    // and the auditor's check (npm run projections:verify) agrees
    const unequal: unknown[] = [];
    for (const p of readModels) {
      const result = await runner.verify(p.name);
      unequal.push(...result.tables.filter((x) => x.onlyLive > 0 || x.onlyReplayed > 0));
    }
    expect(unequal).toEqual([]);
    await maintenance.app.close();
  }, 120_000);
});

async function bump(url: string, names: string[]): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query('UPDATE projection_checkpoints SET version = version - 1 WHERE name = ANY($1::text[])', [
    names,
  ]);
  await c.end();
}

async function versionsOf(url: string): Promise<Record<string, number>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ name: string; version: number }>(
    'SELECT name, version FROM projection_checkpoints',
  );
  await c.end();
  return Object.fromEntries(r.rows.map((row) => [row.name, row.version]));
}

async function currentVersions(app: INestApplication): Promise<Record<string, number>> {
  const runner = app.get(ProjectionsService).projections;
  return Object.fromEntries(runner.projections.map((p) => [p.name, p.version]));
}
