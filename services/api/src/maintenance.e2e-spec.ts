import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createTestApp } from '../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database';
import { pgDemoTemplate } from '../test/support/test-templates';
import { rebuildProjections, verified, verifyProjections } from './maintenance';
import { DemoSeeder } from './modules/demo-seed';
import { DEMO_CALL_SHORT_CODE, DEMO_SUBMITTED_PROPOSALS } from './modules/demo-seed/domain/demo-content';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');

describe('npm run projections:rebuild', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('rebuild');
  });
  afterAll(() => db.drop());

  const snapshot = async () => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    const tables: Record<string, unknown[]> = {};
    for (const t of ['settings', 'features', 'event_logs'])
      tables[t] = (await c.query(`SELECT * FROM ${t} ORDER BY 1`)).rows;
    const cps = (await c.query('SELECT name, position FROM projection_checkpoints ORDER BY name')).rows;
    await c.end();
    return { tables, cps };
  };

  it('replays every projection from zero into tables equal to the live ones', async () => {
    const t = await createTestApp({ database: db });
    const officer = t.token();
    for (const [settingsId, settingsValue] of [
      ['DATE_FORMAT', 'yyyy-MM-dd'],
      ['ORGANISATION_NAME', 'Neutron Source'],
      ['DATE_FORMAT', 'dd.MM.yyyy'],
    ]) {
      const res = await t.gql(
        'mutation($i: UpdateSettingsInput!) { updateSettings(input: $i) { id } }',
        { i: { settingsId, settingsValue } },
        officer,
      );
      expect(res.errors).toBeUndefined();
    }
    await t.gql(
      'mutation { updateFeatures(input: { featureIds: [SHIPPING, SCHEDULER], action: DISABLE }) { id } }',
      {},
      officer,
    );
    await t.projections.waitFor(await headOf(db.url));
    await t.close();

    const live = await snapshot();
    const events = await headOf(db.url); // the settings changes, and the default units seeded at start
    expect(live.tables.event_logs).toHaveLength(events);

    const { stdout } = await run(
      process.execPath,
      ['-r', '@swc-node/register', join(ROOT, 'scripts', 'projections-rebuild.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          REDIS_URL: '',
          DATA_DIR: 'memory://',
          LOG_LEVEL: 'warn',
          NODE_OPTIONS: '',
        },
      },
    );
    expect(stdout).toContain(`rebuilt event_logs: ${events} events`);
    expect(stdout).toMatch(/rebuilt settings: 5 events/);
    expect(await snapshot()).toEqual(live);

    // and again (the command's own function, in this process): a rebuild can run any number of times in a row
    const again = await rebuildProjections(['settings', 'event_logs'], maintenanceConfig(db.url));
    expect(again.map((r) => [r.name, r.events])).toEqual([
      ['settings', 5],
      ['event_logs', events],
    ]);
    expect(await snapshot()).toEqual(live);
  }, 120_000);

  const cli = (script: string, args: string[], databaseUrl: string) =>
    run(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
    });

  it('verifies the demo data: every table equals its replay; a tampered row is printed and exits 1, changing nothing', async () => {
    // the demo as the run's demo template holds it (seeded once a run by the same seeder), else seeded here
    const demo = await createTestDatabase('verify', { template: pgDemoTemplate() });
    try {
      await verifiesTheDemo(demo);
    } finally {
      await demo.drop();
    }
  }, 120_000);

  async function verifiesTheDemo(demo: TestDatabase): Promise<void> {
    const t = await createTestApp({ database: demo });
    if (!pgDemoTemplate()) await t.app.get(DemoSeeder).seed();
    await t.projections.waitFor(await headOf(demo.url));
    await t.close();

    const results = await verifyProjections([], maintenanceConfig(demo.url));
    expect(results.filter((r) => !verified(r))).toEqual([]);
    expect(results.find((r) => r.name === 'templates')?.tables.every((x) => x.liveRows > 0)).toBe(true);

    const c = new Client({ connectionString: demo.url });
    await c.connect();
    await c.query(`UPDATE calls SET proposal_count = 42 WHERE short_code = $1`, [DEMO_CALL_SHORT_CODE]);
    const failed = await cli('projections-verify.ts', ['calls', 'settings'], demo.url).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(
      /^settings: \d+ events up to position \d+ in [\d.]+ s \(\d+ events\/s\): equal/m,
    );
    expect(failed?.stdout).toMatch(/^calls: .*: DIFFERS$/m);
    expect(failed?.stdout).toMatch(
      /^ {2}calls: \d+ rows live, \d+ replayed; 1 only in live, 1 only in the replay$/m,
    );
    expect(failed?.stdout).toMatch(
      new RegExp(
        `^ {4}call_id=\\d+ differs: proposal_count 42 live, ${DEMO_SUBMITTED_PROPOSALS.length} replayed$`,
        'm',
      ),
    );
    expect(failed?.stdout).toContain('Verified 2 projection(s): calls differ(s) from the events');
    const count = await c.query('SELECT proposal_count FROM calls WHERE short_code = $1', [
      DEMO_CALL_SHORT_CODE,
    ]);
    expect(count.rows).toEqual([{ proposal_count: 42 }]);
    await c.end();
  }
});

const maintenanceConfig = (databaseUrl: string) => ({
  databaseUrl,
  dataDir: 'memory://',
  redisUrl: null,
  eventStoreUrl: null,
  logLevel: 'warn',
});

async function headOf(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ p: string }>('SELECT coalesce(max(position), 0) AS p FROM events');
  await c.end();
  return Number(r.rows[0].p);
}
