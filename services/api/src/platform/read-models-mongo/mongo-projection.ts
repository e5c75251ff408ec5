import { SetMetadata } from '@nestjs/common';
import type { AnyBulkWriteOperation, Collection, Document, IndexDescription } from 'mongodb';
import type { StoredEvent } from '../event-store/event-store.port';

export const MONGO_PROJECTION_KEY = 'uo:mongo-projection';

/** Marks a provider implementing `MongoProjection`; used when READ_MODELS_MONGO_URL is set. */
export const RegisterMongoProjection = () => SetMetadata(MONGO_PROJECTION_KEY, true);

export interface MongoCollectionSpec {
  name: string;
  indexes: readonly IndexDescription[];
}

/** a read model's document: its key is the read model's own (a proposal's pk, an event's position, …) */
export type MongoDoc = Document & { _id: number | string };

/** a projection's collections by logical name, in the generation being written */
export type MongoCollections = Readonly<Record<string, Collection<MongoDoc>>>;

/**
 * One batch of events folded in memory, not written yet (`MongoProjection.prepareBatch`). `claim` is what must be
 * applied exactly once for the batch (the counts' changes), computed against the read model as it was at the
 * batch's start; the runner keeps it with the checkpoint before anything is written, so that an attempt that
 * stops half-way is finished by the next one with the same claim (the documents, by then partly written, no longer
 * tell what the batch changed).
 */
export interface MongoBatch {
  readonly claim: Document | null;
  /**
   * Writes the batch's documents (each only over an older one: a replay changes nothing), then `claim` (this
   * batch's, or the one an earlier attempt of the batch starting at `from` recorded), applied once per `from`.
   */
  write(claim: Document | null, from: number): Promise<void>;
}

/** how a batch reads and writes on this server (MongoReadModels.batchOptions) */
export interface MongoBatchOptions {
  /** read documents by key one equality query each instead of one `$in` (FerretDB) */
  readByKey: boolean;
  /** statements per update or delete command of a bulk write (bulkWriteInCommands) */
  statementsPerCommand: number;
}

/**
 * A read model in MongoDB, replacing the relational projection of the same name when READ_MODELS_MONGO_URL is set.
 * Async (run by the projector from its checkpoint). No multi-document transactions (FerretDB 1.x has none): each
 * document carries `_pos`, the position of the last event applied to it, and a batch changes a document only with
 * events after its `_pos`, so a batch applied twice (a crash between the documents and the checkpoint) changes
 * nothing the second time; what cannot be guarded that way (counts) is the batch's claim (MongoBatch).
 */
export interface MongoProjection {
  name: string;
  version: number;
  eventTypes: readonly string[] | 'all';
  collections: readonly MongoCollectionSpec[];
  /** folds `events` (in position order, all after the read model's checkpoint) against the documents they touch */
  prepareBatch(
    collections: MongoCollections,
    events: readonly StoredEvent[],
    options: MongoBatchOptions,
  ): Promise<MongoBatch>;
  /** how a document compares in a verification (default: as stored) */
  comparable?(logical: string, doc: Document): Document;
}

/** prepares and writes one batch with its own claim (replays into collections nobody else writes: rebuild, verify) */
export async function applyBatch(
  p: MongoProjection,
  collections: MongoCollections,
  events: readonly StoredEvent[],
  from: number,
  options: MongoBatchOptions,
): Promise<void> {
  if (events.length === 0) return;
  const batch = await p.prepareBatch(collections, events, options);
  await batch.write(batch.claim, from);
}

export function handlesMongo(p: MongoProjection, type: string): boolean {
  return p.eventTypes === 'all' || p.eventTypes.includes(type);
}

/** the write errors of a bulk write or insertMany (the driver gives a list or an object by index) */
function writeErrorsOf(error: unknown): { index?: number; code?: number }[] | null {
  const e = error as { name?: string; writeErrors?: unknown };
  if (e?.name !== 'MongoBulkWriteError') return null;
  const errors = Array.isArray(e.writeErrors) ? e.writeErrors : Object.values(e.writeErrors ?? {});
  return errors as { index?: number; code?: number }[];
}

/** a bulk write or insertMany whose only failures are inserts of documents that were there already */
export function onlyDuplicateKeys(error: unknown): boolean {
  const errors = writeErrorsOf(error);
  return errors !== null && errors.length > 0 && errors.every((w) => w.code === 11000);
}

/**
 * Inserts `docs` in one unordered insertMany and answers the indexes of those whose key was there already (a
 * replay, another projector); any other failure is thrown.
 */
export async function insertNew(
  collection: Collection<MongoDoc>,
  docs: readonly MongoDoc[],
): Promise<number[]> {
  if (docs.length === 0) return [];
  try {
    await collection.insertMany([...docs], { ordered: false });
    return [];
  } catch (error) {
    if (!onlyDuplicateKeys(error)) throw error;
    return (writeErrorsOf(error) ?? []).map((w) => w.index ?? -1).filter((i) => i >= 0);
  }
}

/**
 * One unordered bulk write sent in commands of at most `perCommand` statements, inserts of keys already there
 * ignored (a replay). FerretDB 1.24 keeps a PostgreSQL connection for each matched statement of an update command
 * until the command ends, and takes one more for each statement's write: an update command of more statements
 * than its pool holds (50) never ends, and every other client waits with it. MongoDB takes any size in one command.
 */
export async function bulkWriteInCommands<T extends Document>(
  collection: Collection<T>,
  ops: readonly AnyBulkWriteOperation<T>[],
  perCommand: number,
): Promise<void> {
  for (let i = 0; i < ops.length; i += perCommand)
    await collection.bulkWrite(ops.slice(i, i + perCommand), { ordered: false }).catch((error: unknown) => {
      if (!onlyDuplicateKeys(error)) throw error;
    });
}
