import type { Collection, Db, Document, Filter, MongoClient } from 'mongodb';
import type { MongoBatchOptions } from './mongo-projection';

/** The database of the read models when READ_MODELS_MONGO_URL names none. */
export const DEFAULT_MONGO_DATABASE = 'user_office';
/** one document per Mongo projection: its version, checkpoint and live generation of collections */
export const MONGO_CHECKPOINTS = 'projection_checkpoints';

export interface MongoCheckpoint {
  _id: string;
  version: number;
  position: number;
  /** the live collections are `<logical name>__g<generation>`; a rebuild writes the next one, then moves this */
  generation: number;
  updatedAt: Date;
  /** a batch begun and not yet checkpointed: its range and claim (MongoBatch), finished by the next attempt */
  pending?: PendingBatch | null;
}

export interface PendingBatch {
  from: number;
  to: number;
  claim: Document;
}

/** the physical name of a projection's logical collection in one generation */
export const physicalName = (logical: string, generation: number): string => `${logical}__g${generation}`;

/**
 * The connection to the MongoDB (FerretDB in tests) holding the design card's read models, when
 * READ_MODELS_MONGO_URL is set. Readers find a projection's live collections through its checkpoint document
 * (the generation a rebuild swapped in), so a rebuild swaps them with one document update, without renaming.
 */
export class MongoReadModels {
  readonly db: Db;
  private readonly generations = new Map<string, { generation: number; readAt: number }>();
  private ferretDb: boolean | null = null;

  private constructor(
    readonly client: MongoClient,
    databaseName: string,
  ) {
    this.db = client.db(databaseName);
  }

  /** connects lazily: MongoDB away at start is a wait (the projector retries), not a crash */
  static open(url: string): MongoReadModels {
    // loaded when the Mongo read models are configured, not at every start of the api (about 0.2 s)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { MongoClient: Client } = require('mongodb') as typeof import('mongodb');
    const client = new Client(url, {
      serverSelectionTimeoutMS: 5000,
      connectTimeoutMS: 5000,
      // FerretDB 1.x answers no retryable writes (no sessions with transactions): plain writes, guarded by position
      retryWrites: false,
    });
    return new MongoReadModels(client, databaseOf(url));
  }

  get checkpoints(): Collection<MongoCheckpoint> {
    return this.db.collection<MongoCheckpoint>(MONGO_CHECKPOINTS);
  }

  /**
   * The live collection of `projection`'s `logical` collection. The generation is read from the checkpoint at
   * most every `maxAgeMs` (a swap by another process is seen within it; the replaced generation is dropped later
   * than that, so a query in flight still finds it).
   */
  async live<T extends Document = Document>(
    projection: string,
    logical: string,
    maxAgeMs = 250,
  ): Promise<Collection<T>> {
    const cached = this.generations.get(projection);
    let generation = cached?.generation;
    if (!cached || Date.now() - cached.readAt > maxAgeMs) {
      const row = await this.checkpoints.findOne({ _id: projection }, { projection: { generation: 1 } });
      generation = row?.generation ?? 0;
      this.generations.set(projection, { generation, readAt: Date.now() });
    }
    return this.db.collection<T>(physicalName(logical, generation ?? 0));
  }

  /** this process swapped `projection` to `generation`: its readers see it at once */
  noteGeneration(projection: string, generation: number): void {
    this.generations.set(projection, { generation, readAt: Date.now() });
  }

  /**
   * Whether the server is FerretDB (its buildInfo names its version). FerretDB 1.x pushes only a top-level
   * equality down to its SQL and evaluates every other condition (`$in` included) in its own process over every
   * document of the collection, so reads by key go one key per query there, and one `$in` on MongoDB.
   */
  async isFerretDb(): Promise<boolean> {
    if (this.ferretDb === null) {
      const info = await this.db.admin().command({ buildInfo: 1 });
      this.ferretDb = typeof info.ferretdbVersion === 'string';
    }
    return this.ferretDb;
  }

  /** how a projection's batch reads and writes on this server (see isFerretDb, bulkWriteInCommands) */
  async batchOptions(): Promise<MongoBatchOptions> {
    const ferretDb = await this.isFerretDb();
    return { readByKey: ferretDb, statementsPerCommand: ferretDb ? 16 : 1000 };
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** the database named in the URL's path, else DEFAULT_MONGO_DATABASE */
export function databaseOf(url: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(url);
  const name = match?.[1] ? decodeURIComponent(match[1]) : '';
  return name || DEFAULT_MONGO_DATABASE;
}

/** a driver error meaning the server is away (a wait, not a bug) */
export function isMongoConnectionError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  return /MongoServerSelectionError|MongoNetworkError|MongoNetworkTimeoutError|MongoTopologyClosedError|PoolClearedError/.test(
    name,
  );
}

/** equality queries in flight at once when reading by key */
const BY_KEY_AT_ONCE = 4;

/**
 * The documents of `collection` with these keys: one `$in` query (an index lookup on MongoDB), or with `byKey` one
 * equality query per key, a few at a time (FerretDB: see MongoReadModels.isFerretDb).
 */
export async function findByIds<T extends Document & { _id: unknown }>(
  collection: Collection<T>,
  ids: readonly T['_id'][],
  byKey: boolean,
): Promise<T[]> {
  if (ids.length === 0) return [];
  if (!byKey) return (await collection.find({ _id: { $in: [...ids] } } as Filter<T>).toArray()) as T[];
  const found: T[] = [];
  for (let i = 0; i < ids.length; i += BY_KEY_AT_ONCE) {
    const docs = await Promise.all(
      ids.slice(i, i + BY_KEY_AT_ONCE).map((id) => collection.findOne({ _id: id } as Filter<T>)),
    );
    for (const d of docs) if (d) found.push(d as T);
  }
  return found;
}
