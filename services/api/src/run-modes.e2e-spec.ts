import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database';
import { pgTemplate } from '../test/support/test-templates';
import { EVENT_LOGS_PROJECTION } from './modules/event-logs';
import type { EventStore } from './platform/event-store/event-store.port';
import { EVENT_STORE } from './platform/tokens';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');

describe('run modes: api and projector as separate processes on one database', () => {
  let db: TestDatabase;
  let api: TestApp;
  let projector: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase('modes', { template: pgTemplate() });
    api = await createTestApp({ database: db, config: { mode: 'api' } });
    projector = await createTestApp({ database: db, config: { mode: 'projector' } });
  });
  afterAll(async () => {
    await api.close();
    await projector.close();
    await db.drop();
  });

  it('serves GraphQL only in api mode, and health everywhere', async () => {
    expect((await projector.http().post('/graphql').send({ query: '{ getSettings { id } }' })).status).toBe(
      404,
    );
    expect((await projector.http().get('/ready')).status).toBe(200);
    expect((await api.gql('{ getSettings { id } }')).errors).toBeUndefined();
  });

  it('an event appended by the api reaches the async projection run by the projector (NOTIFY, then read-your-writes)', async () => {
    const officer = api.token();
    const res = await api.gql(
      'mutation { updateSettings(input: { settingsId: ORGANISATION_NAME, settingsValue: "Lab" }) { id } }',
      {},
      officer,
    );
    expect(res.errors).toBeUndefined();
    const started = Date.now();
    // the api process does not run the projection: waitFor polls the checkpoint the projector writes
    await api.projections.waitFor(await api.app.get<EventStore>(EVENT_STORE).headPosition(), [
      EVENT_LOGS_PROJECTION,
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    const logs = await api.gql<{ getEventLogs: { changedObjectId: string }[] }>(
      '{ getEventLogs(eventType: "SettingUpdated") { changedObjectId } }',
      {},
      officer,
    );
    expect(logs.data?.getEventLogs).toEqual([{ changedObjectId: 'ORGANISATION_NAME' }]);
  });
});

describe('a missing service', () => {
  const start = (env: Record<string, string>) =>
    run(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'services', 'api', 'src', 'main.ts')], {
      cwd: ROOT,
      // every port free ones (0): a product running on the default ports (4000, 4001, 1025, 8025) must not matter
      env: {
        ...process.env,
        DATA_DIR: 'memory://',
        PORT: '0',
        DEV_IDP_PORT: '0',
        DEV_SMTP_PORT: '0',
        DEV_MAIL_PORT: '0',
        LOG_LEVEL: 'fatal',
        NODE_OPTIONS: '',
        ...env,
      },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('is named with the command that starts it, without a stack trace', async () => {
    const pg = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(pg.code).toBe(1);
    expect(pg.stderr).toMatch(
      /PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/none .*pg_ctlcluster/s,
    );
    expect(pg.stderr).not.toMatch(/\n\s+at /);

    const redis = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(redis.code).toBe(1);
    expect(redis.stderr).toMatch(/Redis is not reachable at redis:\/\/127\.0\.0\.1:1 .*redis-server/s);
    expect(redis.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
