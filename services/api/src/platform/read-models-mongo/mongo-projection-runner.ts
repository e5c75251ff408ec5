import type { Collection, Document } from 'mongodb';
import type { EventStore, StoredEvent } from '../event-store/event-store.port';
import { isConnectionError } from '../observability/dependency-monitor';
import { RebuildRefusedError, type TableDifference } from '../projections/projection-rebuild';
import type { ProjectionStatus } from '../projections/projection-runner';
import {
  applyBatch,
  handlesMongo,
  type MongoBatchOptions,
  type MongoCollections,
  type MongoDoc,
  type MongoProjection,
} from './mongo-projection';
import {
  isMongoConnectionError,
  physicalName,
  type MongoCheckpoint,
  type MongoReadModels,
  type PendingBatch,
} from './mongo-read-models';

/**
 * events a batch reads at most (the projector's and a replay's): a catch-up pays each batch's fixed costs (on
 * FerretDB a read by key is a scan of the collection) once per this many events
 */
const BATCH = 5000;
const POLL_MS = 1000;
/** a replaced generation is dropped this long after the swap (queries in flight still find it) */
const DROP_DELAY_MS = 10_000;
/** a rebuild or verify holds this lock document; a killed one lets go when it expires */
const LOCK_TTL_MS = 10 * 60_000;
const LOCKS = 'projection_locks';

interface Waiter {
  position: number;
  names: readonly string[];
  resolve: () => void;
}

type Logger = { log(message: string): void; error(message: string): void };

/**
 * Runs the Mongo projections (READ_MODELS_MONGO_URL): each one a loop from its checkpoint (a document of
 * `projection_checkpoints`), batch by batch: the batch folded in memory, its claim (the counts' changes) kept in the
 * checkpoint document, the documents written (guarded by their `_pos`), the claim applied once, then the checkpoint
 * moved only from where this batch started, the claim cleared with it. Rebuilds replay into the next generation of
 * collections while writers go on and swap it in by moving the checkpoint document; verifications replay into
 * scratch collections and compare.
 */
export class MongoProjectionRunner {
  private readonly checkpoints = new Map<string, number>();
  private readonly errors = new Map<string, string>();
  private readonly waiters = new Set<Waiter>();
  private readonly wakers = new Map<string, () => void>();
  private readonly pending = new Set<string>();
  private readonly ready = new Set<string>();
  private readonly loops: Promise<void>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = false;
  private stopListening: (() => void) | null = null;

  constructor(
    readonly mongo: MongoReadModels,
    private readonly store: EventStore,
    readonly projections: readonly MongoProjection[],
    private readonly logger: Logger = { log: () => undefined, error: () => undefined },
  ) {}

  has(name: string): boolean {
    return this.projections.some((p) => p.name === name);
  }

  /**
   * Checkpoints and indexes; a projection whose version changed is rebuilt (unless `rebuildChanged: false`). MongoDB
   * away at start is a wait: the loops prepare what could not be prepared here once it answers.
   */
  async initialize(options: { rebuildChanged?: boolean } = {}): Promise<void> {
    for (const p of this.projections) {
      try {
        await this.prepare(p, options.rebuildChanged !== false);
      } catch (error) {
        if (!isMongoConnectionError(error) && !isConnectionError(error)) throw error;
        this.errors.set(p.name, (error as Error).message);
        this.logger.error(`MongoDB read models not ready (${p.name}): ${(error as Error).message}`);
      }
    }
  }

