import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createTestApp } from '../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database';

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
  }, 120_000);
});

async function headOf(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ p: string }>('SELECT coalesce(max(position), 0) AS p FROM events');
  await c.end();
  return Number(r.rows[0].p);
}
