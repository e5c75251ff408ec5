import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../../../test/support/test-database';
import { openTestPglite } from '../../../test/support/test-templates';
import { PgSqlClient } from '../database/pg-sql-client';
import type { SqlClient, SqlExecutor } from '../database/sql-client';
import type { EventMetadata, StoredEvent } from '../event-store/event-store.port';
import { SqlEventStore } from '../event-store/sql-event-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

const metadata: EventMetadata = { actorId: 1, impersonatorId: null, correlationId: 'c', causationId: null };

/** counts events per stream; throws on a Poison event */
function counter(name: string, mode: 'inline' | 'async', version = 1, weight = 1): Projection {
  return {
    name,
    version,
    mode,
    eventTypes: ['Counted', 'Poison'],
    tables: [
      {
        name: `${name}_rows`,
        ddl: (t) => [
          `CREATE TABLE ${t} (stream_id text PRIMARY KEY, total integer NOT NULL, last_position bigint NOT NULL)`,
        ],
      },
    ],
    async apply(tx: SqlExecutor, event: StoredEvent, tables) {
      if (event.type === 'Poison') throw new Error('cannot digest Poison');
      await tx.query(
        `INSERT INTO ${tables[`${name}_rows`]} (stream_id, total, last_position) VALUES ($1, $2, $3)
         ON CONFLICT (stream_id) DO UPDATE SET total = ${tables[`${name}_rows`]}.total + $2, last_position = $3`,
        [event.streamId, weight, event.position],
      );
    },
  };
}

/**
 * one row per event: a duplicate application would violate the primary key. `byInsert`: the batch as one insert
 * (`batchInsert`), so the projector moves its checkpoint and writes in one statement
 */
function ledgerOf(name: string, byInsert: boolean): Projection {
  const table = `${name}_rows`;
  const insert = (
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
    guard: string,
  ) => ({
    text: `INSERT INTO ${tables[table]} (position, type) SELECT p, t FROM unnest($1::bigint[], $2::text[]) AS u(p, t) WHERE ${guard}`,
    params: [events.map((e) => e.position), events.map((e) => e.type)],
  });
  return {
    name,
    version: 1,
    mode: 'async',
    eventTypes: 'all',
    tables: [
      { name: table, ddl: (t) => [`CREATE TABLE ${t} (position bigint PRIMARY KEY, type text NOT NULL)`] },
    ],
    async apply(tx, event, tables) {
      const { text, params } = insert([event], tables, 'true');
      await tx.query(text, params);
    },
    ...(byInsert ? { batchInsert: insert } : {}),
  };
}
const ledger = ledgerOf('ledger', false);
const ledgerByInsert = ledgerOf('ledger_insert', true);

const snapshot = async (sql: SqlClient, table: string) =>
  (await sql.query(`SELECT * FROM ${table} ORDER BY 1`)).rows.map((r) => JSON.stringify(r));

const backends = {
  postgres: async () => {
    const db = await createTestDatabase('proj');
    const open = () => PgSqlClient.connect(db.url, 6);
    return { sql: await open(), open, remove: db.drop };
  },
  pglite: async () => {
    // a copy of the run's initialised PGlite: each test skips initdb (seconds)
    const pglite = await openTestPglite();
    return { sql: pglite.sql, open: null, remove: pglite.close };
  },
};