  private async prepare(p: MongoProjection, rebuildChanged: boolean): Promise<void> {
    await this.mongo.checkpoints.updateOne(
      { _id: p.name },
      {
        $setOnInsert: { version: p.version, position: 0, generation: 0, updatedAt: new Date() },
      },
      { upsert: true },
    );
    const cp = await this.checkpoint(p.name);
    if (cp.version !== p.version) {
      if (!rebuildChanged) {
        this.logger.log(`Mongo projection ${p.name}: version ${cp.version} → ${p.version}, rebuild pending`);
        return;
      }
      this.logger.log(`Mongo projection ${p.name}: version ${cp.version} → ${p.version}, rebuilding`);
      await this.rebuild(p.name, { unlessCurrent: true, wait: true });
    } else {
      await this.createIndexes(p, cp.generation);
      this.checkpoints.set(p.name, cp.position);
    }
    this.mongo.noteGeneration(p.name, (await this.checkpoint(p.name)).generation);
    this.ready.add(p.name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopListening = this.store.onAppended(() => this.wakeAll());
    for (const p of this.projections) this.loops.push(this.loop(p));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopListening?.();
    this.wakeAll();
    await Promise.all(this.loops.splice(0));
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  status(): ProjectionStatus[] {
    return this.projections.map((p) => ({
      name: p.name,
      version: p.version,
      mode: 'async' as const,
      position: this.checkpoints.get(p.name) ?? 0,
      running: this.running,
      lastError: this.errors.get(p.name) ?? null,
    }));
  }

  async lag(): Promise<Record<string, number>> {
    const head = await this.store.headPosition();
    return Object.fromEntries(
      this.projections.map((p) => [p.name, Math.max(0, head - (this.checkpoints.get(p.name) ?? 0))]),
    );
  }

  async ping(): Promise<void> {
    await this.mongo.ping();
  }

  /** Read-your-writes: resolves when these Mongo projections have processed `position`. */
  async waitFor(position: number, names: readonly string[], timeoutMs = 10_000): Promise<void> {
    for (const name of names) if (!this.has(name)) throw new Error(`Unknown projection ${name}`);
    if (names.every((n) => (this.checkpoints.get(n) ?? 0) >= position)) return;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { position, names, resolve: () => undefined };
      const deadline = setTimeout(() => {
        this.waiters.delete(waiter);
        clearInterval(poll);
        reject(new Error(`Timed out waiting for projections ${names.join(', ')} to reach ${position}`));
      }, timeoutMs);
      // another process may run the projector: read the checkpoints too
      const poll = setInterval(() => {
        if (!this.running)
          void this.refreshCheckpoints(names)
            .then(() => this.settleWaiters())
            .catch(() => undefined);
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
   * Replays one projection from position 0 into the next generation of its collections while the projector goes
   * on writing the live one, replays what was appended meanwhile, then swaps by moving the checkpoint document to
   * the new generation and the last replayed position (the projector goes on from there, in the new collections).
   * The replaced collections are dropped a little later. Refused while another rebuild or verify runs.
   */
  async rebuild(
    name: string,
    options: { unlessCurrent?: boolean; wait?: boolean } = {},
  ): Promise<{ events: number; position: number }> {
    const p = this.get(name);
    return this.withLock(options.wait ?? false, async () => {
      const cp = await this.checkpoint(p.name);
      if (options.unlessCurrent && cp.version === p.version) {
        this.checkpoints.set(p.name, cp.position);
        return { events: 0, position: cp.position };
      }
      const generation = cp.generation + 1;
      await this.dropGeneration(p, generation);
      await this.createIndexes(p, generation);
      const target = this.collectionsOf(p, generation);
      let { position, count } = await this.replay(p, target, 0);
      for (;;) {
        const more = await this.replay(p, target, position);
        position = more.position;
        count += more.count;
        const swapped = await this.mongo.checkpoints.updateOne(
          { _id: p.name, generation: cp.generation },
          { $set: { generation, position, version: p.version, pending: null, updatedAt: new Date() } },
        );
        if (swapped.matchedCount === 0)
          throw new RebuildRefusedError(`Projection ${p.name} was swapped by another rebuild meanwhile`);
        break;
      }
      this.mongo.noteGeneration(p.name, generation);
      this.checkpoints.set(p.name, position);
      this.settleWaiters();
      this.later(() => this.dropGeneration(p, cp.generation));
      this.logger.log(`Mongo projection ${p.name} rebuilt: ${count} events up to position ${position}`);
      return { events: count, position };
    });
  }

  /**
   * Replays one projection into scratch collections up to the live checkpoint and compares them, document for
   * document, with the live ones. A document the projector changed after that checkpoint meanwhile is compared
   * again after replaying further (a few rounds); swaps nothing and drops the scratch collections.
   */
  async verify(
    name: string,
    options: { sample?: number } = {},
  ): Promise<{ events: number; position: number; tables: TableDifference[] }> {
    const p = this.get(name);
    const sample = options.sample ?? 5;
    return this.withLock(false, async () => {
      let cp = await this.checkpoint(p.name);
      if (cp.version !== p.version)
        throw new Error(
          `Projection ${p.name} is at version ${cp.version}, the code at ${p.version}: its rebuild is pending ` +
            '(the next start or npm run projections:rebuild does it)',
        );
      const scratch = Object.fromEntries(
        p.collections.map((c) => [c.name, this.mongo.db.collection<MongoDoc>(`${c.name}__verify`)]),
      );
      await Promise.all(Object.values(scratch).map((c) => c.drop().catch(() => undefined)));
      try {
        let replayed = await this.replay(p, scratch, 0, cp.position);
        let tables: TableDifference[] = [];
        for (let round = 0; round < 5; round++) {
          tables = await this.compare(p, cp, scratch, sample);
          const now = await this.checkpoint(p.name);
          if (now.position === cp.position && now.generation === cp.generation) break;
          const more = await this.replay(p, scratch, replayed.position, now.position);
          replayed = { position: more.position, count: replayed.count + more.count };
          cp = now;
        }
        return { events: replayed.count, position: cp.position, tables };
      } finally {
        await Promise.all(Object.values(scratch).map((c) => c.drop().catch(() => undefined)));
      }
    });
  }

  private async compare(
    p: MongoProjection,
    cp: MongoCheckpoint,
    scratch: Record<string, Collection<MongoDoc>>,
    sample: number,
  ): Promise<TableDifference[]> {
    const result: TableDifference[] = [];
    for (const spec of p.collections) {
      const live = this.mongo.db.collection(physicalName(spec.name, cp.generation));
      const shape = (d: Document) => JSON.stringify(p.comparable ? p.comparable(spec.name, d) : d);
      const liveDocs = await live.find({}).sort({ _id: 1 }).toArray();
      const replayedDocs = await scratch[spec.name].find({}).sort({ _id: 1 }).toArray();
      const byId = (docs: Document[]) => new Map(docs.map((d) => [JSON.stringify(d._id), d]));
      const l = byId(liveDocs);
      const r = byId(replayedDocs);
      const onlyLive: Document[] = [];
      const onlyReplayed: Document[] = [];
      for (const [id, doc] of l) {
        const other = r.get(id);
        if (!other || shape(other) !== shape(doc)) {
          onlyLive.push(doc);
          if (other) onlyReplayed.push(other);
        }
      }
      for (const [id, doc] of r) if (!l.has(id)) onlyReplayed.push(doc);
      result.push({
        table: spec.name,
        key: ['_id'],
        liveRows: liveDocs.length,
        replayedRows: replayedDocs.length,
        onlyLive: onlyLive.length,
        onlyReplayed: onlyReplayed.length,
        samples: { live: onlyLive.slice(0, sample), replayed: onlyReplayed.slice(0, sample) },
      });
    }
    return result;
  }

  private async replay(
    p: MongoProjection,
    target: MongoCollections,
    from: number,
    to = Infinity,
  ): Promise<{ position: number; count: number }> {
    const options = await this.batchOptions();
    let position = from;
    let count = 0;
    for (;;) {
      const read = await this.store.readAll({ after: position, limit: BATCH, types: typesOf(p) });
      const events = read.filter((e) => e.position <= to);
      if (events.length > 0) {
        // nobody else writes these collections: the batch's own claim, applied at once
        await applyBatch(p, target, events, position, options);
        position = events[events.length - 1].position;
        count += events.length;
      }
      if (events.length < read.length || read.length < BATCH) return { position, count };
    }
  }

  private batchOptions(): Promise<MongoBatchOptions> {
    return this.mongo.batchOptions();
  }

  private async loop(p: MongoProjection): Promise<void> {
    while (this.running) {
      try {
        if (!this.ready.has(p.name)) await this.prepare(p, true);
        const processed = await this.step(p);
        if (this.errors.has(p.name)) this.logger.log(`Mongo projection ${p.name} resumed`);
        this.errors.delete(p.name);
        if (processed === 0) await this.sleep(p.name, POLL_MS);
      } catch (error) {
        const message = (error as Error).message;
        if (this.errors.get(p.name) !== message)
          this.logger.error(
            `Mongo projection ${p.name} waits: ${message}${process.env.UO_DEBUG_MONGO ? (error as Error).stack : ''}`,
          );
        this.errors.set(p.name, message);
        await this.sleep(p.name, POLL_MS);
      }
    }
  }

  /**
   * One batch: folded in memory; its claim kept in the checkpoint document (only if nobody moved or claimed it
   * meanwhile); the documents (guarded by `_pos`) and the claim written; then the checkpoint moved from where the
   * batch started, the claim cleared in the same update. A batch claimed and not checkpointed (the process stopped,
   * MongoDB went away) is done again by the next step over the same events with the recorded claim.
   */
  private async step(p: MongoProjection): Promise<number> {
    let cp = await this.checkpoint(p.name);
    if (cp.version !== p.version) throw new Error(`Mongo projection ${p.name}: rebuild pending`);
    const from = cp.position;
    this.checkpoints.set(p.name, from);
    this.settleWaiters();
    if (cp.pending && cp.pending.from !== from) {
      // left over by a batch whose checkpoint moved some other way: nothing to finish
      await this.mongo.checkpoints.updateOne(
        { _id: p.name, position: from, 'pending.from': cp.pending.from },
        { $set: { pending: null } },
      );
      cp = { ...cp, pending: null };
    }
    const pending: PendingBatch | null = cp.pending ?? null;
    let events: StoredEvent[];
    let to: number;
    if (pending) {
      to = pending.to;
      events = await this.readRange(p, from, to);
    } else {
      const head = await this.store.headPosition();
      if (head <= from) return 0;
      events = await this.store.readAll({ after: from, limit: BATCH, types: typesOf(p) });
      const last = events.length > 0 ? events[events.length - 1].position : from;
      to = events.length < BATCH ? Math.max(head, last) : last;
    }
    const collections = this.collectionsOf(p, cp.generation);
    const batch =
      events.length > 0 ? await p.prepareBatch(collections, events, await this.batchOptions()) : null;
    const claim = pending ? pending.claim : (batch?.claim ?? null);
    if (!pending && claim) {
      const claimed = await this.mongo.checkpoints.updateOne(
        { _id: p.name, generation: cp.generation, position: from, pending: null },
        { $set: { pending: { from, to, claim }, updatedAt: new Date() } },
      );
      // another projector or a rebuild moved or claimed it: the next step starts from what is there now
      if (claimed.matchedCount === 0) return 1;
    }
    if (batch) await batch.write(claim, from);
    const moved = await this.mongo.checkpoints.updateOne(
      { _id: p.name, generation: cp.generation, position: from },
      { $set: { position: to, pending: null, updatedAt: new Date() } },
    );
    if (moved.matchedCount === 1) this.checkpoints.set(p.name, to);
    this.settleWaiters();
    return Math.max(1, events.length);
  }

  /** the events of this projection after `from` up to `to` */
  private async readRange(p: MongoProjection, from: number, to: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    let after = from;
    for (;;) {
      const read = await this.store.readAll({ after, limit: BATCH, types: typesOf(p) });
      for (const e of read) if (e.position <= to) events.push(e);
      if (read.length < BATCH || read[read.length - 1].position >= to) return events;
      after = read[read.length - 1].position;
    }
  }

  private async checkpoint(name: string): Promise<MongoCheckpoint> {
    const cp = await this.mongo.checkpoints.findOne({ _id: name });
    if (!cp) throw new Error(`Mongo projection ${name} has no checkpoint yet: start the product once`);
    return cp;
  }

  private async refreshCheckpoints(names: readonly string[]): Promise<void> {
    const rows = await this.mongo.checkpoints.find({ _id: { $in: [...names] } }).toArray();
    for (const r of rows) this.checkpoints.set(r._id, r.position);
  }

  private collectionsOf(p: MongoProjection, generation: number): MongoCollections {
    return Object.fromEntries(
      p.collections.map((c) => [
        c.name,
        this.mongo.db.collection<MongoDoc>(physicalName(c.name, generation)),
      ]),
    );
  }

  /**
   * The indexes of a generation's collections that are not there yet (every start asks): FerretDB 1.24 drops the
   * connection (a panic in its handler) on a createIndexes of two or more indexes that all exist already.
   */
  private async createIndexes(p: MongoProjection, generation: number): Promise<void> {
    for (const c of p.collections) {
      const collection = this.mongo.db.collection(physicalName(c.name, generation));
      const existing = new Set(
        (
          await collection
            .listIndexes()
            .toArray()
            .catch(() => [])
        ) // a collection not created yet has none
          .map((i: Document) => String(i.name)),
      );
      const missing = c.indexes.filter((i) => !existing.has(String(i.name)));
      if (missing.length > 0) await collection.createIndexes([...missing]);
      else if (c.indexes.length === 0)
        await this.mongo.db.createCollection(collection.collectionName).catch(() => undefined);
    }
  }

  private async dropGeneration(p: MongoProjection, generation: number): Promise<void> {
    for (const c of p.collections)
      await this.mongo.db
        .collection(physicalName(c.name, generation))
        .drop()
        .catch(() => undefined);
  }

  /** one rebuild or verify at a time per database: a lock document, expiring if its holder was killed */
  private async withLock<T>(wait: boolean, fn: () => Promise<T>): Promise<T> {
    const locks = this.mongo.db.collection<{ _id: string; until: Date; holder: string }>(LOCKS);
    const holder = `pid ${process.pid} since ${new Date().toISOString()}`;
    for (;;) {
      await locks.deleteOne({ _id: 'rebuild', until: { $lt: new Date() } });
      try {
        await locks.insertOne({ _id: 'rebuild', until: new Date(Date.now() + LOCK_TTL_MS), holder });
        break;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        if (!wait) {
          const other = await locks.findOne({ _id: 'rebuild' });
          throw new RebuildRefusedError(
            `Another projections rebuild or verify is running on the read models' MongoDB (${other?.holder ?? 'another process'}): ` +
              'nothing was changed. Run this again when it has finished.',
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    try {
      return await fn();
    } finally {
      await locks.deleteOne({ _id: 'rebuild', holder }).catch(() => undefined);
    }
  }

  private later(fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void fn().catch(() => undefined);
    }, DROP_DELAY_MS);
    timer.unref();
    this.timers.add(timer);
  }

  private get(name: string): MongoProjection {
    const p = this.projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}`);
    return p;
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

  private wakeAll(): void {
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

function typesOf(p: MongoProjection): readonly string[] | undefined {
  return p.eventTypes === 'all' ? undefined : p.eventTypes;
}

/** the events of a batch this projection handles */
export function mine(p: MongoProjection, events: readonly StoredEvent[]): StoredEvent[] {
  return events.filter((e) => handlesMongo(p, e.type));
}
