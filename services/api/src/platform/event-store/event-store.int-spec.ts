import { PgSqlClient } from '../database/pg-sql-client';
import { createTestDatabase } from '../../../test/support/test-database';
import { openTestPglite } from '../../../test/support/test-templates';
import { describeEventStoreContract } from './event-store.contract';
import { KurrentEventStore, kurrentUnavailableReason } from './kurrent-event-store';
import { ConcurrencyError, type AppendResult } from './event-store.port';
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

describe('PostgreSQL: group-committed appends', () => {
  const metadata = { actorId: null, impersonatorId: null, correlationId: 't', causationId: null };

  /**
   * A store, and a way to make appends arrive together: `together(first, later)` holds the append lock from another
   * connection, starts `first` (its transaction waits for the lock inside PostgreSQL), then `later` while it waits,
   * and lets the lock go; each append's outcome, in order.
   */
  async function withGroupedStore(
    body: (
      store: SqlEventStore,
      sql: PgSqlClient,
      together: (
        first: () => Promise<AppendResult>,
        later: () => Promise<AppendResult>[],
      ) => Promise<PromiseSettledResult<AppendResult>[]>,
    ) => Promise<void>,
  ): Promise<void> {
    const db = await createTestDatabase('es_group');
    const sql = await PgSqlClient.connect(db.url, 6);
    const other = await PgSqlClient.connect(db.url, 2);
    await SqlEventStore.migrate(sql);
    const store = new SqlEventStore(sql);
    const waitingForLock = async () =>
      Number(
        (
          await other.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${APPEND_LOCK_KEY} AND NOT granted`,
          )
        ).rows[0].n,
      );
    const together = async (first: () => Promise<AppendResult>, later: () => Promise<AppendResult>[]) => {
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
      const firstAppend = first();
      const deadline = Date.now() + 5000;
      while ((await waitingForLock()) === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const laterAppends = later();
      release();
      await holder;
      return Promise.allSettled([firstAppend, ...laterAppends]);
    };
    try {
      await body(store, sql, together);
    } finally {
      await store.close();
      await Promise.all([sql.close(), other.close()]);
      await db.drop();
    }
  }

  test('the next transaction waits for the lock inside PostgreSQL: appends that arrive meanwhile share it', async () => {
    await withGroupedStore(async (store, sql, together) => {
      await store.append('group-d', [{ type: 'D', data: {} }], { expectedVersion: 'no_stream', metadata });
      const settled = await together(
        () =>
          store.append('group-a', [{ type: 'A', data: { n: 1 } }], {
            expectedVersion: 'no_stream',
            metadata,
          }),
        () => [
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
        ],
      );
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
      expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      // one transaction carried the three that held
      const txs = await sql.query<{ stream_id: string; tx: string }>(
        `SELECT stream_id, xmin::text AS tx FROM events WHERE stream_id IN ('group-a', 'group-b', 'group-c')`,
      );
      expect(txs.rows).toHaveLength(4);
      expect(new Set(txs.rows.map((r) => r.tx)).size).toBe(1);
      expect(await store.readStream('group-d')).toHaveLength(1);
    });
  });

  test('in one group, each expected version is checked on its own; the events are those a read gives', async () => {
    await withGroupedStore(async (store, _sql, together) => {
      for (const id of ['g-existing', 'g-exact', 'g-stale', 'g-exists'])
        await store.append(id, [{ type: 'Seed', data: {} }], { expectedVersion: 'any', metadata });
      const at = new Date('2031-01-02T03:04:05.000Z');
      const settled = await together(
        () =>
          store.append('g-new', [{ type: 'New', data: { a: [1, 'x'] } }], {
            expectedVersion: 'no_stream',
            metadata,
          }),
        () => [
          store.append('g-existing', [{ type: 'X', data: {} }], { expectedVersion: 'no_stream', metadata }),
          store.append('g-missing', [{ type: 'X', data: {} }], {
            expectedVersion: 'stream_exists',
            metadata,
          }),
          store.append('g-exists', [{ type: 'Exists', data: {} }], {
            expectedVersion: 'stream_exists',
            metadata,
          }),
          store.append(
            'g-exact',
            [
              { type: 'Exact', data: { n: 1 }, createdAt: at },
              { type: 'Exact', data: { n: 2 } },
            ],
            { expectedVersion: 1, metadata: { ...metadata, actorId: 7 } },
          ),
          store.append('g-stale', [{ type: 'X', data: {} }], { expectedVersion: 0, metadata }),
          store.append('g-any', [{ type: 'Any', data: null }], { expectedVersion: 'any', metadata }),
        ],
      );
      expect(settled.map((s) => s.status)).toEqual([
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const errors = [1, 2, 5].map((i) => (settled[i] as PromiseRejectedResult).reason as ConcurrencyError);
      for (const error of errors) expect(error).toBeInstanceOf(ConcurrencyError);
      expect(errors.map((e) => e.message)).toEqual([
        expect.stringContaining('g-existing'),
        expect.stringContaining('g-missing'),
        expect.stringContaining('g-stale'),
      ]);
      const results = [0, 3, 4, 6].map((i) => (settled[i] as PromiseFulfilledResult<AppendResult>).value);
      expect(results.map((r) => r.nextVersion)).toEqual([1, 2, 3, 1]);
      // positions follow the order the appends arrived in
      const positions = results.flatMap((r) => r.events.map((e) => e.position));
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const [stream, result] of [
        ['g-new', results[0]],
        ['g-exists', results[1]],
        ['g-exact', results[2]],
        ['g-any', results[3]],
      ] as const) {
        const read = await store.readStream(stream);
        expect(result.events).toEqual(read.slice(read.length - result.events.length));
      }
      const exact = results[2].events;
      expect(exact.map((e) => [e.version, e.data, e.metadata.actorId])).toEqual([
        [2, { n: 1 }, 7],
        [3, { n: 2 }, 7],
      ]);
      expect(exact[0].createdAt.toISOString()).toBe(at.toISOString());
      for (const id of ['g-existing', 'g-stale']) expect(await store.readStream(id)).toHaveLength(1);
      expect(await store.readStream('g-missing')).toHaveLength(0);
    });
  });
});
