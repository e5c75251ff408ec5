import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PgSqlClient } from '../database/pg-sql-client';
import type { SqlClient } from '../database/sql-client';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { openTestPglite } from '../../../test/support/test-templates';
import { GENESIS_HASH, anchorHash, lastEventChainVerification, verifyEventChain } from './event-chain';
import type { EventMetadata } from './event-store.port';
import { SqlEventStore } from './sql-event-store';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..', '..', '..');

const meta = (actorId: number | null = 7, impersonatorId: number | null = null): EventMetadata => ({
  actorId,
  impersonatorId,
  correlationId: randomUUID(),
  causationId: null,
});

async function appendSome(store: SqlEventStore, streams: number, perStream: number): Promise<void> {
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      const stream = `chain-${randomUUID()}`;
      for (let v = 0; v < perStream; v++)
        await store.append(stream, [{ type: 'Thing', data: { s, v, text: `ünïcode ✓ ${v}`, n: 1.5 } }], {
          expectedVersion: v,
          metadata: meta(s, s % 2 ? 3 : null),
        });
    }),
  );
}

describe.each([
  ['PostgreSQL', 'postgres'],
  ['PGlite', 'pglite'],
] as const)('the event hash chain on %s', (_name, kind) => {
  let sql: SqlClient;
  let store: SqlEventStore;
  let cleanup: () => Promise<void>;
  let db: TestDatabase | null = null;

  beforeAll(async () => {
    if (kind === 'postgres') {
      db = await createTestDatabase('chain');
      const pg = await PgSqlClient.connect(db.url, 10);
      sql = pg;
      cleanup = async () => {
        await pg.close();
        await db?.drop();
      };
    } else {
      const pglite = await openTestPglite();
      sql = pglite.sql;
      cleanup = () => pglite.close();
    }
    await SqlEventStore.migrate(sql);
    store = new SqlEventStore(sql);
  });
  afterAll(async () => {
    await store.close();
    await cleanup();
  });

  it('chains every event appended by 8 concurrent appenders, in global order, from the genesis anchor', async () => {
    await appendSome(store, 8, 6);
    const anchor = await sql.query<{ position: string; hash: string }>('SELECT * FROM event_chain_anchor');
    expect(Number(anchor.rows[0].position)).toBe(0);
    expect(anchor.rows[0].hash).toBe(GENESIS_HASH);
    const result = await verifyEventChain(sql);
    expect(result).toMatchObject({ ok: true, eventsChecked: 48, firstBad: null });
    expect(result.headHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the event whose data was edited in SQL, and passes again once it is restored', async () => {
    const victim = await sql.query<{ position: string; data: unknown; event_id: string }>(
      'SELECT position, data, event_id::text AS event_id FROM events ORDER BY position LIMIT 1 OFFSET 20',
    );
    const { position, data, event_id } = victim.rows[0];
    await sql.query(`UPDATE events SET data = jsonb_set(data, '{text}', '"edited"') WHERE position = $1`, [
      position,
    ]);

    const broken = await verifyEventChain(sql);
    expect(broken.ok).toBe(false);
    expect(broken.firstBad).toMatchObject({ position: Number(position), eventId: event_id, type: 'Thing' });
    expect(broken.message).toContain(`event ${position} `);
    expect(await lastEventChainVerification(sql)).toMatchObject({
      ok: false,
      firstBadPosition: Number(position),
    });

    if (kind === 'postgres') {
      // the command itself, as an operator runs it
      const failed = await run(process.execPath, ['-r', '@swc-node/register', 'scripts/events-verify.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: db?.url },
      }).catch((error: { code: number; stdout: string }) => error);
      expect('code' in failed ? failed.code : 0).toBe(1);
      expect(failed.stdout).toContain(`First event that does not match: event ${position} (Thing`);
      expect(failed.stdout).toContain(event_id);
    }

    await sql.query('UPDATE events SET data = $2::jsonb WHERE position = $1', [
      position,
      JSON.stringify(data),
    ]);
    const restored = await verifyEventChain(sql);
    expect(restored).toMatchObject({ ok: true, eventsChecked: 48 });
    expect(await lastEventChainVerification(sql)).toMatchObject({ ok: true, eventsChecked: 48 });
  }, 30_000);

  it('names an event removed from the middle (the next one no longer chains)', async () => {
    const rows = await sql.query<{ position: string }>(
      'SELECT position FROM events ORDER BY position LIMIT 2 OFFSET 10',
    );
    const [gone, next] = rows.rows.map((r) => Number(r.position));
    // created_at as text: its microseconds are hashed (a JS Date keeps milliseconds)
    const saved = await sql.query(
      'SELECT *, created_at::text AS created_at FROM events WHERE position = $1',
      [gone],
    );
    await sql.query('DELETE FROM events WHERE position = $1', [gone]);
    const broken = await verifyEventChain(sql, { record: false });
    expect(broken.firstBad?.position).toBe(next);
    // put it back as it was (the trigger would hash it anew: disable it for the restore)
    const row = saved.rows[0] as Record<string, unknown>;
    await sql.query('ALTER TABLE events DISABLE TRIGGER events_chain');
    await sql.query(
      `INSERT INTO events (position, event_id, stream_id, stream_version, type, data, metadata, created_at, hash)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`,
      [
        row.position,
        row.event_id,
        row.stream_id,
        row.stream_version,
        row.type,
        JSON.stringify(row.data),
        JSON.stringify(row.metadata),
        row.created_at,
        row.hash,
      ],
    );
    await sql.query('ALTER TABLE events ENABLE TRIGGER events_chain');
    expect((await verifyEventChain(sql, { record: false })).ok).toBe(true);
  });

  it('chains multi-stream appends (appendMany) racing single appends, in global order', async () => {
    const before = await verifyEventChain(sql, { record: false });
    await Promise.all([
      appendSome(store, 3, 4),
      ...Array.from({ length: 3 }, (_, b) =>
        store.appendMany(
          Array.from({ length: 50 }, (_, i) => ({
            streamId: `chain-many-${b}-${i}-${randomUUID()}`,
            events: [
              { type: 'Thing', data: { b, i, text: `ünïcode ✓ "${i}"` } },
              { type: 'Thing', data: { b, i, second: true } },
            ],
            expectedVersion: 0,
          })),
          { metadata: meta(b, null) },
        ),
      ),
    ]);
    const result = await verifyEventChain(sql, { record: false });
    expect(result).toMatchObject({
      ok: true,
      eventsChecked: before.eventsChecked + 12 + 300,
      firstBad: null,
    });
  });
});

describe('an existing store upgraded in place', () => {
  let db: TestDatabase;
  let sql: PgSqlClient;
  beforeAll(async () => {
    db = await createTestDatabase('chainup');
    sql = await PgSqlClient.connect(db.url, 4);
  });
  afterAll(async () => {
    await sql.close();
    await db.drop();
  });

  it('keeps its events, records an anchor after the last one and chains what is appended from then on', async () => {
    // the store as it was before the chain
    await sql.query(`
      CREATE TABLE events (
        position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_id, stream_version)
      )`);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries())
      await sql.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
         VALUES ($1, 'old-1', $2, 'Old', '{}', '{}')`,
        [id, i + 1],
      );
    await SqlEventStore.migrate(sql);
    await SqlEventStore.migrate(sql); // a second start changes nothing
    const anchor = await sql.query<{ position: string; hash: string }>('SELECT * FROM event_chain_anchor');
    expect(anchor.rows).toHaveLength(1);
    expect(Number(anchor.rows[0].position)).toBe(3);
    expect(anchor.rows[0].hash).toBe(anchorHash(3, ids[2]));

    const store = new SqlEventStore(sql);
    await store.append('old-1', [{ type: 'New', data: { x: 1 } }], { expectedVersion: 3, metadata: meta() });
    await store.append('new-1', [{ type: 'New', data: { x: 2 } }], { expectedVersion: 0, metadata: meta() });
    await store.close();
    expect(await verifyEventChain(sql)).toMatchObject({ ok: true, eventsChecked: 2, anchorPosition: 3 });
  });
});
