import { SetMetadata } from '@nestjs/common';
import type { Collection, Document, IndexDescription } from 'mongodb';
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
 * A read model in MongoDB, replacing the relational projection of the same name when READ_MODELS_MONGO_URL is set.
 * Async (run by the projector from its checkpoint). No multi-document transactions (FerretDB 1.x has none): each
 * document carries `_pos`, the position of the last event applied to it, and `applyBatch` changes a document only
 * with events after its `_pos`, so a batch applied twice (a crash between the documents and the checkpoint)
 * changes nothing the second time.
 */
export interface MongoProjection {
  name: string;
  version: number;
  eventTypes: readonly string[] | 'all';
  collections: readonly MongoCollectionSpec[];
  applyBatch(collections: MongoCollections, events: readonly StoredEvent[]): Promise<void>;
  /** how a document compares in a verification (default: as stored) */
  comparable?(logical: string, doc: Document): Document;
}

export function handlesMongo(p: MongoProjection, type: string): boolean {
  return p.eventTypes === 'all' || p.eventTypes.includes(type);
}
