import { PgSqlClient } from '../database/pg-sql-client';
import { createTestDatabase } from '../../../test/support/test-database';
import { openTestPglite } from '../../../test/support/test-templates';
import { describeEventStoreContract } from './event-store.contract';
import { KurrentEventStore, kurrentUnavailableReason } from './kurrent-event-store';
import { ConcurrencyError } from './event-store.port';
import { APPEND_LOCK_KEY, SqlEventStore } from './sql-event-store';

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

describe('PostgreSQL: the next group-committed transaction waits for the append lock inside PostgreSQL', () => {
  const metadata = { actorId: null, impersonatorId: null, correlationId: 't', causationId: null };

  test('appends that arrive while it waits for the lock share it; each keeps its own expected version', async () => {
    const db = await createTestDatabase('es_group');
    const sql = await PgSqlClient.connect(db.url, 6);
    const other = await PgSqlClient.connect(db.url, 2);
    await SqlEventStore.migrate(sql);
    const store = new SqlEventStore(sql);
    try {
      await store.append('group-d', [{ type: 'D', data: {} }], { expectedVersion: 'no_stream', metadata });
      // another process holds the append lock
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = other.transaction(
        async () => {
          locked();
          await held;
        },
        { opening: `SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})` },
      );
      await isLocked;
      const first = store.append('group-a', [{ type: 'A', data: { n: 1 } }], {
        expectedVersion: 'no_stream',
        metadata,
      });
      // the first append's transaction is waiting for the lock in PostgreSQL: the others arrive meanwhile
      const deadline = Date.now() + 5000;
      const waiting = async () =>
        Number(
          (
            await other.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${APPEND_LOCK_KEY} AND NOT granted`,
            )
          ).rows[0].n,
        );
      while ((await waiting()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      const later = [
        store.append('group-b', [{ type: 'B', data: {} }], { expectedVersion: 'no_stream', metadata }),
        store.append(
          'group-c',
          [
            { type: 'C', data: {} },
            { type: 'C', data: {} },
          ],
          { expectedVersion: 'no_stream', metadata },
        ),
        // refused alone: group-d is at version 1
        store.append('group-d', [{ type: 'D', data: {} }], { expectedVersion: 0, metadata }),
      ];
      release();
      await holder;
      const settled = await Promise.allSettled([first, ...later]);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
      expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      // one transaction carried the three that held
      const txs = await sql.query<{ stream_id: string; tx: string }>(
        `SELECT stream_id, xmin::text AS tx FROM events WHERE stream_id IN ('group-a', 'group-b', 'group-c')`,
      );
      expect(txs.rows).toHaveLength(4);
      expect(new Set(txs.rows.map((r) => r.tx)).size).toBe(1);
      expect(await store.readStream('group-d')).toHaveLength(1);
    } finally {
      await store.close();
      await Promise.all([sql.close(), other.close()]);
      await db.drop();
    }
  });
});
