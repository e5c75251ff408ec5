import type { SqlClient, SqlExecutor } from '../database/sql-client';
import { quoteIdent } from '../database/pg-sql-client';
import type { EventStore } from '../event-store/event-store.port';
import { readEvents } from '../event-store/sql-event-store';
import { applyEvents, type Projection } from './projection';

/**
 * Rebuilds and verifications replay into scratch tables that live in this schema under their canonical names:
 * the projection's own DDL creates them (with `search_path` pointing here), so their indexes and constraints get
 * exactly the names a fresh install gives, and the swap (`ALTER TABLE … SET SCHEMA`) carries them over unchanged.
 */
export const SCRATCH_SCHEMA = 'projections_scratch';
/** The session-level advisory lock a rebuild or a verification holds: one at a time per database. */
export const REBUILD_LOCK_KEY = 727_002;
/** the scratch tables of rebuilds before the scratch schema: `<table>__rebuild`, in the live schema */
const LEGACY_SUFFIX = '__rebuild';
const BATCH = 5000;
const LOCK_WAIT_MS = 100;
const LOCK_NOT_AVAILABLE = '55P03';

export class RebuildRefusedError extends Error {}

/** whether `error` is a lock wait that ran out (lockLive): roll back and try again */
export const isLockWaitOver = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === LOCK_NOT_AVAILABLE;

/** in-process holders (PGlite has one session, and advisory locks are re-entrant within a session) */
const holders = new WeakSet<SqlClient>();

/**
 * Runs `fn` holding the rebuild lock of the database. `wait: false` refuses at once when another rebuild or
 * verification holds it (nothing is changed); `wait: true` waits for it (start-up rebuilds). The lock is a
 * session lock on a connection of its own, so a killed process (kill -9) releases it with its connection.
 */
export async function withRebuildLock<T>(
  sql: SqlClient,
  options: { wait: boolean },
  fn: () => Promise<T>,
): Promise<T> {
  while (holders.has(sql)) {
    if (!options.wait) throw refused('in this process');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  holders.add(sql);
  try {
    return await sql.session(async (session) => {
      if (options.wait) {
        await session.query('SELECT pg_advisory_lock($1)', [REBUILD_LOCK_KEY]);
      } else {
        const got = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
          REBUILD_LOCK_KEY,
        ]);
        if (!got.rows[0]?.ok) throw refused(await holderOf(session));
      }
      try {
        return await fn();
      } finally {
        await session.query('SELECT pg_advisory_unlock($1)', [REBUILD_LOCK_KEY]).catch(() => undefined);
      }
    });
  } finally {
    holders.delete(sql);
  }
}

function refused(where: string): RebuildRefusedError {
  return new RebuildRefusedError(
    `Another projections rebuild or verify is running on this database (${where}): nothing was changed. ` +
      'Run this again when it has finished.',
  );
}

async function holderOf(session: SqlExecutor): Promise<string> {
  try {
    const r = await session.query<{ pid: number; since: Date | string | null; app: string | null }>(
      `SELECT a.pid, a.backend_start AS since, a.application_name AS app
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
        LIMIT 1`,
      [REBUILD_LOCK_KEY],
    );
    const row = r.rows[0];
    if (!row) return 'held by another session';
    const since = row.since ? new Date(row.since).toISOString() : 'unknown';
    return `server process ${row.pid}${row.app ? ` (${row.app})` : ''}, connected since ${since}`;
  } catch {
    return 'held by another session';
  }
}

/** One table's comparison: the live rows against the replayed ones. */
export interface TableDifference {
  table: string;
  /** the primary key columns (rows are paired and ordered by them) */
  key: string[];
  liveRows: number;
  replayedRows: number;
  /** rows (as JSON objects) the live table has and the replay has not, counted with duplicates */
  onlyLive: number;
  onlyReplayed: number;
  /** the first few rows of each side, by key */
  samples: { live: Record<string, unknown>[]; replayed: Record<string, unknown>[] };
}

/**
 * Scratch tables for one rebuild or verification session (the caller holds the rebuild lock). `open` clears what
 * a failed or killed session left; `close` drops the schema, so nothing of it outlives the session.
 */
export class ScratchTables {
  private liveSchema = 'public';

  constructor(
    private readonly sql: SqlClient,
    private readonly store: EventStore,
  ) {}

  async open(): Promise<void> {
    const r = await this.sql.query<{ s: string | null }>('SELECT current_schema() AS s');
    this.liveSchema = r.rows[0]?.s ?? 'public';
    await this.sql.query(`DROP SCHEMA IF EXISTS ${quoteIdent(SCRATCH_SCHEMA)} CASCADE`);
    await this.sql.query(`CREATE SCHEMA ${quoteIdent(SCRATCH_SCHEMA)}`);
  }

  async close(): Promise<void> {
    await this.sql.query(`DROP SCHEMA IF EXISTS ${quoteIdent(SCRATCH_SCHEMA)} CASCADE`);
  }

