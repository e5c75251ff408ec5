import { randomUUID } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '../database/sql-client';
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type StreamAppend,
} from './event-store.port';
import { migrateEventChain } from './event-chain';

/** The advisory lock every append takes before drawing positions: positions follow commit order. */
export const APPEND_LOCK_KEY = 727_001;
/** an append's transaction: it takes the append lock first (with BEGIN, in one round trip on PostgreSQL) */
const APPEND_LOCKED = { opening: `SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})` };
const MIGRATION_LOCK_KEY = 727_000;
export const EVENTS_CHANNEL = 'uo_events';

/** Runs inside the append transaction after the events are inserted (inline projections). */
export type InlineAppendHook = (tx: SqlExecutor, events: StoredEvent[]) => Promise<void>;

/** the most appends one transaction carries */
const MAX_GROUP = 64;

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  options: AppendOptions;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** an append whose expected version held: its events get the versions after `from` */
interface PlannedAppend {
  streamId: string;
  events: readonly NewEvent[];
  metadata: EventMetadata;
  from: number;
}

/**
 * The current version of each stream that has events (under the append lock: final until the commit). Each stream's
 * last version is one step of a backward scan of the (stream, version) index: a `max … GROUP BY` over `ANY(…)` read
 * every event of the streams (a sequential scan of the events in a small store: 4.7 ms for eight questionaries with
 * 265 saves each, against 0.2 ms), and a group commit asks it while it holds the append lock.
 */
export async function versionsOf(
  sql: SqlExecutor,
  streamIds: readonly string[],
): Promise<Map<string, number>> {
  const current = await sql.query<{ stream_id: string; v: number | string | null }>(
    `SELECT s.id AS stream_id,
            (SELECT e.stream_version FROM events e WHERE e.stream_id = s.id ORDER BY e.stream_version DESC LIMIT 1) AS v
       FROM unnest($1::text[]) AS s(id)`,
    [[...new Set(streamIds)]],
  );
  return new Map(current.rows.filter((r) => r.v !== null).map((r) => [r.stream_id, Number(r.v)]));
}

/** each planned append's result, its events found among the inserted rows by stream and version */
function resultsOf(rows: readonly StoredEvent[]): (p: PlannedAppend) => AppendResult {
  const byVersion = new Map(rows.map((r) => [`${r.streamId}\u001f${r.version}`, r]));
  return (p) => {
    const events = p.events.map((_, i) => byVersion.get(`${p.streamId}\u001f${p.from + i + 1}`)!);
    const last = events[events.length - 1];
    return { position: last.position, nextVersion: last.version, events };
  };
}

function guardOf(expected: ExpectedVersion): 'exact' | 'no_stream' | 'stream_exists' | 'any' {
  return typeof expected === 'number' ? 'exact' : expected;
}

/** whether a stream at version `actual` satisfies `expected` */
export function expectedVersionHolds(expected: ExpectedVersion, actual: number): boolean {
  if (typeof expected === 'number') return actual === expected;
  if (expected === 'no_stream') return actual === 0;
  if (expected === 'stream_exists') return actual > 0;
  return true;
}

interface EventRow {
  position: string | number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_ms: number | string;
}

/** an event's columns as read; its time as epoch milliseconds (a float parses far faster than a timestamp) */
const COLUMNS =
  'position, event_id, stream_id, stream_version, type, data, metadata, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms';

/** what an insert returns: what the database gave the rows (not their type, data and metadata, which were sent) */
const INSERTED =
  'position, event_id, stream_id, stream_version, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms';

type InsertedRow = Omit<EventRow, 'type' | 'data' | 'metadata'>;

/**
 * An inserted row as a stored event: its type, data and metadata as they were sent, parsed again from the JSON text
 * that was sent (plain JSON as a read gives them, never the caller's objects), not sent back by the database.
 */
function insertedEvent(
  row: InsertedRow,
  sent: { type: string; data: unknown; metadata: unknown },
): StoredEvent {
  return toStoredEvent({
    ...row,
    type: sent.type,
    data: sent.data,
    metadata: sent.metadata as EventMetadata,
  });
}

