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
