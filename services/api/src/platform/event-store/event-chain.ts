import { createHash } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '../database/sql-client';

/**
 * The tamper-evidence chain of the SQL event store (ARCHITECTURE §4 "The log is evidence"), PostgreSQL and PGlite.
 *
 * Every stored event carries `hash = sha256(previous hash ␟ event id ␟ type ␟ stream ␟ version ␟ data ␟ metadata
 * ␟ time)`, "previous" being the event before it in the store's global order (position). The hash is computed by
 * a `BEFORE INSERT` trigger on `events`, which first takes the append advisory lock (the store's appends already
 * hold it, so this costs nothing more): every insert into the table is serialized, the head it chains to is the
 * last committed event (or an earlier row of its own transaction, kept in a transaction-local setting), and a
 * rolled-back append leaves no link behind. No extra round trip per append: the hash is computed in the server,
 * on the row as it is stored (`data::text`, `metadata::text`, `created_at` in microseconds since the epoch).
 *
 * `verifyEventChain` recomputes every hash in this process (node:crypto, not the database's function, so that a
 * replaced trigger or function cannot vouch for itself) and names the first event whose stored hash does not match.
 *
 * A store that existed before the chain is upgraded in place: the migration records an anchor (the position of
 * its last event then, and a hash naming it) and the chain starts from that anchor; the events up to the anchor
 * carry no hash and are not covered.
 */

const SEPARATOR = '\u001f';

/** the anchor hash of a store created with the chain (nothing before position 1) */
export const GENESIS_HASH = sha256('user-office event chain genesis');

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** the anchor hash of a store upgraded in place: the chain starts after `position` */
export function anchorHash(position: number, lastEventId: string | null): string {
  return position === 0
    ? GENESIS_HASH
    : sha256(['anchor', String(position), lastEventId ?? ''].join(SEPARATOR));
}

/** An event as the chain covers it: the stored row's text forms. */
export interface ChainedRow {
  eventId: string;
  type: string;
  streamId: string;
  version: number;
  /** `data::text` (jsonb's own text form) */
  data: string;
  /** `metadata::text` */
  metadata: string;
  /** `created_at` in microseconds since the epoch, as text */
  createdUs: string;
}

/** the hash of one event chained to `previous`: the same formula as the trigger's `uo_event_hash` */
export function eventHash(previous: string, e: ChainedRow): string {
  return sha256(
    [previous, e.eventId, e.type, e.streamId, String(e.version), e.data, e.metadata, e.createdUs].join(
      SEPARATOR,
    ),
  );
}

/** the SELECT list of a row as `eventHash` reads it */
export const CHAINED_COLUMNS = `position, hash, event_id::text AS event_id, type, stream_id, stream_version,
  data::text AS data, metadata::text AS metadata,
  (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us`;

/**
 * DDL of the chain (inside the store's migration, which holds the append lock): the hash column, the anchor
 * (recorded once, naming the last event stored before the chain), the hashing trigger and the verifications.
 */
export async function migrateEventChain(tx: SqlExecutor, appendLockKey: number): Promise<void> {
  await tx.query('ALTER TABLE events ADD COLUMN IF NOT EXISTS hash text');
  await tx.query(`
    CREATE TABLE IF NOT EXISTS event_chain_anchor (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      position bigint NOT NULL,
      hash text NOT NULL,
      anchored_at timestamptz NOT NULL DEFAULT now()
    )`);
  await tx.query(`
    CREATE TABLE IF NOT EXISTS event_chain_verifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      verified_at timestamptz NOT NULL DEFAULT now(),
      ok boolean NOT NULL,
      events_checked bigint NOT NULL,
      head_position bigint NOT NULL,
      head_hash text,
      first_bad_position bigint,
      first_bad_event_id text,
      message text NOT NULL,
      seconds double precision NOT NULL
    )`);
  const anchored = await tx.query('SELECT 1 FROM event_chain_anchor');
  if (anchored.rows.length === 0) {
    const last = await tx.query<{ position: string | number; event_id: string }>(
      'SELECT position, event_id::text AS event_id FROM events ORDER BY position DESC LIMIT 1',
    );
    const position = Number(last.rows[0]?.position ?? 0);
    await tx.query('INSERT INTO event_chain_anchor (position, hash) VALUES ($1, $2)', [
      position,
      anchorHash(position, last.rows[0]?.event_id ?? null),
    ]);
  }
  await tx.query(`
    CREATE OR REPLACE FUNCTION uo_event_hash(prev text, event_id uuid, type text, stream_id text,
                                             stream_version integer, data jsonb, metadata jsonb,
                                             created_at timestamptz)
    RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT encode(sha256(convert_to(concat_ws(chr(31), prev, event_id::text, type, stream_id,
        stream_version::text, data::text, metadata::text,
        (extract(epoch FROM created_at) * 1000000)::bigint::text), 'UTF8')), 'hex')
    $$`);
  await tx.query(`
    CREATE OR REPLACE FUNCTION uo_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      prev text;
    BEGIN
      -- the transaction's first event takes the append lock and finds the head; the next ones find it in the
      -- setting the previous one left (set in this transaction, with the lock held until its end)
      prev := nullif(current_setting('uo.event_chain_head', true), '');
      IF prev IS NULL THEN
        PERFORM pg_advisory_xact_lock(${Number(appendLockKey)});
        SELECT e.hash INTO prev FROM events e ORDER BY e.position DESC LIMIT 1;
        IF prev IS NULL THEN
          SELECT a.hash INTO prev FROM event_chain_anchor a;
        END IF;
      END IF;
      NEW.hash := uo_event_hash(prev, NEW.event_id, NEW.type, NEW.stream_id, NEW.stream_version, NEW.data,
                                NEW.metadata, NEW.created_at);
      -- an assignment, not PERFORM: evaluated without starting an executor for every event
      prev := set_config('uo.event_chain_head', NEW.hash, true);
      RETURN NEW;
    END
    $$`);
  await tx.query(
    'CREATE OR REPLACE TRIGGER events_chain BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION uo_events_chain()',
  );
}

