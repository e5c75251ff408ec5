import { DeferredWrites } from '../database/deferred-writes';
import type { SqlClient, SqlExecutor } from '../database/sql-client';
import { quoteIdent, quoteLiteral } from '../database/pg-sql-client';
import type { EventStore, StoredEvent } from '../event-store/event-store.port';
import { APPEND_LOCK_KEY, SqlEventStore, readEvents } from '../event-store/sql-event-store';
import { isConnectionError } from '../observability/dependency-monitor';
import { applyEvents, handles, isReaction, type Projection } from './projection';
import {
  ScratchTables,
  clearRebuildLeftovers,
  isLockWaitOver,
  withRebuildLock,
  type TableDifference,
} from './projection-rebuild';

const BATCH = 1000;
const POLL_MS = 1000;
/** how far behind the head the loops may be and still share one read of every type (see read()) */
const SHARED_READ_SPAN = 200;
/** how long the loops of one wake-up share a read of the store's head */
const HEAD_REUSE_MS = 100;
/** a swap that cannot lock the live tables at once lets go and tries again (readers never wait long) */
const SWAP_ATTEMPTS = 200;

export interface ProjectionStatus {
  name: string;
  version: number;
  mode: 'inline' | 'async';
  position: number;
  running: boolean;
  lastError: string | null;
}

interface Waiter {
  position: number;
  names: readonly string[];
  resolve: () => void;
}

type Logger = { log(message: string): void; error(message: string): void };

/**
 * Keeps projections current. Inline projections are applied in the append transaction (SQL store);
 * async projections run as loops from their checkpoints. Checkpoints live in `projection_checkpoints`.
 */