/** The event store on PostgreSQL or PGlite: one `events` table, the same SQL on both. */
export class SqlEventStore implements EventStore {
  readonly name: string;
  private inlineHook: InlineAppendHook | null = null;
  private readonly pending: PendingAppend[] = [];
  /** a transaction is waiting for the append lock: it takes the pending appends once it holds it */
  private waiting = false;
  private readonly listeners = new Set<(position?: number) => void>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly sql: SqlClient) {
    this.name = sql.kind;
  }

  /** Creates the store's tables (idempotent, safe when several processes start at once). */
  static async migrate(sql: SqlClient): Promise<void> {
    await sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      // the append lock before any table lock, as appends take it: a start while another process appends (DDL
      // waits for their inserts, they wait for the append lock) would otherwise deadlock; no append runs while the
      // chain's anchor is recorded either (it names the last event stored before the chain)
      await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      await tx.query(`
        CREATE TABLE IF NOT EXISTS events (
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
      await tx.query('CREATE INDEX IF NOT EXISTS events_type_position_idx ON events (type, position)');
      await migrateEventChain(tx, APPEND_LOCK_KEY);
    });
  }

  /** the inline projections' hook as it is now (an import takes it out of its appends for a while) */
  inlineHookNow(): InlineAppendHook | null {
    return this.inlineHook;
  }

  setInlineHook(hook: InlineAppendHook | null): void {
    this.inlineHook = hook;
  }

  /**
   * Appends are group-committed: appends that arrive while a transaction is in flight share the next one
   * (one advisory lock and one commit for all of them), each with its own expected-version check and its
   * own outcome. If anything fails inside a shared transaction, its appends are retried one by one, so one
   * append's failure (an inline projection throwing, say) never fails another.
   *
   * The next transaction does not wait for the one in flight to end before it begins: it begins at once, on another
   * connection, and waits inside PostgreSQL for the append lock, then takes every append pending by then. Its BEGIN
   * and its lock are not a round trip of their own between two commits, and the appends that arrive meanwhile join
   * it.
   */
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      this.pending.push({ streamId, events, options, resolve, reject });
      this.next();
    });
  }

  /** begins the transaction that takes the pending appends, unless one is already waiting for the lock */
  private next(): void {
    if (this.waiting || this.pending.length === 0) return;
    this.waiting = true;
    void this.commit(null);
  }

  /**
   * A multi-stream append in one transaction under the append lock: the streams' current versions are read in one
   * statement and checked against each expected version (the first that does not hold rolls everything back with
   * a `ConcurrencyError` naming its stream), then every event of every stream is inserted by one set-based
   * `INSERT … SELECT FROM unnest(…)` in input order (positions, and so the hash chain, follow it), and the inline
   * projections see the whole batch at once.
   */
  async appendMany(appends: StreamAppend[], options: { metadata: EventMetadata }): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    for (const append of appends)
      if (append.events.length === 0) throw new Error(`appendMany: stream ${append.streamId} has no event`);
    // UO_BULK_PROFILE=1: where a large append's time goes (the lock's wait, the versions, the insert, the inline
    // projections, the commit)
    const profile =
      process.env.UO_BULK_PROFILE === '1' && appends.length > 50
        ? { at: performance.now(), marks: [] as string[] }
        : null;
    const mark = (stage: string) => {
      if (!profile) return;
      const now = performance.now();
      profile.marks.push(`${stage} ${(now - profile.at).toFixed(0)} ms`);
      profile.at = now;
    };
    const results = await this.sql.transaction(async (tx) => {
      mark('begin and lock');
      const versions = await versionsOf(
        tx,
        appends.map((a) => a.streamId),
      );
      mark('versions');
      // a stream's later part is checked against the version its earlier parts leave
      const planned: PlannedAppend[] = appends.map((append) => {
        const actual = versions.get(append.streamId) ?? 0;
        if (!expectedVersionHolds(append.expectedVersion, actual)) {
          throw new ConcurrencyError(append.streamId, append.expectedVersion, actual);
        }
        versions.set(append.streamId, actual + append.events.length);
        return { ...append, metadata: append.metadata ?? options.metadata, from: actual };
      });
      const rows = await this.insertPlanned(tx, planned);
      mark(`insert of ${rows.length} events`);
      if (this.inlineHook) await this.inlineHook(tx, rows);
      mark('inline projections');
      return planned.map(resultsOf(rows));
    }, APPEND_LOCKED);
    mark('commit');
    if (profile) process.stderr.write(`[append profile] ${profile.marks.join(', ')}\n`);
    if (results.length > 0) this.emit(Math.max(...results.map((r) => r.position)));
    return results;
  }

  /**
   * One group-committed transaction: `group` given (an append retried alone), or null (the pending appends, taken
   * once the transaction holds the append lock; the next transaction then begins and waits for it).
   */
  private async commit(given: PendingAppend[] | null): Promise<void> {
    let group = given;
    const take = () => {
      if (group) return group;
      this.waiting = false;
      group = this.pending.splice(0, MAX_GROUP);
      this.next();
      return group;
    };
    let outcomes: (AppendResult | ConcurrencyError)[];
    try {
      outcomes = await this.sql.transaction(async (tx) => {
        const appends = take();
        const results =
          appends.length === 1 ? [await this.insert(tx, appends[0])] : await this.insertGroup(tx, appends);
        // the inline projections see the group's events at once (one batch, one checkpoint move), in position order
        const rows = results
          .flatMap((r) => (r instanceof ConcurrencyError ? [] : r.events))
          .sort((a, b) => a.position - b.position);
        if (rows.length > 0 && this.inlineHook) await this.inlineHook(tx, rows);
        return results;
      }, APPEND_LOCKED);
    } catch (error) {
      // its group; if it failed before it held the lock (no connection, say), the appends pending now
      const appends = take();
      if (appends.length === 1) {
        appends[0].reject(error);
      } else {
        for (const append of appends) await this.commit([append]);
      }
      return;
    }
    const appends = group!;
    appends.forEach((append, i) => {
      const outcome = outcomes[i];
      if (outcome instanceof ConcurrencyError) append.reject(outcome);
      else append.resolve(outcome);
    });
    const appended = outcomes.filter((o): o is AppendResult => !(o instanceof ConcurrencyError));
    if (appended.length > 0) this.emit(Math.max(...appended.map((o) => o.position)));
  }

  /**
   * Several appends inside the locked transaction, each with its own expected version, in two statements: the
   * streams' versions, then one set-based insert of the appends whose expected version holds (an append after
   * another on the same stream is checked against the version the first leaves). The others are refused alone.
   */
  private async insertGroup(
    tx: SqlExecutor,
    group: PendingAppend[],
  ): Promise<(AppendResult | ConcurrencyError)[]> {
    const versions = await versionsOf(
      tx,
      group.map((a) => a.streamId),
    );
    const planned: (PlannedAppend | ConcurrencyError)[] = group.map(({ streamId, events, options }) => {
      const actual = versions.get(streamId) ?? 0;
      if (!expectedVersionHolds(options.expectedVersion, actual))
        return new ConcurrencyError(streamId, options.expectedVersion, actual);
      versions.set(streamId, actual + events.length);
      return { streamId, events, metadata: options.metadata, from: actual };
    });
    const rows = await this.insertPlanned(
      tx,
      planned.filter((p): p is PlannedAppend => !(p instanceof ConcurrencyError)),
    );
    const resultOf = resultsOf(rows);
    return planned.map((p) => (p instanceof ConcurrencyError ? p : resultOf(p)));
  }

  /**
   * An insert of events (`… RETURNING`) that, on PostgreSQL, also tells the other processes (at the commit) up to
   * which position events are appended: the notification in the insert's own statement, not a round trip of its
   * own. Nothing inserted, nothing told.
   */
  private notifying(insert: string): string {
    if (this.sql.kind !== 'postgres') return insert;
    return `WITH ins AS (${insert}),
      told AS (SELECT pg_notify('${EVENTS_CHANNEL}', max(position)::text) FROM ins HAVING count(*) > 0)
      SELECT ins.* FROM ins, told`;
  }

  /**
   * inserts planned appends (their versions checked) in one set-based statement, in input order: the rows go as one
   * JSON document (one `JSON.stringify` here, one parse in the server; seven text arrays cost this process their
   * element-by-element escaping, a fifth of a bulk import's time in `pg`)
   */
  private async insertPlanned(tx: SqlExecutor, planned: readonly PlannedAppend[]): Promise<StoredEvent[]> {
    const rows: unknown[][] = [];
    for (const append of planned)
      append.events.forEach((event, i) =>
        rows.push([
          event.eventId ?? randomUUID(),
          append.streamId,
          append.from + i + 1,
          event.type,
          event.data ?? null,
          append.metadata,
          event.createdAt ? event.createdAt.toISOString() : null,
        ]),
      );
    if (rows.length === 0) return [];
    const payload = JSON.stringify(rows);
    const inserted = await tx.query<InsertedRow>(
      this
        .notifying(`INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, created_at)
       SELECT (u.r->>0)::uuid, u.r->>1, (u.r->>2)::int, u.r->>3, u.r->4, u.r->5,
              coalesce((u.r->>6)::timestamptz, now())
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS u(r, ord)
        ORDER BY u.ord
       RETURNING ${INSERTED}`),
      [payload],
    );
    // the rows as sent, parsed again: found by stream and version
    const sent = new Map(
      (JSON.parse(payload) as [string, string, number, string, unknown, unknown][]).map((r) => [
        `${r[1]}\u001f${r[2]}`,
        { type: r[3], data: r[4], metadata: r[5] },
      ]),
    );
    return inserted.rows
      .map((row) => insertedEvent(row, sent.get(`${row.stream_id}\u001f${row.stream_version}`)!))
      .sort((a, b) => a.position - b.position);
  }

  /** one append inside the locked transaction: a guarded insert (the group's inline projections follow) */
  private async insert(
    tx: SqlExecutor,
    { streamId, events, options }: PendingAppend,
  ): Promise<AppendResult | ConcurrencyError> {
    const expected = options.expectedVersion;
    const params: unknown[] = [streamId, typeof expected === 'number' ? expected : null, guardOf(expected)];
    const values = events.map((event, i) => {
      params.push(
        event.eventId ?? randomUUID(),
        i + 1,
        event.type,
        JSON.stringify(event.data ?? null),
        JSON.stringify(options.metadata),
        event.createdAt ? event.createdAt.toISOString() : null,
      );
      const b = 3 + i * 6;
      return `($${b + 1}::uuid, $${b + 2}::int, $${b + 3}, $${b + 4}::jsonb, $${b + 5}::jsonb, $${b + 6}::timestamptz)`;
    });
    // guarded: an expected version that does not hold inserts nothing (no holes, no overwrite)
    const inserted = await tx.query<InsertedRow>(
      this
        .notifying(`WITH cur AS (SELECT coalesce(max(stream_version), 0) AS v FROM events WHERE stream_id = $1)
       INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, created_at)
       SELECT n.event_id, $1, cur.v + n.ord, n.type, n.data, n.metadata, coalesce(n.created_at, now())
         FROM (VALUES ${values.join(', ')}) AS n(event_id, ord, type, data, metadata, created_at), cur
        WHERE CASE $3::text
                WHEN 'exact' THEN cur.v = $2::int
                WHEN 'no_stream' THEN cur.v = 0
                WHEN 'stream_exists' THEN cur.v > 0
                ELSE true
              END
        ORDER BY n.ord
       RETURNING ${INSERTED}`),
      params,
    );
    if (inserted.rowCount === 0) {
      const current = await tx.query<{ v: number | string }>(
        'SELECT coalesce(max(stream_version), 0) AS v FROM events WHERE stream_id = $1',
        [streamId],
      );
      return new ConcurrencyError(streamId, expected, Number(current.rows[0]?.v ?? 0));
    }
    // the events in the order they were given: their versions follow it from the stream's current one
    const first = Math.min(...inserted.rows.map((r) => Number(r.stream_version)));
    const rows = inserted.rows
      .map((row) => {
        const b = 3 + (Number(row.stream_version) - first) * 6;
        return insertedEvent(row, {
          type: params[b + 2] as string,
          data: JSON.parse(params[b + 3] as string),
          metadata: JSON.parse(params[b + 4] as string),
        });
      })
      .sort((a, b) => a.position - b.position);
    const last = rows[rows.length - 1];
    return { position: last.position, nextVersion: last.version, events: rows };
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const result = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    );
    return result.rows.map(toStoredEvent);
  }

  async readStreamFrom(streamId: string, fromVersion: number): Promise<StoredEvent[]> {
    const result = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    return result.rows.map(toStoredEvent);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const out = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
    const unique = [...out.keys()];
    for (let i = 0; i < unique.length; i += 5000) {
      const result = await this.sql.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
        [unique.slice(i, i + 5000)],
      );
      for (const row of result.rows) out.get(row.stream_id)?.push(toStoredEvent(row));
    }
    return out;
  }

  readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return readEvents(this.sql, options);
  }

  async headPosition(): Promise<number> {
    const result = await this.sql.query<{ p: string | number }>(
      'SELECT coalesce(max(position), 0) AS p FROM events',
    );
    return Number(result.rows[0]?.p ?? 0);
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  onAppended(listener: (position?: number) => void): () => void {
    this.listeners.add(listener);
    if (this.sql.kind === 'postgres' && !this.unlisten) {
      // other processes append too: their commits arrive as NOTIFY
      this.unlisten = async () => undefined;
      void this.sql
        .listen(EVENTS_CHANNEL, (payload) => this.emit(Number(payload) || undefined))
        .then((stop) => {
          this.unlisten = stop;
        })
        .catch(() => {
          this.unlisten = null; // polling remains the fallback
        });
    }
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.unlisten) await this.unlisten();
    this.unlisten = null;
  }

  private emit(position?: number): void {
    for (const listener of this.listeners) listener(position);
  }
}

/** Reads events after a position through any executor (a transaction included: used by projection rebuilds). */
export async function readEvents(
  executor: SqlExecutor,
  { after, limit, types }: ReadAllOptions,
): Promise<StoredEvent[]> {
  const result = types
    ? await executor.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE position > $1 AND type = ANY($3::text[]) ORDER BY position LIMIT $2`,
        [after, limit, [...types]],
      )
    : await executor.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
        [after, limit],
      );
  return result.rows.map(toStoredEvent);
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    eventId: row.event_id,
    streamId: row.stream_id,
    version: Number(row.stream_version),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(Number(row.created_ms)),
  };
}