/** The first event that breaks the chain. */
export interface BrokenLink {
  position: number;
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  reason: string;
}

/** One verification's outcome (also what the console's event log shows of the last one). */
export interface ChainVerification {
  ok: boolean;
  verifiedAt: Date;
  /** events whose hash was recomputed */
  eventsChecked: number;
  /** the anchor the chain starts from */
  anchorPosition: number;
  /** the last event checked, and its hash (publish it to pin the log as it stands) */
  headPosition: number;
  headHash: string | null;
  firstBad: BrokenLink | null;
  message: string;
  seconds: number;
}

interface ChainRow {
  position: string | number;
  hash: string | null;
  event_id: string;
  type: string;
  stream_id: string;
  stream_version: number;
  data: string;
  metadata: string;
  created_us: string;
}

/** human wording of one broken link */
export function describeBrokenLink(b: BrokenLink): string {
  return `event ${b.position} (${b.type}, stream ${b.streamId} version ${b.version}, id ${b.eventId}): ${b.reason}`;
}

/**
 * Walks the chain from its anchor in global order (keyset batches, so appends go on meanwhile) and stops at the
 * first event that does not match. Records the outcome (`event_chain_verifications`) unless `record` is false.
 */
export async function verifyEventChain(
  sql: SqlClient,
  options: { batch?: number; record?: boolean; onProgress?: (checked: number) => void } = {},
): Promise<ChainVerification> {
  const batch = options.batch ?? 10_000;
  const started = performance.now();
  const exists = await sql.query<{ t: string | null }>(`SELECT to_regclass('event_chain_anchor')::text AS t`);
  const anchor = exists.rows[0]?.t
    ? await sql.query<{ position: string | number; hash: string }>(
        'SELECT position, hash FROM event_chain_anchor',
      )
    : { rows: [] };
  if (anchor.rows.length === 0)
    throw new Error(
      'The event store has no hash chain yet: start the api once (its migration anchors the chain)',
    );
  const anchorPosition = Number(anchor.rows[0].position);
  let previous = anchor.rows[0].hash;
  let after = anchorPosition;
  let checked = 0;
  let headHash: string | null = null;
  let firstBad: BrokenLink | null = null;
  outer: for (;;) {
    const { rows } = await sql.query<ChainRow>(
      `SELECT ${CHAINED_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
      [after, batch],
    );
    for (const row of rows) {
      const position = Number(row.position);
      const link = {
        eventId: row.event_id,
        type: row.type,
        streamId: row.stream_id,
        version: Number(row.stream_version),
      };
      const expected = eventHash(previous, {
        ...link,
        data: row.data,
        metadata: row.metadata,
        createdUs: row.created_us,
      });
      const reason =
        row.hash === null
          ? 'it carries no hash (stored behind the event store’s back)'
          : row.hash !== expected
            ? 'its stored hash does not match its contents (type, stream, version, data, metadata or time) ' +
              'chained to the event before it: it, or the order of events before it, was changed'
            : null;
      if (reason) {
        firstBad = { position, ...link, reason };
        break outer;
      }
      checked++;
      previous = expected;
      headHash = expected;
      after = position;
    }
    options.onProgress?.(checked);
    if (rows.length < batch) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const message = firstBad
    ? `The event chain is broken at ${describeBrokenLink(firstBad)}`
    : checked === 0
      ? `The event chain holds no event after its anchor (position ${anchorPosition})`
      : `The event chain is intact: ${checked} events after the anchor (position ${anchorPosition}) up to position ${after}`;
  const result: ChainVerification = {
    ok: firstBad === null,
    verifiedAt: new Date(),
    eventsChecked: checked,
    anchorPosition,
    headPosition: after,
    headHash,
    firstBad,
    message,
    seconds,
  };
  if (options.record !== false) {
    await sql.query(
      `INSERT INTO event_chain_verifications
         (verified_at, ok, events_checked, head_position, head_hash, first_bad_position, first_bad_event_id,
          message, seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        result.verifiedAt.toISOString(),
        result.ok,
        checked,
        after,
        headHash,
        firstBad?.position ?? null,
        firstBad?.eventId ?? null,
        message,
        seconds,
      ],
    );
  }
  return result;
}

/** The last recorded verification, or null when the chain was never verified. */
export async function lastEventChainVerification(
  sql: SqlExecutor,
): Promise<
  (Omit<ChainVerification, 'firstBad' | 'anchorPosition'> & { firstBadPosition: number | null }) | null
> {
  const { rows } = await sql.query<{
    verified_at: Date | string;
    ok: boolean;
    events_checked: string | number;
    head_position: string | number;
    head_hash: string | null;
    first_bad_position: string | number | null;
    message: string;
    seconds: number;
  }>('SELECT * FROM event_chain_verifications ORDER BY id DESC LIMIT 1');
  const r = rows[0];
  if (!r) return null;
  return {
    ok: r.ok,
    verifiedAt: new Date(r.verified_at),
    eventsChecked: Number(r.events_checked),
    headPosition: Number(r.head_position),
    headHash: r.head_hash,
    firstBadPosition: r.first_bad_position === null ? null : Number(r.first_bad_position),
    message: r.message,
    seconds: Number(r.seconds),
  };
}