export class ProjectionRunner {
  private readonly checkpoints = new Map<string, number>();
  private readonly errors = new Map<string, string>();
  private readonly waiters = new Set<Waiter>();
  private readonly wakers = new Map<string, () => void>();
  /** woken while busy: the next sleep returns at once */
  private readonly pending = new Set<string>();
  private readonly loops: Promise<void>[] = [];
  private running = false;
  private stopListening: (() => void) | null = null;
  /** wake-ups so far (each: events appended somewhere), and the head read for the latest */
  private wakes = 0;
  private head: { wakes: number; at: number; position: Promise<number> } | null = null;
  /** the highest appended position a wake-up was for */
  private notifiedHead = 0;
  /** the read shared by the loops of one wake-up that start at the same place (see read()) */
  private feed: { wakes: number; from: number; head: number; events: Promise<StoredEvent[]> } | null = null;
  /** the idle checkpoint moves of this turn, written together (see moveIdle()) */
  private idleMoves: { moves: Map<string, number>; written: Promise<void> } | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly logger: Logger = { log: () => undefined, error: () => undefined },
  ) {
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Duplicate projection name: ${p.name}`);
      names.add(p.name);
      p.tables.forEach((t) => quoteIdent(t.name));
    }
  }

  /** inline projections need the SQL store on the same database; otherwise they run as async */
  private get inlineSupported(): boolean {
    return this.store instanceof SqlEventStore;
  }

  private isInline(p: Projection): boolean {
    return p.mode === 'inline' && this.inlineSupported;
  }

  /** whether every one of these projections is written in the append itself (nothing to wait for) */
  areInline(names: readonly string[]): boolean {
    return names.every((name) => {
      const p = this.projections.find((x) => x.name === name);
      if (!p) throw new Error(`Unknown projection ${name}`);
      return this.isInline(p);
    });
  }

  /**
   * Creates tables and checkpoints, rebuilds projections whose version changed, catches inline ones up.
   * `rebuildChanged: false` (maintenance scripts) leaves a projection whose version changed as it is, for the
   * product's next start or an explicit rebuild: a verification must change nothing.
   */
  async initialize(options: { rebuildChanged?: boolean } = {}): Promise<void> {
    await this.sql.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name text PRIMARY KEY, version integer NOT NULL, position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await clearRebuildLeftovers(this.sql, this.projections);
    const pending = new Set<string>();
    for (const p of this.projections) {
      const row = await this.sql.query<{ version: number; position: string | number }>(
        'SELECT version, position FROM projection_checkpoints WHERE name = $1',
        [p.name],
      );
      const stored = row.rows[0];
      if (isReaction(p)) {
        // reactions start where the store is now and keep their place across versions
        const head = await this.store.headPosition();
        await this.sql.query(
          `INSERT INTO projection_checkpoints (name, version, position) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET version = $2`,
          [p.name, p.version, head],
        );
        this.checkpoints.set(p.name, stored ? Number(stored.position) : head);
      } else if (!stored) {
        await this.sql.transaction(async (tx) => {
          for (const t of p.tables) for (const ddl of t.ddl(t.name)) await tx.query(ddl);
          await tx.query(
            'INSERT INTO projection_checkpoints (name, version, position) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING',
            [p.name, p.version],
          );
        });
        this.checkpoints.set(p.name, 0);
      } else if (Number(stored.version) !== p.version) {
        if (options.rebuildChanged === false) {
          this.logger.log(`Projection ${p.name}: version ${stored.version} → ${p.version}, rebuild pending`);
          pending.add(p.name);
          continue;
        }
        this.logger.log(`Projection ${p.name}: version ${stored.version} → ${p.version}, rebuilding`);
        // several processes may start together: one rebuilds, the others wait for it and find it done
        await this.rebuild(p.name, { wait: true, unlessCurrent: true });
      } else {
        this.checkpoints.set(p.name, Number(stored.position));
      }
    }
    const inline = this.projections.filter((p) => this.isInline(p) && !pending.has(p.name));
    if (inline.length > 0) {
      // catch up under the append lock so no event slips between catch-up and the hook
      await this.sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
        for (const p of inline) await this.catchUpInTx(tx, p, this.tablesOf(p));
      });
      (this.store as SqlEventStore).setInlineHook((tx, events) => this.applyInline(tx, inline, events));
    }
  }

  /** Starts the async loops (projector run mode). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopListening = this.store.onAppended((position) => this.wakeAll(position));
    for (const p of this.projections.filter((x) => !this.isInline(x))) this.loops.push(this.loop(p));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopListening?.();
    this.wakeAll();
    await Promise.all(this.loops.splice(0));
  }

  status(): ProjectionStatus[] {
    return this.projections.map((p) => ({
      name: p.name,
      version: p.version,
      mode: this.isInline(p) ? 'inline' : 'async',
      position: this.checkpoints.get(p.name) ?? 0,
      running: this.isInline(p) || this.running,
      lastError: this.errors.get(p.name) ?? null,
    }));
  }

  /** Read-your-writes: resolves when the projections (default: all) have processed `position`. */
  async waitFor(position: number, names?: readonly string[], timeoutMs = 10_000): Promise<void> {
    const targets = (names ?? this.projections.map((p) => p.name)).filter((name) => {
      const p = this.projections.find((x) => x.name === name);
      if (!p) throw new Error(`Unknown projection ${name}`);
      return !this.isInline(p);
    });
    if (targets.every((n) => (this.checkpoints.get(n) ?? 0) >= position)) return;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { position, names: targets, resolve: () => undefined };
      const deadline = setTimeout(() => {
        this.waiters.delete(waiter);
        clearInterval(poll);
        reject(new Error(`Timed out waiting for projections ${targets.join(', ')} to reach ${position}`));
      }, timeoutMs);
      // another process may run the projector: poll the checkpoints too
      const poll = setInterval(() => {
        if (!this.running)
          void this.refreshCheckpoints(targets)
            .then(() => this.settleWaiters())
            .catch(() => undefined); // the database away: the next poll tries again, the deadline still holds
      }, 25);
      waiter.resolve = () => {
        clearTimeout(deadline);
        clearInterval(poll);
        resolve();
      };
      this.waiters.add(waiter);
      this.settleWaiters();
    });
  }

  /**
   * Rebuilds one projection from position 0 into scratch tables while writers go on, then, holding the append
   * lock, replays the last events and swaps the tables in, in one transaction. Refused (nothing changed) while
   * another rebuild or verify runs on the database, unless `wait`. `unlessCurrent`: skipped when the stored
   * version already is the projection's (another process rebuilt it meanwhile).
   */
  async rebuild(
    name: string,
    options: { wait?: boolean; unlessCurrent?: boolean } = {},
  ): Promise<{ events: number; position: number }> {
    const p = this.readModel(name);
    return withRebuildLock(this.sql, { wait: options.wait ?? false }, async () => {
      if (options.unlessCurrent) {
        const stored = await this.sql.query<{ version: number; position: string | number }>(
          'SELECT version, position FROM projection_checkpoints WHERE name = $1',
          [p.name],
        );
        const row = stored.rows[0];
        if (row && Number(row.version) === p.version) {
          this.checkpoints.set(p.name, Number(row.position));
          return { events: 0, position: Number(row.position) };
        }
      }
      const scratch = new ScratchTables(this.sql, this.store);
      await scratch.open();
      try {
        await scratch.create(p);
        const bulk = await scratch.replay(p, 0);
        await scratch.vacuumAnalyze(p);
        let events = bulk.count;
        let from = bulk.position;
        let result: { events: number; position: number } | null = null;
        for (let attempt = 1; !result; attempt++) {
          try {
            result = await this.sql.transaction(async (tx) => {
              // appends (and their inline projections) wait from here to the commit: nothing slips in between
              if (this.inlineSupported) await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
              // an async projector of this projection waits too, and then starts again from the new checkpoint
              await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [
                p.name,
              ]);
              const tail = await scratch.tail(tx, p, from, this.inlineSupported);
              // under the append lock the head is final; another store goes on from the last event replayed
              const position = this.inlineSupported
                ? Math.max(tail.position, await headIn(tx))
                : tail.position;
              await scratch.lockLive(tx, p);
              await scratch.swap(tx, p);
              await tx.query(
                `INSERT INTO projection_checkpoints (name, version, position, updated_at) VALUES ($1, $2, $3, now())
                 ON CONFLICT (name) DO UPDATE SET version = $2, position = $3, updated_at = now()`,
                [p.name, p.version, position],
              );
              return { events: events + tail.count, position };
            });
          } catch (error) {
            // queries held the live tables: everything of this attempt is rolled back (the tail included)
            if (!isLockWaitOver(error)) throw error;
            if (attempt >= SWAP_ATTEMPTS)
              throw new Error(
                `Projection ${p.name} not swapped: queries kept its tables busy through ${SWAP_ATTEMPTS} attempts`,
                { cause: error },
              );
            await new Promise((resolve) => setTimeout(resolve, Math.min(10 * attempt, 200)));
            const more = await scratch.replay(p, from); // what was appended meanwhile, outside the lock
            events += more.count;
            from = more.position;
          }
        }
        this.checkpoints.set(p.name, result.position);
        this.settleWaiters();
        this.logger.log(
          `Projection ${p.name} rebuilt: ${result.events} events up to position ${result.position}`,
        );
        return result;
      } finally {
        await scratch.close();
      }
    });
  }

  /**
   * Replays one projection from position 0 into scratch tables and compares them, row for row, with the live
   * tables at the live checkpoint; swaps nothing and drops the scratch tables. Appends (inline projections) or
   * the projector (async ones) wait while the last events are replayed and the tables compared.
   */
  async verify(
    name: string,
    options: { sample?: number } = {},
  ): Promise<{ events: number; position: number; tables: TableDifference[] }> {
    const p = this.readModel(name);
    return withRebuildLock(this.sql, { wait: false }, async () => {
      const stored = await this.sql.query<{ version: number; position: string | number }>(
        'SELECT version, position FROM projection_checkpoints WHERE name = $1',
        [p.name],
      );
      const row = stored.rows[0];
      if (!row) throw new Error(`Projection ${p.name} has no tables yet: start the product once`);
      if (Number(row.version) !== p.version)
        throw new Error(
          `Projection ${p.name} is at version ${row.version}, the code at ${p.version}: its rebuild is pending ` +
            '(the next start or npm run projections:rebuild does it)',
        );
      const scratch = new ScratchTables(this.sql, this.store);
      await scratch.open();
      try {
        await scratch.create(p);
        // the live checkpoint only moves forward: replay up to where it is now, then to where it is when locked
        const bulk = await scratch.replay(p, 0, Number(row.position));
        return await this.sql.transaction(async (tx) => {
          if (this.inlineSupported) await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
          const locked = await tx.query<{ position: string | number }>(
            'SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
            [p.name],
          );
          const position = Number(locked.rows[0]?.position ?? 0);
          const tail = await scratch.tail(tx, p, bulk.position, this.inlineSupported, position);
          const tables = await scratch.compare(tx, p, options.sample ?? 5);
          return { events: bulk.count + tail.count, position, tables };
        });
      } finally {
        await scratch.close();
      }
    });
  }

  /** head position minus checkpoint, per projection (inline projections are always current) */
  async lag(): Promise<Record<string, number>> {
    const head = await this.store.headPosition();
    return Object.fromEntries(
      this.projections.map((p) => [
        p.name,
        this.isInline(p) ? 0 : Math.max(0, head - (this.checkpoints.get(p.name) ?? 0)),
      ]),
    );
  }

  /** whether the checkpoint table answers (readiness) */
  async ping(): Promise<void> {
    await this.sql.query('SELECT count(*) FROM projection_checkpoints');
  }

  private readModel(name: string): Projection {
    const p = this.projections.find((x) => x.name === name);
    if (!p)
      throw new Error(`Unknown projection ${name}. Known: ${this.projections.map((x) => x.name).join(', ')}`);
    if (isReaction(p)) throw new Error(`${name} is a reaction: reactions are not replayed`);
    return p;
  }

  private tablesOf(p: Projection): Record<string, string> {
    return Object.fromEntries(p.tables.map((t) => [t.name, t.name]));
  }

  private async applyInline(tx: SqlExecutor, inline: Projection[], events: StoredEvent[]): Promise<void> {
    const profile = process.env.UO_BULK_PROFILE === '1' && events.length > 50 ? ([] as string[]) : null;
    for (const p of inline) {
      const started = performance.now();
      await applyEvents(p, tx, events, this.tablesOf(p));
      const ms = performance.now() - started;
      if (profile && ms > 20) profile.push(`${p.name} ${ms.toFixed(0)} ms`);
    }
    if (profile) process.stderr.write(`[inline profile] ${events.length} events: ${profile.join(', ')}\n`);
    const last = events[events.length - 1].position;
    if (tx.atCommit)
      // with the append's COMMIT (one round trip less per append)
      tx.atCommit(
        `UPDATE projection_checkpoints SET position = ${Number(last)}, updated_at = now()
          WHERE name IN (${inline.map((p) => quoteLiteral(p.name)).join(', ')})`,
      );
    else
      await tx.query(
        'UPDATE projection_checkpoints SET position = $1, updated_at = now() WHERE name = ANY($2::text[])',
        [last, inline.map((p) => p.name)],
      );
    for (const p of inline) this.checkpoints.set(p.name, last);
  }

  private async catchUpInTx(tx: SqlExecutor, p: Projection, tables: Record<string, string>): Promise<void> {
    // the stored checkpoint, read under the append lock: another process's inline appends may have moved it
    // since this one read it, and starting from the older position would apply their events a second time
    const from = await storedCheckpoint(tx, p.name);
    const { position } = await this.catchUpFrom(tx, p, tables, from);
    const to = Math.max(position, await headIn(tx));
    await tx.query('UPDATE projection_checkpoints SET position = $1, updated_at = now() WHERE name = $2', [
      to,
      p.name,
    ]);
    this.checkpoints.set(p.name, to);
  }

  private async catchUpFrom(
    tx: SqlExecutor,
    p: Projection,
    tables: Record<string, string>,
    from: number,
  ): Promise<{ position: number; count: number }> {
    let position = from;
    let count = 0;
    for (;;) {
      const events = await readEvents(tx, { after: position, limit: BATCH, types: typesOf(p) });
      await applyEvents(p, tx, events, tables);
      count += events.length;
      if (events.length > 0) position = events[events.length - 1].position;
      if (events.length < BATCH) return { position, count };
    }
  }

  private async loop(p: Projection): Promise<void> {
    while (this.running) {
      try {
        const processed = await this.step(p);
        this.errors.delete(p.name);
        if (processed === 0) await this.sleep(p.name, POLL_MS);
      } catch (error) {
        const message = (error as Error).message;
        // the database away is logged once by its connection's monitor, not here for every projection
        if (this.errors.get(p.name) !== message && !isConnectionError(error))
          this.logger.error(`Projection ${p.name} failed: ${message}`);
        this.errors.set(p.name, message);
        await this.sleep(p.name, POLL_MS);
      }
    }
  }

  /** One batch: read after the checkpoint, apply and move the checkpoint in one transaction. */
  private async step(p: Projection): Promise<number> {
    const from = this.checkpoints.get(p.name) ?? 0;
    const head = await this.headPosition();
    if (head <= from) return 0;
    const { events, to } = await this.read(p, from, head);
    if (events.length === 0) {
      // none of its events: the checkpoint moves, in one statement with the other loops' moves of this moment
      await this.moveIdle(p.name, to);
      this.checkpoints.set(p.name, Math.max(to, this.checkpoints.get(p.name) ?? 0));
      this.settleWaiters();
      return 1;
    }
    const tables = this.tablesOf(p);
    if (isReaction(p)) {
      // side effects outside any transaction (at least once; jobs de-duplicate by id); what the reaction owes
      // (its deferred writes: owed jobs) is written in the transaction that moves the checkpoint, then enqueued
      const writes = new DeferredWrites();
      await applyEvents(p, writes, events, tables);
      const move = async (db: SqlExecutor) => {
        await db.query(
          'UPDATE projection_checkpoints SET position = $1, updated_at = now() WHERE name = $2 AND position < $1',
          [to, p.name],
        );
      };
      // nothing owed (nothing to do for its events): the checkpoint alone, with the other loops' idle moves
      if (writes.size === 0) await this.moveIdle(p.name, to);
      else
        await this.sql.transaction(async (tx) => {
          await writes.flush(tx);
          await move(tx);
        });
      writes.committed();
      this.checkpoints.set(p.name, to);
      this.settleWaiters();
      return Math.max(1, events.length);
    }
    const applied = p.batchInsert
      ? await this.insertBatch(p, events, tables, from, to)
      : await this.sql.transaction(async (tx) => {
          // the checkpoint moved first, only from where this loop read (its row locked until the commit; the apply
          // failing rolls the move back): one statement instead of a locking read and an update
          const moved = await tx.query(
            'UPDATE projection_checkpoints SET position = $1, updated_at = now() WHERE name = $2 AND position = $3',
            [to, p.name, from],
          );
          if (moved.rowCount === 0) {
            // another runner (or a rebuild) moved it: start again from there
            return storedCheckpoint(tx, p.name);
          }
          await applyEvents(p, tx, events, tables);
          return to;
        });
    this.checkpoints.set(p.name, applied);
    this.settleWaiters();
    return Math.max(1, events.length);
  }

  /**
   * An async read model whose batch is one insert (`batchInsert`): the checkpoint's move from `from` and the rows
   * in one statement (atomic without a transaction: one round trip instead of four); where the checkpoint was not
   * at `from` (another runner or a rebuild moved it), nothing is written and the loop starts again from it.
   */
  private async insertBatch(
    p: Projection,
    events: readonly StoredEvent[],
    tables: Record<string, string>,
    from: number,
    to: number,
  ): Promise<number> {
    const mine = events.filter((e) => handles(p, e.type));
    const { text, params } = p.batchInsert!(mine, tables, 'EXISTS (SELECT 1 FROM moved)');
    const n = params.length;
    const written = await this.sql.query(
      `WITH moved AS (
         UPDATE projection_checkpoints SET position = $${n + 1}, updated_at = now()
          WHERE name = $${n + 2} AND position = $${n + 3} RETURNING 1)
       ${text}`,
      [...params, to, p.name, from],
    );
    if (written.rowCount > 0) return to;
    return storedCheckpoint(this.sql, p.name);
  }

  /**
   * The events after `from` that a loop applies, and where its checkpoint goes after them. The loops woken by one
   * append are all at the same place, a short way behind the head: they share one read of every type and each
   * keeps its own (one query instead of one per loop). A loop far behind (catching up) reads its types alone.
   */
  private async read(
    p: Projection,
    from: number,
    head: number,
  ): Promise<{ events: StoredEvent[]; to: number }> {
    const types = typesOf(p);
    let all: StoredEvent[];
    // every event up to `known` is in the read (it was known before the read began): a short read ends there
    let known = head;
    if (head - from <= SHARED_READ_SPAN) {
      let feed = this.feed;
      if (!feed || feed.wakes !== this.wakes || feed.from !== from) {
        const entry = {
          wakes: this.wakes,
          from,
          head,
          events: this.store.readAll({ after: from, limit: BATCH }),
        };
        entry.events.catch(() => {
          if (this.feed === entry) this.feed = null;
        });
        this.feed = feed = entry;
      }
      // a head read after the shared read began may hold events the read has not: the loop steps again for them
      known = Math.min(head, feed.head);
      all = await feed.events;
    } else all = await this.store.readAll({ after: from, limit: BATCH, types });
    const last = all.length > 0 ? all[all.length - 1].position : from;
    const to = all.length < BATCH ? Math.max(known, last) : last;
    if (!types) return { events: all, to };
    const wanted = new Set(types);
    return { events: all.filter((e) => wanted.has(e.type)), to };
  }

  /**
   * Moves a checkpoint past events the loop had nothing to do for. The moves asked for in one turn of the event
   * loop (an append wakes every loop at once) are written in one statement; a checkpoint never moves back.
   */
  private moveIdle(name: string, to: number): Promise<void> {
    let batch = this.idleMoves;
    if (!batch) {
      const moves = new Map<string, number>();
      const written = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        if (this.idleMoves === batch) this.idleMoves = null;
        await this.sql.query(
          `UPDATE projection_checkpoints AS c SET position = m.position, updated_at = now()
           FROM unnest($1::text[], $2::bigint[]) AS m(name, position)
           WHERE c.name = m.name AND c.position < m.position`,
          [[...moves.keys()], [...moves.values()]],
        );
      });
      this.idleMoves = batch = { moves, written };
    }
    batch.moves.set(name, Math.max(to, batch.moves.get(name) ?? 0));
    return batch.written;
  }

  private async refreshCheckpoints(names: readonly string[]): Promise<void> {
    const rows = await this.sql.query<{ name: string; position: string | number }>(
      'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[])',
      [[...names]],
    );
    for (const r of rows.rows) this.checkpoints.set(r.name, Number(r.position));
  }

  private settleWaiters(): void {
    for (const w of this.waiters) {
      if (w.names.every((n) => (this.checkpoints.get(n) ?? 0) >= w.position)) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }

  private sleep(name: string, ms: number): Promise<void> {
    if (this.pending.delete(name)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakers.set(name, done);
    });
  }

  /**
   * The store's head for the loops stepping on one wake-up: one query shared by them all, rather than one each
   * (an append wakes every async projection). A read is shared only with steps of the same wake-up (an append
   * committed since has woken them again) and only for HEAD_REUSE_MS (the polling fallback reads anew).
   */
  private headPosition(): Promise<number> {
    const now = Date.now();
    if (this.head && this.head.wakes === this.wakes && now - this.head.at < HEAD_REUSE_MS)
      return this.head.position;
    const entry = { wakes: this.wakes, at: now, position: this.store.headPosition() };
    this.head = entry;
    entry.position.catch(() => {
      if (this.head === entry) this.head = null;
    });
    return entry.position;
  }

  /**
   * Wakes every loop. With the position of an appended event, that position is the head the loops step to (no
   * query), and a wake for a position already woken for is none (a local append wakes the loops at once, then
   * again by its NOTIFY).
   */
  private wakeAll(position?: number): void {
    if (position !== undefined) {
      if (position <= this.notifiedHead) return;
      this.notifiedHead = position;
    }
    this.wakes += 1;
    if (position !== undefined)
      this.head = { wakes: this.wakes, at: Date.now(), position: Promise.resolve(position) };
    for (const p of this.projections) {
      const wake = this.wakers.get(p.name);
      if (wake) {
        this.wakers.delete(p.name);
        wake();
      } else {
        this.pending.add(p.name);
      }
    }
  }
}

async function headIn(tx: SqlExecutor): Promise<number> {
  const head = await tx.query<{ p: string | number }>('SELECT coalesce(max(position), 0) AS p FROM events');
  return Number(head.rows[0]?.p ?? 0);
}

function typesOf(p: Projection): readonly string[] | undefined {
  return p.eventTypes === 'all' ? undefined : p.eventTypes;
}

/** a projection's checkpoint as stored (0 when it has none yet) */
async function storedCheckpoint(db: SqlExecutor, name: string): Promise<number> {
  const stored = await db.query<{ position: string | number }>(
    'SELECT position FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  return Number(stored.rows[0]?.position ?? 0);
}