describe.each(Object.keys(backends) as (keyof typeof backends)[])('projection runner on %s', (backend) => {
  let sql: SqlClient;
  let store: SqlEventStore;
  let remove: () => Promise<void>;
  let openAnother: (() => Promise<SqlClient>) | null;
  const runners: ProjectionRunner[] = [];

  const runner = async (projections: Projection[], start = true, on: SqlClient = sql, events = store) => {
    const r = new ProjectionRunner(on, events, projections);
    await r.initialize();
    if (start) r.start();
    runners.push(r);
    return r;
  };
  const append = (streamId: string, types: string[]) =>
    store.append(
      streamId,
      types.map((type) => ({ type, data: { n: Math.random() } })),
      { expectedVersion: 'any', metadata },
    );

  beforeEach(async () => {
    ({ sql, remove, open: openAnother } = await backends[backend]());
    await SqlEventStore.migrate(sql);
    store = new SqlEventStore(sql);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
    await sql.close();
    await remove();
  });

  it('applies inline projections in the append transaction: the row is there when append returns', async () => {
    await runner([counter('inl', 'inline')]);
    const { position } = await append('s-1', ['Counted', 'Counted']);
    expect((await sql.query('SELECT total, last_position FROM inl_rows')).rows).toEqual([
      { total: 2, last_position: backend === 'postgres' ? String(position) : position },
    ]);
    const cp = await sql.query<{ position: string | number }>(
      `SELECT position FROM projection_checkpoints WHERE name = 'inl'`,
    );
    expect(Number(cp.rows[0].position)).toBe(position);
  });

  it('rolls the append back when an inline projection fails: no event without its read model', async () => {
    await runner([counter('inl', 'inline')]);
    await expect(append('s-2', ['Counted', 'Poison'])).rejects.toThrow('cannot digest Poison');
    expect(await store.readStream('s-2')).toEqual([]);
    expect((await sql.query('SELECT * FROM inl_rows')).rows).toEqual([]);
  });

  it('isolates a failing append from the appends group-committed with it', async () => {
    await runner([counter('inl', 'inline')]);
    const outcomes = await Promise.allSettled([
      append('g-1', ['Counted']),
      append('g-2', ['Poison']),
      append('g-3', ['Counted', 'Counted']),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await sql.query('SELECT stream_id, total FROM inl_rows ORDER BY 1')).rows).toEqual([
      { stream_id: 'g-1', total: 1 },
      { stream_id: 'g-3', total: 2 },
    ]);
    expect(await store.readStream('g-2')).toEqual([]);
  });

  it('catches async projections up and serves read-your-writes through waitFor', async () => {
    const r = await runner([counter('asy', 'async')]);
    const { position } = await append('s-3', ['Counted', 'Counted', 'Counted']);
    await r.waitFor(position, ['asy']);
    expect((await sql.query('SELECT total FROM asy_rows')).rows).toEqual([{ total: 3 }]);
    expect(r.status().find((s) => s.name === 'asy')?.position).toBeGreaterThanOrEqual(position);
  });

  it('writes rows and checkpoint in one transaction: a failing batch leaves neither', async () => {
    const r = await runner([counter('asy', 'async')], false);
    await append('s-4', ['Counted']);
    await append('s-4', ['Poison']);
    r.start();
    const deadline = Date.now() + 5000;
    while (!r.status()[0].lastError && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    expect(r.status()[0].lastError).toBe('cannot digest Poison');
    expect((await sql.query('SELECT * FROM asy_rows')).rows).toEqual([]);
    const cp = await sql.query<{ position: string | number }>(
      `SELECT position FROM projection_checkpoints WHERE name = 'asy'`,
    );
    expect(Number(cp.rows[0].position)).toBe(0);
  });

  it('rebuilds inline and async projections into tables equal to the live ones', async () => {
    const r = await runner([counter('inl', 'inline'), counter('asy', 'async'), ledger]);
    for (let i = 0; i < 60; i++)
      await append(`s-${i % 7}`, i % 5 === 0 ? ['Counted', 'Other', 'Counted'] : ['Counted']);
    const head = await store.headPosition();
    await r.waitFor(head);
    const live = {
      inl: await snapshot(sql, 'inl_rows'),
      asy: await snapshot(sql, 'asy_rows'),
      ledger: await snapshot(sql, 'ledger_rows'),
    };
    expect(live.ledger).toHaveLength(head);

    for (const name of ['inl', 'asy', 'ledger']) await r.rebuild(name);
    expect({
      inl: await snapshot(sql, 'inl_rows'),
      asy: await snapshot(sql, 'asy_rows'),
      ledger: await snapshot(sql, 'ledger_rows'),
    }).toEqual(live);

    // still live after the swap
    const { position } = await append('s-0', ['Counted']);
    await r.waitFor(position);
    expect((await sql.query(`SELECT total FROM inl_rows WHERE stream_id = 's-0'`)).rows).toEqual(
      (await sql.query(`SELECT total FROM asy_rows WHERE stream_id = 's-0'`)).rows,
    );
    expect(await snapshot(sql, 'ledger_rows')).toHaveLength(head + 1);
  });

  it('rebuilds a projection whose version changed when it starts', async () => {
    const first = await runner([counter('ver', 'inline', 1, 1)]);
    await append('s-v', ['Counted', 'Counted']);
    await first.stop();
    await runner([counter('ver', 'inline', 2, 10)]);
    expect((await sql.query('SELECT total FROM ver_rows')).rows).toEqual([{ total: 20 }]);
    await append('s-v', ['Counted']);
    expect((await sql.query('SELECT total FROM ver_rows')).rows).toEqual([{ total: 30 }]);
  });

  it('starts a new reaction at the head: it acts on new events only and is never replayed', async () => {
    await append('r-1', ['Counted', 'Counted']);
    const seen: string[] = [];
    const reaction: Projection = {
      name: 'notify',
      kind: 'reaction',
      version: 1,
      mode: 'async',
      eventTypes: ['Counted'],
      tables: [],
      async apply(_tx, event) {
        seen.push(event.streamId);
      },
    };
    const r = await runner([reaction]);
    const { position } = await append('r-2', ['Counted']);
    await r.waitFor(position, ['notify']);
    expect(seen).toEqual(['r-2']);
    await expect(r.rebuild('notify')).rejects.toThrow('notify is a reaction: reactions are not replayed');
  });

  if (backend === 'postgres') {
    it.each([
      ['a transaction per batch', ledger, 'ledger_rows'],
      ['one insert per batch (batchInsert)', ledgerByInsert, 'ledger_insert_rows'],
    ] as const)(
      'applies every event exactly once when two projectors run against one database: %s',
      async (_, projection, table) => {
        const otherSql = await openAnother!();
        const otherStore = new SqlEventStore(otherSql);
        const a = await runner([projection]);
        const b = await runner([projection], true, otherSql, otherStore);
        const writers = Array.from({ length: 4 }, (_, w) =>
          (async () => {
            for (let i = 0; i < 50; i++) await append(`w-${w}-${randomUUID()}`, ['Counted']);
          })(),
        );
        await Promise.all(writers);
        const head = await store.headPosition();
        await Promise.all([a.waitFor(head), b.waitFor(head)]);
        expect(await snapshot(sql, table)).toHaveLength(200);
        expect([a.status()[0].lastError, b.status()[0].lastError]).toEqual([null, null]);
        await b.stop();
        await otherStore.close();
        await otherSql.close();
      },
    );
  }
});
