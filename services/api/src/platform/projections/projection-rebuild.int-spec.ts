import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { PgSqlClient } from '../database/pg-sql-client';
import { PgliteSqlClient } from '../database/pglite-sql-client';
import type { SqlClient } from '../database/sql-client';
import type { EventMetadata } from '../event-store/event-store.port';
import { SqlEventStore } from '../event-store/sql-event-store';
import type { Projection } from './projection';
import { SCRATCH_SCHEMA } from './projection-rebuild';
import { ProjectionRunner } from './projection-runner';
import { shelfProjection } from '../../../test/support/shelf-projection';

const metadata: EventMetadata = { actorId: 1, impersonatorId: null, correlationId: 'c', causationId: null };

const shelf = shelfProjection;

/** the names of the shelf table's indexes and constraints, and anything a rebuild could have left */
async function catalog(sql: SqlClient) {
  const names = await sql.query<{ name: string }>(
    `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = 'shelf_items'::regclass
     UNION SELECT 'constraint ' || conname FROM pg_constraint WHERE conrelid = 'shelf_items'::regclass
     ORDER BY 1`,
  );
  const leftovers = await sql.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname = $1
     UNION ALL SELECT relname FROM pg_class WHERE relname LIKE '%rebuild%'`,
    [SCRATCH_SCHEMA],
  );
  return { names: names.rows.map((r) => r.name).sort(), leftovers: leftovers.rows.map((r) => r.name) };
}

const FRESH_INSTALL_NAMES = [
  'constraint shelf_items_pkey',
  'constraint shelf_items_tag_key',
  'constraint shelf_items_weight_check',
  'shelf_items_pkey',
  'shelf_items_stream',
  'shelf_items_stream_id_position_idx',
  'shelf_items_tag_key',
];

const rows = async (sql: SqlClient, table = 'shelf_items') =>
  (
    await sql.query<{ position: string | number; weight: number }>(
      `SELECT position, weight FROM ${table} ORDER BY 1`,
    )
  ).rows.map((r) => `${Number(r.position)}:${r.weight}`);

describe.each(['postgres', 'pglite'] as const)('projection rebuilds on %s', (backend) => {
  let sql: SqlClient;
  let store: SqlEventStore;
  let db: TestDatabase | null = null;
  const runners: ProjectionRunner[] = [];

  const runner = async (projections: Projection[]) => {
    const r = new ProjectionRunner(sql, store, projections);
    await r.initialize();
    r.start();
    runners.push(r);
    return r;
  };
  const put = (streamId: string, n = 1) =>
    store.append(
      streamId,
      Array.from({ length: n }, () => ({ type: 'Put', data: {} })),
      { expectedVersion: 'any', metadata },
    );

  beforeAll(async () => {
    if (backend === 'postgres') {
      db = await createTestDatabase('rebuild');
      sql = await PgSqlClient.connect(db.url, 6);
    } else {
      sql = await PgliteSqlClient.open('memory://');
    }
    await SqlEventStore.migrate(sql);
    store = new SqlEventStore(sql);
  });
  afterAll(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
    await sql.close();
    await db?.drop();
  });

  it('rebuilds any number of times, with the names of a fresh install and nothing left behind; and at each start after a version bump', async () => {
    const first = await runner([shelf(1)]);
    await put('a', 3);
    const fresh = await catalog(sql);
    // PostgreSQL 18 (PGlite) names NOT NULL constraints too
    const version = await sql.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
    const notNull =
      Number(version.rows[0].v) >= 180000
        ? ['position', 'stream_id', 'tag', 'weight'].map((c) => `constraint shelf_items_${c}_not_null`)
        : [];
    expect(fresh).toEqual({ names: [...FRESH_INSTALL_NAMES, ...notNull].sort(), leftovers: [] });
    const live = await rows(sql);

    for (let i = 0; i < 3; i++) {
      await expect(first.rebuild('shelf')).resolves.toEqual({ events: 3, position: 3 });
      expect(await catalog(sql)).toEqual(fresh);
      expect(await rows(sql)).toEqual(live);
    }
    // the rebuilt table went live vacuumed and analysed: its statistics count its rows (a table never analysed
    // says -1) and its pages are marked all-visible (index-only scans need not read them)
    const stats = await sql.query<{ reltuples: number; relallvisible: number }>(
      `SELECT reltuples::float8 AS reltuples, relallvisible FROM pg_class WHERE relname = 'shelf_items'`,
    );
    expect(stats.rows.map((r) => [Number(r.reltuples), Number(r.relallvisible) > 0])).toEqual([[3, true]]);
    await first.stop();

    // bump the version twice, start twice: each start rebuilds, and each leaves the canonical names
    for (const version of [2, 3]) {
      const started = await runner([shelf(version)]);
      const head = await store.headPosition();
      expect(await rows(sql)).toEqual(Array.from({ length: head }, (_, i) => `${i + 1}:${version}`));
      expect(await catalog(sql)).toEqual(fresh);
      await put('b');
      expect(await rows(sql)).toHaveLength(head + 1);
      await started.stop();
    }
  });
});

describe('projection rebuilds on postgres: writers, failures, a kill, a second rebuild, verify', () => {
  let db: TestDatabase;
  let sql: SqlClient;
  let store: SqlEventStore;
  const closers: (() => Promise<unknown>)[] = [];

  const runner = async (projections: Projection[], on: SqlClient = sql, events: SqlEventStore = store) => {
    const r = new ProjectionRunner(on, events, projections);
    await r.initialize();
    r.start();
    closers.push(() => r.stop());
    return r;
  };
  /** another process on the same database: its own pool, its own store */
  const otherProcess = async (name: string) => {
    const other = await PgSqlClient.connect(withApplicationName(db.url, name), 3);
    const otherStore = new SqlEventStore(other);
    closers.push(
      () => otherStore.close(),
      () => other.close().catch(() => undefined),
    );
    return { sql: other, store: otherStore };
  };
  const put = (streamId: string, n = 1) =>
    store.append(
      streamId,
      Array.from({ length: n }, () => ({ type: 'Put', data: {} })),
      { expectedVersion: 'any', metadata },
    );

  beforeEach(async () => {
    db = await createTestDatabase('rebuild');
    sql = await PgSqlClient.connect(db.url, 6);
    await SqlEventStore.migrate(sql);
    store = new SqlEventStore(sql);
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await store.close();
    await sql.close();
    await db.drop();
  });

  it('rebuilds inline and async projections while 4 writers append: no error, no event lost or doubled', async () => {
    const r = await runner([shelf(1), shelf(1, { mode: 'async', name: 'ledger' })]);
    await put('seed', 50);
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      let n = 0;
      while (writing || n < 10) {
        await put(`w-${w}`, 1 + (n % 3));
        n++;
      }
      return n;
    });
    for (let i = 0; i < 2; i++) {
      await r.rebuild('shelf');
      await r.rebuild('ledger');
    }
    writing = false;
    const appends = await Promise.all(writers);
    expect(appends.every((n) => n >= 10)).toBe(true);
    const head = await store.headPosition();
    await r.waitFor(head);
    const positions = Array.from({ length: head }, (_, i) => `${i + 1}:1`);
    expect(await rows(sql)).toEqual(positions);
    expect(await rows(sql, 'ledger_items')).toEqual(positions);
    for (const name of ['shelf', 'ledger']) {
      const verified = await r.verify(name);
      expect(verified.tables.map((t) => [t.onlyLive, t.onlyReplayed])).toEqual([[0, 0]]);
      expect(verified.position).toBe(head);
    }
  });

  it('refuses a second rebuild while one runs, changing nothing; a killed rebuild leaves nothing the next start does not clear', async () => {
    const r = await runner([shelf(1)]);
    await put('a', 5);
    const before = { rows: await rows(sql), catalog: await catalog(sql) };
    const checkpoint = async () =>
      (await sql.query(`SELECT version, position FROM projection_checkpoints WHERE name = 'shelf'`)).rows;
    const checkpointBefore = await checkpoint();

    // another process starts a rebuild that stalls half-way, holding the rebuild lock
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(__dirname, '../../../test/support/stalled-rebuild.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: withApplicationName(db.url, 'doomed_rebuild'),
          NODE_OPTIONS: '',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('stalled') && resolve());
      child.on('exit', () => reject(new Error('the stalled rebuild exited')));
    });
    expect((await catalog(sql)).leftovers).toEqual([SCRATCH_SCHEMA]);

    await expect(r.rebuild('shelf')).rejects.toThrow(
      /^Another projections rebuild or verify is running on this database \(server process \d+ \(doomed_rebuild\), connected since .+\): nothing was changed\. Run this again when it has finished\.$/,
    );
    await expect(r.verify('shelf')).rejects.toThrow('Another projections rebuild or verify is running');
    expect(await rows(sql)).toEqual(before.rows);
    expect(await checkpoint()).toEqual(checkpointBefore);

    // kill -9: the server ends its sessions, the lock with them; its half-built scratch table stays
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await until(
      async () =>
        (await sql.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'doomed_rebuild'`))
          .rowCount === 0,
    );
    expect((await catalog(sql)).leftovers).toEqual([SCRATCH_SCHEMA]);
    expect(await rows(sql)).toEqual(before.rows);

    // the next start clears it; the next rebuild works and keeps the names
    await runner([shelf(1)]);
    expect(await catalog(sql)).toEqual(before.catalog);
    await expect(r.rebuild('shelf')).resolves.toEqual({ events: 5, position: 5 });
    expect(await catalog(sql)).toEqual(before.catalog);
    expect(await checkpoint()).toEqual(checkpointBefore);
  });

  it('a failed rebuild changes nothing and leaves nothing behind', async () => {
    await runner([shelf(1)]);
    await put('a', 3);
    const before = { rows: await rows(sql), catalog: await catalog(sql) };
    const other = await otherProcess('failing_rebuild');
    const failing = await runner([shelf(1, { broken: true })], other.sql, other.store);
    await expect(failing.rebuild('shelf')).rejects.toThrow('version 1 cannot read Put');
    expect({ rows: await rows(sql), catalog: await catalog(sql) }).toEqual(before);
    await put('a');
    expect(await rows(sql)).toHaveLength(4);
  });

  it('renames what the rebuilds before this fix left on live tables (<table>__rebuild…) at start', async () => {
    // the old swap: built as shelf_items__rebuild, renamed without its indexes and constraints
    await sql.query(
      'CREATE TABLE projection_checkpoints (name text PRIMARY KEY, version integer NOT NULL, position bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const ddl of shelf(1).tables[0].ddl('shelf_items__rebuild')) await sql.query(ddl);
    await sql.query('ALTER TABLE shelf_items__rebuild RENAME TO shelf_items');
    await sql.query('CREATE TABLE shelf_items__rebuild (position bigint)'); // a killed one's scratch table
    await sql.query(`INSERT INTO projection_checkpoints (name, version, position) VALUES ('shelf', 1, 0)`);
    expect((await catalog(sql)).names).toContain('shelf_items__rebuild_stream');

    const r = await runner([shelf(1)]);
    expect(await catalog(sql)).toEqual({ names: FRESH_INSTALL_NAMES, leftovers: [] });
    await put('a', 2);
    await r.rebuild('shelf');
    expect(await catalog(sql)).toEqual({ names: FRESH_INSTALL_NAMES, leftovers: [] });
  });

  it('verify replays into scratch tables, prints what differs and changes nothing', async () => {
    const r = await runner([shelf(1)]);
    await put('a', 6);
    expect(await r.verify('shelf')).toEqual({
      events: 6,
      position: 6,
      tables: [
        {
          table: 'shelf_items',
          key: ['position'],
          liveRows: 6,
          replayedRows: 6,
          onlyLive: 0,
          onlyReplayed: 0,
          samples: { live: [], replayed: [] },
        },
      ],
    });
    // tamper with the read model: one row changed, one deleted, one that no event made
    await sql.query(`UPDATE shelf_items SET weight = 7 WHERE position = 2`);
    await sql.query(`DELETE FROM shelf_items WHERE position = 4`);
    await sql.query(`INSERT INTO shelf_items VALUES (99, 'x', 'forged', 1)`);
    const tampered = await rows(sql);
    const result = await r.verify('shelf', { sample: 5 });
    const item = (position: number, weight = 1, stream = 'a', tag = `tag-${position}`) => ({
      position,
      stream_id: stream,
      tag,
      weight,
    });
    expect(result.tables[0]).toEqual({
      table: 'shelf_items',
      key: ['position'],
      liveRows: 6,
      replayedRows: 6,
      onlyLive: 2,
      onlyReplayed: 2,
      samples: { live: [item(2, 7), item(99, 1, 'x', 'forged')], replayed: [item(2), item(4)] },
    });
    expect(await rows(sql)).toEqual(tampered);
    expect((await catalog(sql)).leftovers).toEqual([]);
    // the first few only, but every difference counted
    expect((await r.verify('shelf', { sample: 1 })).tables[0]).toMatchObject({
      onlyLive: 2,
      onlyReplayed: 2,
      samples: { live: [item(2, 7)], replayed: [item(2)] },
    });
  });
});

function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
