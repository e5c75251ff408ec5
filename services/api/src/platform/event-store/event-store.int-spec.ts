import { PgSqlClient } from '../database/pg-sql-client';
import { createTestDatabase } from '../../../test/support/test-database';
import { openTestPglite } from '../../../test/support/test-templates';
import { describeEventStoreContract } from './event-store.contract';
import { KurrentEventStore, kurrentUnavailableReason } from './kurrent-event-store';
import { SqlEventStore } from './sql-event-store';

describeEventStoreContract('PostgreSQL', {
  unavailable: null,
  setup: async () => {
    const db = await createTestDatabase('es');
    const sql = await PgSqlClient.connect(db.url, 12);
    await SqlEventStore.migrate(sql);
    const store = new SqlEventStore(sql);
    return {
      store,
      teardown: async () => {
        await store.close();
        await sql.close();
        await db.drop();
      },
    };
  },
});

describeEventStoreContract('PGlite', {
  unavailable: null,
  setup: async () => {
    const pglite = await openTestPglite();
    await SqlEventStore.migrate(pglite.sql);
    const store = new SqlEventStore(pglite.sql);
    return {
      store,
      teardown: async () => {
        await store.close();
        await pglite.close();
      },
    };
  },
});

describeEventStoreContract('KurrentDB', {
  unavailable: kurrentUnavailableReason(),
  setup: async () => {
    const store = await KurrentEventStore.connect(process.env.EVENTSTORE_URL as string);
    return { store, teardown: () => store.close() };
  },
});

describe('PostgreSQL: another process hears every append, with its position', () => {
  test('a single append and a multi-stream appendMany each wake the other store by NOTIFY', async () => {
    const db = await createTestDatabase('es_notify');
    const [sqlA, sqlB] = await Promise.all([PgSqlClient.connect(db.url, 2), PgSqlClient.connect(db.url, 2)]);
    await SqlEventStore.migrate(sqlA);
    const [a, b] = [new SqlEventStore(sqlA), new SqlEventStore(sqlB)];
    try {
      const heard: (number | undefined)[] = [];
      b.onAppended((position) => heard.push(position));
      // the LISTEN connection opens in the background: wait until it hears a first append
      const until = async (position: number) => {
        const deadline = Date.now() + 5000;
        while (!heard.includes(position) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
        expect(heard).toContain(position);
      };
      let single = await a.append('notify-1', [{ type: 'A', data: {} }], {
        expectedVersion: 'any',
        metadata: { actorId: null, impersonatorId: null, correlationId: 't', causationId: null },
      });
      for (let i = 0; i < 100 && !heard.length; i++) {
        await new Promise((r) => setTimeout(r, 50));
        single = await a.append('notify-1', [{ type: 'A', data: {} }], {
          expectedVersion: 'any',
          metadata: { actorId: null, impersonatorId: null, correlationId: 't', causationId: null },
        });
      }
      await until(single.position);
      const many = await a.appendMany(
        [
          { streamId: 'notify-2', expectedVersion: 'no_stream', events: [{ type: 'B', data: {} }] },
          { streamId: 'notify-3', expectedVersion: 'no_stream', events: [{ type: 'C', data: {} }] },
        ],
        { metadata: { actorId: null, impersonatorId: null, correlationId: 't', causationId: null } },
      );
      await until(Math.max(...many.map((r) => r.position)));
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([sqlA.close(), sqlB.close()]);
      await db.drop();
    }
  });
});
