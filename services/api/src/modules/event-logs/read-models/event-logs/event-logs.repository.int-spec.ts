/**
 * The event logs' repository contract on both stores: PostgreSQL (EventLogsProjection) and MongoDB (FerretDB here:
 * TEST_MONGO_URL, a database of this file's own), built from the same events.
 */
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database';
import { testMongoDatabase } from '../../../../../test/support/test-mongo';
import { PgSqlClient } from '../../../../platform/database/pg-sql-client';
import type { EventMetadata } from '../../../../platform/event-store/event-store.port';
import { SqlEventStore } from '../../../../platform/event-store/sql-event-store';
import { ProjectionRunner } from '../../../../platform/projections/projection-runner';
import { MongoProjectionRunner } from '../../../../platform/read-models-mongo/mongo-projection-runner';
import { MongoReadModels } from '../../../../platform/read-models-mongo/mongo-read-models';
import { EventLogsMongoProjection, MongoEventLogsRepository } from './event-logs.mongo';
import { EVENT_LOGS_PROJECTION, EventLogsProjection } from './event-logs.projection';
import { SqlEventLogsRepository, type EventLogsRepository } from './event-logs.repository';

const stores = ['postgres', 'mongo'] as const;
type Store = (typeof stores)[number];

let db: TestDatabase;
let sql: PgSqlClient;
let eventStore: SqlEventStore;
let sqlRunner: ProjectionRunner;
let mongoDb: ReturnType<typeof testMongoDatabase>;
let mongo: MongoReadModels;
let mongoRunner: MongoProjectionRunner;
const repositories = {} as Record<Store, EventLogsRepository>;
const by = (actorId: number | null, impersonatorId: number | null = null): EventMetadata => ({
  actorId,
  impersonatorId,
  correlationId: 'c',
  causationId: null,
});

beforeAll(async () => {
  db = await createTestDatabase('logs_contract');
  sql = await PgSqlClient.connect(db.url);
  await SqlEventStore.migrate(sql);
  eventStore = new SqlEventStore(sql);
  sqlRunner = new ProjectionRunner(sql, eventStore, [new EventLogsProjection()]);
  await sqlRunner.initialize();
  mongoDb = testMongoDatabase('logs_contract');
  mongo = MongoReadModels.open(mongoDb.url);
  mongoRunner = new MongoProjectionRunner(mongo, eventStore, [new EventLogsMongoProjection()]);
  await mongoRunner.initialize();
  for (let i = 1; i <= 6; i++)
    await eventStore.append(
      `settings-facility`,
      [
        {
          type: 'SettingUpdated',
          data: {
            settingsId: `S${i % 2}`,
            settingsValue: `v${i}`,
            previousValue: null,
            zeta: { b: 1, a: [1, { yy: 2, x: 3 }] },
          },
        },
      ],
      { expectedVersion: 'any', metadata: by(i % 3 === 0 ? null : 7, i === 4 ? 3 : null) },
    );
  await eventStore.append('proposal-12', [{ type: 'SomethingHappened', data: {} }], {
    expectedVersion: 'any',
    metadata: by(5),
  });
  sqlRunner.start();
  mongoRunner.start();
  const head = await eventStore.headPosition();
  await Promise.all([
    sqlRunner.waitFor(head, [EVENT_LOGS_PROJECTION]),
    mongoRunner.waitFor(head, [EVENT_LOGS_PROJECTION]),
  ]);
  repositories.postgres = new SqlEventLogsRepository(sql);
  repositories.mongo = new MongoEventLogsRepository(mongo);
});

afterAll(async () => {
  await mongoRunner?.stop();
  await sqlRunner?.stop();
  await mongo?.close();
  await mongoDb?.drop();
  await eventStore?.close();
  await sql?.close();
  await db?.drop();
});

describe.each(stores)('event logs repository (%s)', (store) => {
  const find = (filter: Parameters<EventLogsRepository['find']>[0]) => repositories[store].find(filter);

  it('lists every event oldest first, with who, when, what and the payload', async () => {
    const rows = await find({});
    expect(rows.map((r) => r.eventType)).toEqual([...Array(6).fill('SettingUpdated'), 'SomethingHappened']);
    expect(rows[3]).toMatchObject({
      objectType: 'settings',
      changedById: 7,
      impersonatedById: 3,
      changedObjectId: 'S0',
    });
    expect(rows[2].changedById).toBeNull();
    expect(rows[0].eventTStamp).toBeInstanceOf(Date);
    expect(rows[6]).toMatchObject({ objectType: 'proposal', changedObjectId: '12' });
  });

  it('filters by changed object id and by event or object type, case-insensitive, and keeps the newest `limit`', async () => {
    expect((await find({ changedObjectId: 'S1' })).map((r) => r.id)).toHaveLength(3);
    expect(await find({ eventType: 'settingupdated' })).toHaveLength(6);
    expect(await find({ eventType: 'PROPOSAL' })).toHaveLength(1);
    expect(
      (await find({ changedObjectId: 'S0', eventType: 'Settings' })).map((r) => r.changedObjectId),
    ).toEqual(['S0', 'S0', 'S0']);
    const newest = await find({ limit: 2 });
    expect(newest.map((r) => r.eventType)).toEqual(['SettingUpdated', 'SomethingHappened']);
    expect(await find({ changedObjectId: 'nothing' })).toEqual([]);
  });

  it("filters by the changed object's kind and by the proposal a row belongs to", async () => {
    expect(await find({ objectType: 'SETTINGS' })).toHaveLength(6);
    expect((await find({ proposalPk: 12 })).map((r) => [r.eventType, r.proposalPk])).toEqual([
      ['SomethingHappened', 12],
    ]);
    expect(await find({ proposalPk: 13 })).toEqual([]);
    expect((await find({ objectType: 'settings', changedObjectId: 'S1' })).map((r) => r.proposalPk)).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('both stores answer the same', () => {
  it('row for row, the payload text included', async () => {
    for (const filter of [
      {},
      { changedObjectId: 'S0' },
      { eventType: 'proposal' },
      { objectType: 'proposal' },
      { proposalPk: 12 },
      { limit: 3 },
    ]) {
      const [a, b] = await Promise.all(stores.map((s) => repositories[s].find(filter)));
      expect(b).toEqual(a);
    }
  });
});