  /** the projection's tables, empty, in the scratch schema, created by its own DDL under their own names */
  async create(p: Projection): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await this.useScratch(tx);
      for (const t of p.tables) {
        await tx.query(`DROP TABLE IF EXISTS ${this.scratch(t.name)}`);
        for (const ddl of t.ddl(t.name)) await tx.query(ddl);
      }
    });
  }

  /** Replays events after `from` (up to `to`) into the scratch tables, a batch per transaction: writers go on. */
  async replay(p: Projection, from: number, to = Infinity): Promise<{ position: number; count: number }> {
    let position = from;
    let count = 0;
    for (;;) {
      const read = await this.store.readAll({ after: position, limit: BATCH, types: typesOf(p) });
      const events = read.filter((e) => e.position <= to);
      if (events.length === 0) return { position, count };
      await this.sql.transaction(async (tx) => {
        await this.useScratch(tx);
        await applyEvents(p, tx, events, namesOf(p));
      });
      position = events[events.length - 1].position;
      count += events.length;
      if (events.length < read.length || read.length < BATCH) return { position, count };
    }
  }

  /**
   * The last events (after `from`, up to `to`) inside the caller's transaction; with `sqlStore` they are read
   * through it, so under the append lock nothing can slip in between.
   */
  async tail(
    tx: SqlExecutor,
    p: Projection,
    from: number,
    sqlStore: boolean,
    to = Infinity,
  ): Promise<{ position: number; count: number }> {
    let position = from;
    let count = 0;
    for (;;) {
      const read = sqlStore
        ? await readEvents(tx, { after: position, limit: BATCH, types: typesOf(p) })
        : await this.store.readAll({ after: position, limit: BATCH, types: typesOf(p) });
      const events = read.filter((e) => e.position <= to);
      if (events.length > 0) {
        await this.useScratch(tx);
        await applyEvents(p, tx, events, namesOf(p));
        await this.useLive(tx);
        position = events[events.length - 1].position;
        count += events.length;
      }
      if (events.length < read.length || read.length < BATCH) return { position, count };
    }
  }

  /**
   * Locks the live tables for the swap, waiting at most LOCK_WAIT_MS for queries that hold them; past that it
   * throws (see `isLockWaitOver`) and the caller rolls back, letting go of what it locked, and tries again. A query
   * joining two tables of the projection would otherwise deadlock with the swap (it holds one and waits for the
   * other, the swap the reverse) and PostgreSQL would end the query with an error: the wait stays well below
   * `deadlock_timeout` (1 s), so the swap always gives way first.
   */
  async lockLive(tx: SqlExecutor, p: Projection): Promise<void> {
    const tables = await tx.query<{ t: string }>(
      `SELECT relname AS t FROM pg_class WHERE relnamespace = $1::regnamespace AND relname = ANY($2::text[])`,
      [this.liveSchema, p.tables.map((t) => t.name)],
    );
    if (tables.rows.length === 0) return;
    await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${LOCK_WAIT_MS}ms`]);
    await tx.query(
      `LOCK TABLE ${tables.rows.map((r) => this.live(r.t)).join(', ')} IN ACCESS EXCLUSIVE MODE`,
    );
    await tx.query(`SELECT set_config('lock_timeout', '0', true)`);
  }

  /**
   * Statistics and the visibility map of the replayed tables, before they go live: without them the first queries
   * after the swap would be planned blind (a table of a million rows taken for an empty one) and an index-only
   * scan would read the table too, until autovacuum came by.
   */
  async vacuumAnalyze(p: Projection): Promise<void> {
    for (const t of p.tables) await this.sql.query(`VACUUM (ANALYZE) ${this.scratch(t.name)}`);
  }

  /** Replaces the live tables by the scratch ones, with their indexes and constraints, in the caller's transaction. */
  async swap(tx: SqlExecutor, p: Projection): Promise<void> {
    for (const t of p.tables) {
      await tx.query(`DROP TABLE IF EXISTS ${this.live(t.name)}`);
      await tx.query(`ALTER TABLE ${this.scratch(t.name)} SET SCHEMA ${quoteIdent(this.liveSchema)}`);
    }
  }

  /** Compares each live table with its replay, row for row (as JSON, so any column type compares). */
  async compare(tx: SqlExecutor, p: Projection, sample: number): Promise<TableDifference[]> {
    const differences: TableDifference[] = [];
    for (const t of p.tables) {
      const key = await primaryKeyOf(tx, this.scratch(t.name));
      const order = key.length > 0 ? key.map((k) => `r -> '${k.replaceAll("'", "''")}'`).join(', ') : 'r';
      const counts = await tx.query<{ live: string | number; replayed: string | number }>(
        `SELECT (SELECT count(*) FROM ${this.live(t.name)}) AS live,
                (SELECT count(*) FROM ${this.scratch(t.name)}) AS replayed`,
      );
      const diff = await tx.query<{
        side: 'live' | 'replayed';
        r: Record<string, unknown>;
        total: string | number;
      }>(
        `WITH l AS (SELECT to_jsonb(x) AS r FROM ${this.live(t.name)} x),
              s AS (SELECT to_jsonb(x) AS r FROM ${this.scratch(t.name)} x),
              d AS (SELECT 'live' AS side, r FROM (SELECT r FROM l EXCEPT ALL SELECT r FROM s) a
                    UNION ALL
                    SELECT 'replayed' AS side, r FROM (SELECT r FROM s EXCEPT ALL SELECT r FROM l) b),
              n AS (SELECT side, r, count(*) OVER (PARTITION BY side) AS total,
                           row_number() OVER (PARTITION BY side ORDER BY ${order}) AS k FROM d)
         SELECT side, r, total FROM n WHERE k <= $1 ORDER BY side, k`,
        [sample],
      );
      const total = (side: string) => Number(diff.rows.find((row) => row.side === side)?.total ?? 0);
      differences.push({
        table: t.name,
        key,
        liveRows: Number(counts.rows[0]?.live ?? 0),
        replayedRows: Number(counts.rows[0]?.replayed ?? 0),
        onlyLive: total('live'),
        onlyReplayed: total('replayed'),
        samples: {
          live: diff.rows.filter((row) => row.side === 'live').map((row) => row.r),
          replayed: diff.rows.filter((row) => row.side === 'replayed').map((row) => row.r),
        },
      });
    }
    return differences;
  }

  private scratch(table: string): string {
    return `${quoteIdent(SCRATCH_SCHEMA)}.${quoteIdent(table)}`;
  }

  private live(table: string): string {
    return `${quoteIdent(this.liveSchema)}.${quoteIdent(table)}`;
  }

  /** unqualified names resolve to the scratch tables first (for this transaction only) */
  private async useScratch(tx: SqlExecutor): Promise<void> {
    await tx.query(`SELECT set_config('search_path', $1, true)`, [
      `${quoteIdent(SCRATCH_SCHEMA)}, ${quoteIdent(this.liveSchema)}`,
    ]);
  }

  private async useLive(tx: SqlExecutor): Promise<void> {
    await tx.query(`SELECT set_config('search_path', $1, true)`, [quoteIdent(this.liveSchema)]);
  }
}

