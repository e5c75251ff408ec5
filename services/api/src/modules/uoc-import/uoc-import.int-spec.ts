import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { runUocImport } from '../../uoc-import';
import { AWKWARD, buildUocSource } from '../../../../../scripts/bench/uoc-source';
import type { UocImportReport } from './uoc-import';

const ROOT = resolve(__dirname, '../../../../..');
const PROPOSALS = 60;

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** the store's history as it matters: every stream's events in order, with their data and source (not positions) */
const history = (url: string) =>
  query<{ stream_id: string; stream_version: number; type: string; data: unknown; from: string }>(
    url,
    `SELECT stream_id, stream_version, type, data, metadata->>'importedFrom' AS from FROM events
      ORDER BY stream_id, stream_version`,
  );

describe('npm run import:uoc: a user-office-core database as events', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let killed: TestDatabase;
  let first: UocImportReport;

  beforeAll(async () => {
    [source, target, killed] = await Promise.all([
      createTestDatabase('uoc_src'),
      createTestDatabase('uoc_tgt'),
      createTestDatabase('uoc_kill'),
    ]);
    await buildUocSource(source.url, { proposals: PROPOSALS, answers: 6, awkward: true });
    first = await runUocImport({
      sourceUrl: source.url,
      batchSize: 25,
      overrides: { databaseUrl: target.url },
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop(), killed?.drop()]);
  });

  test('refuses a database that is not user-office-core at the supported patch, importing nothing', async () => {
    const other = await createTestDatabase('uoc_bad');
    try {
      await query(
        other.url,
        `CREATE TABLE db_patches (patch_id text); INSERT INTO db_patches VALUES ('init.sql')`,
      );
      await expect(
        runUocImport({ sourceUrl: other.url, overrides: { databaseUrl: killed.url } }),
      ).rejects.toThrow(/lacks db patch 0206_DeleteFeatureEmailInviteLegacy\.sql/);
      // refused before the store is opened: not even its tables were made
      expect(await query(killed.url, `SELECT to_regclass('events') AS events`)).toEqual([{ events: null }]);
    } finally {
      await other.drop();
    }
  });

  test('every proposal with its answers, co-proposers, invite, status and review, at its original time', async () => {
    expect(first.proposals).toBe(PROPOSALS + 1);
    const proposals = await query<{ status_id: number; n: string }>(
      target.url,
      'SELECT status_id, count(*) AS n FROM proposals WHERE call_id = 1 GROUP BY status_id ORDER BY status_id',
    );
    // the staff table's totals per status are the source's (the deleted user's proposal included, in SCHEDULING)
    expect(proposals.map((r) => [r.status_id, Number(r.n)])).toEqual([
      [1, PROPOSAL_COUNT_ODD],
      [2, PROPOSALS / 2],
      [8, 1],
    ]);
    const p1 = await query<{
      type: string;
      created_at: Date;
      actor: string | null;
      data: Record<string, unknown>;
    }>(
      target.url,
      `SELECT type, created_at, metadata->>'actorId' AS actor, data FROM events WHERE stream_id = 'proposal-2'
        ORDER BY stream_version`,
    );
    expect(p1.map((e) => e.type)).toEqual(['ProposalCreated', 'ProposalSubmitted', 'ProposalStatusChanged']);
    expect(p1[0].created_at.toISOString()).toBe('2019-03-01T00:02:00.000Z');
    expect(p1[0].actor).toBe('2');
    expect(p1[0].data).toMatchObject({ proposalPk: 2, proposalId: '000002', callId: 1 });
    expect(p1[2].data).toMatchObject({
      statusId: 2,
      previousStatusId: 1,
      changedBy: 'workflow',
      connectionId: 2,
    });
    const answers = await query<{ data: { answers: { questionId: string; value: unknown }[] } }>(
      target.url,
      `SELECT data FROM events WHERE stream_id = 'questionary-1' AND type = 'TopicAnswered' ORDER BY stream_version`,
    );
    const values = Object.fromEntries(
      answers.flatMap((e) => e.data.answers.map((a) => [a.questionId, a.value])),
    );
    expect(values).toMatchObject({
      q_1: 'Answer 1 of 1',
      q_6: 'Answer 6 of 1',
      q_bool: true,
      q_rich: AWKWARD.rich,
    });
    const invite = await query<{ email: string }>(
      target.url,
      'SELECT email FROM proposal_invites WHERE proposal_pk = 1',
    );
    expect(invite).toEqual([{ email: 'friend@uoc.test' }]);
    const members = await query<{ user_id: number }>(
      target.url,
      'SELECT user_id FROM proposal_users WHERE proposal_pk = 5',
    );
    expect(members).toEqual([{ user_id: 3 }]);
    const review = await query<{ type: string }>(
      target.url,
      `SELECT type FROM events WHERE stream_id = 'proposal-assessment-2' ORDER BY stream_version`,
    );
    expect(review.map((r) => r.type)).toEqual([
      'ProposalInstrumentsAssigned',
      'TechnicalReviewSaved',
      'TechnicalReviewSubmitted',
    ]);
    const user = await query<{ oidc_sub: string }>(target.url, 'SELECT oidc_sub FROM users WHERE id = 2');
    expect(user).toEqual([{ oidc_sub: 'uoc-sub-pi' }]);
    // ids continue after UOC's
    const seq = await query<{ last_value: string }>(target.url, 'SELECT last_value FROM proposal_pk_seq');
    expect(Number(seq[0].last_value)).toBe(900001);
  });

  test('the awkward rows are in the report with their source row and reason, and the import went on', () => {
    for (const { kind, row, reason } of [
      AWKWARD.deletedUser,
      AWKWARD.removedQuestion,
      AWKWARD.missingDependency,
      AWKWARD.unknownType,
      AWKWARD.unreachableStatus,
    ]) {
      expect(
        first.problems.filter(
          (p) => p.kind === kind && p.sourceRow.includes(row) && p.reason.includes(reason),
        ),
      ).toHaveLength(1);
    }
  });

  test('a second run imports nothing and says so', async () => {
    const before = await history(target.url);
    const again = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: target.url } });
    expect(again.nothingNew).toBe(true);
    expect(again.events).toBe(0);
    expect(await history(target.url)).toEqual(before);
  }, 30_000);

  test('a run killed with SIGKILL midway, run again, holds every record exactly once', async () => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', 'scripts/import-uoc.ts', '--source', source.url, '--batch', '10'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: killed.url, UOC_IMPORT_PAUSE_MS: '200', NODE_OPTIONS: '' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => child.on('exit', r));
    // killed once a few batches are committed
    for (let i = 0; i < 400; i++) {
      const cp = await query<{ last_key: string }>(
        killed.url,
        `SELECT last_key FROM uoc_import_checkpoints WHERE kind = 'proposals'`,
      ).catch(() => []);
      if (cp.length > 0 && Number(cp[0].last_key) >= 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    await exited;
    const partial = await query<{ n: string }>(killed.url, 'SELECT count(*) AS n FROM proposals');
    expect(Number(partial[0].n)).toBeGreaterThan(0);
    expect(Number(partial[0].n)).toBeLessThan(PROPOSALS);
    const resumed = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: killed.url } });
    expect(resumed.events).toBeGreaterThan(0);
    expect(await history(killed.url)).toEqual(await history(target.url));
  }, 60_000);
});

const PROPOSAL_COUNT_ODD = PROPOSALS / 2;