/**
 * Clears what a failed or killed rebuild left behind, when no other rebuild runs (start-up): the scratch schema,
 * the `<table>__rebuild` tables of rebuilds before it, and the `<table>__rebuild…` names those gave the indexes
 * and constraints of live tables (renamed to their canonical names).
 */
export async function clearRebuildLeftovers(
  sql: SqlClient,
  projections: readonly Projection[],
): Promise<void> {
  try {
    await withRebuildLock(sql, { wait: false }, async () => {
      await sql.query(`DROP SCHEMA IF EXISTS ${quoteIdent(SCRATCH_SCHEMA)} CASCADE`);
      const tables = projections.flatMap((p) => p.tables.map((t) => t.name));
      if (tables.length === 0) return;
      await sql.transaction(async (tx) => {
        for (const t of tables) await tx.query(`DROP TABLE IF EXISTS ${quoteIdent(`${t}${LEGACY_SUFFIX}`)}`);
        // constraints backed by an index are renamed with it; others (check, foreign key) by name
        const names = await tx.query<{ kind: 'index' | 'constraint'; tbl: string; name: string }>(
          `SELECT 'index' AS kind, t.relname AS tbl, i.relname AS name
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1::text[])
              AND left(i.relname, length(t.relname) + $2) = t.relname || $3
           UNION ALL
           SELECT 'constraint', t.relname, c.conname
             FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
            WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1::text[])
              AND c.conindid = 0 AND left(c.conname, length(t.relname) + $2) = t.relname || $3`,
          [tables, LEGACY_SUFFIX.length, LEGACY_SUFFIX],
        );
        for (const n of names.rows) {
          const canonical = n.tbl + n.name.slice(n.tbl.length + LEGACY_SUFFIX.length);
          if (n.kind === 'index') {
            await tx.query(`ALTER INDEX ${quoteIdent(n.name)} RENAME TO ${quoteIdent(canonical)}`);
          } else {
            await tx.query(
              `ALTER TABLE ${quoteIdent(n.tbl)} RENAME CONSTRAINT ${quoteIdent(n.name)} TO ${quoteIdent(canonical)}`,
            );
          }
        }
      });
    });
  } catch (error) {
    if (!(error instanceof RebuildRefusedError)) throw error;
    // another process rebuilds now: its own session clears its scratch tables
  }
}

async function primaryKeyOf(tx: SqlExecutor, table: string): Promise<string[]> {
  const r = await tx.query<{ name: string }>(
    `SELECT a.attname AS name
       FROM pg_index x
       JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
      WHERE x.indrelid = $1::regclass AND x.indisprimary
      ORDER BY k.ord`,
    [table],
  );
  return r.rows.map((row) => row.name);
}

function namesOf(p: Projection): Record<string, string> {
  return Object.fromEntries(p.tables.map((t) => [t.name, t.name]));
}

function typesOf(p: Projection): readonly string[] | undefined {
  return p.eventTypes === 'all' ? undefined : p.eventTypes;
}
