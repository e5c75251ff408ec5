import { Injectable } from '@nestjs/common';
import type { Filter } from 'mongodb';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import {
  insertNew,
  RegisterMongoProjection,
  type MongoBatch,
  type MongoCollectionSpec,
  type MongoCollections,
  type MongoDoc,
  type MongoProjection,
} from '../../../../platform/read-models-mongo/mongo-projection';
import type { MongoReadModels } from '../../../../platform/read-models-mongo/mongo-read-models';
import { toEventLogRow, type EventLogRow } from './event-log-row';
import { EventLogsRepository, type EventLogFilter } from './event-logs.repository';
import { EVENT_LOGS_PROJECTION } from './event-logs.projection';

/** One event-log row in MongoDB: `_id` is the event's position. */
export interface EventLogDocument {
  _id: number;
  eventType: string;
  /** lower-cased, for the case-insensitive type filter (FerretDB has no collations) */
  eventTypeKey: string;
  objectType: string;
  objectTypeKey: string;
  changedById: number | null;
  impersonatedById: number | null;
  eventTStamp: Date;
  /** the payload as the relational store prints it (jsonb's key order), so both stores answer the same text */
  rowData: string;
  changedObjectId: string;
  description: string;
  /** the proposal the changed object belongs to (its own rows and those of what hangs off it), or null */
  proposalPk: number | null;
  _pos: number;
}

/**
 * The filters of getEventLogs, each a MongoDB condition on the documents (an index per filter below). A new filter
 * is one entry here, one field in the document and one index.
 */
const FILTERS: {
  [K in Exclude<keyof EventLogFilter, 'limit'>]-?: (
    value: NonNullable<EventLogFilter[K]>,
  ) => Filter<EventLogDocument>;
} = {
  changedObjectId: (value) => ({ changedObjectId: value }),
  eventType: (value) => ({
    $or: [{ eventTypeKey: value.toLowerCase() }, { objectTypeKey: value.toLowerCase() }],
  }),
  objectType: (value) => ({ objectTypeKey: value.toLowerCase() }),
  proposalPk: (value) => ({ proposalPk: value }),
};

/** Every event as the auditors' log, in MongoDB (READ_MODELS_MONGO_URL): the same rows as EventLogsProjection. */
@Injectable()
@RegisterMongoProjection()
export class EventLogsMongoProjection implements MongoProjection {
  readonly name = EVENT_LOGS_PROJECTION;
  readonly version = 2;
  readonly eventTypes = 'all' as const;
  readonly collections: readonly MongoCollectionSpec[] = [
    {
      name: 'event_logs',
      indexes: [
        { key: { changedObjectId: 1, _id: -1 }, name: 'changed_object' },
        { key: { eventTypeKey: 1, _id: -1 }, name: 'event_type' },
        { key: { objectTypeKey: 1, _id: -1 }, name: 'object_type' },
        { key: { proposalPk: 1, _id: -1 }, name: 'proposal' },
      ],
    },
  ];

  /**
   * An event is one document under its position, the same whenever it is written: the batch's documents are
   * inserted in one unordered `insertMany`, and those already there (a replay) are left as they are.
   */
  async prepareBatch(collections: MongoCollections, events: readonly StoredEvent[]): Promise<MongoBatch> {
    const docs = events.map((event) => toEventLogDocument(toEventLogRow(event)));
    return {
      claim: null,
      write: async () => {
        await insertNew(collections.event_logs, docs as unknown as MongoDoc[]);
      },
    };
  }
}

export function toEventLogDocument(row: EventLogRow): EventLogDocument {
  return {
    _id: row.id,
    eventType: row.eventType,
    eventTypeKey: row.eventType.toLowerCase(),
    objectType: row.objectType,
    objectTypeKey: row.objectType.toLowerCase(),
    changedById: row.changedById,
    impersonatedById: row.impersonatedById,
    eventTStamp: row.eventTStamp,
    rowData: JSON.stringify(jsonbOrder(JSON.parse(row.rowData))),
    changedObjectId: row.changedObjectId,
    description: row.description,
    proposalPk: row.proposalPk,
    _pos: row.id,
  };
}

/** the event-logs queries on MongoDB */
export class MongoEventLogsRepository extends EventLogsRepository {
  constructor(private readonly mongo: MongoReadModels) {
    super();
  }

  async find(filter: EventLogFilter): Promise<EventLogRow[]> {
    const conditions: Filter<EventLogDocument>[] = [];
    for (const key of Object.keys(FILTERS) as (keyof typeof FILTERS)[]) {
      const value = filter[key];
      if (value === null || value === undefined || value === '') continue;
      conditions.push((FILTERS[key] as (v: typeof value) => Filter<EventLogDocument>)(value));
    }
    const logs = await this.mongo.live<EventLogDocument>(EVENT_LOGS_PROJECTION, 'event_logs');
    const docs = await logs
      .find(conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0] : { $and: conditions })
      .sort({ _id: -1 })
      .limit(filter.limit ?? 1000)
      .toArray();
    return docs.reverse().map((d) => ({
      id: d._id,
      eventType: d.eventType,
      objectType: d.objectType,
      changedById: d.changedById,
      impersonatedById: d.impersonatedById,
      eventTStamp: new Date(d.eventTStamp),
      rowData: d.rowData,
      changedObjectId: d.changedObjectId,
      description: d.description,
      proposalPk: d.proposalPk ?? null,
    }));
  }
}

/** keys ordered as PostgreSQL's jsonb prints them: shorter keys first, then byte order */
export function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => {
    const la = Buffer.byteLength(a);
    const lb = Buffer.byteLength(b);
    return la !== lb ? la - lb : Buffer.compare(Buffer.from(a), Buffer.from(b));
  });
  return Object.fromEntries(entries.map(([k, v]) => [k, jsonbOrder(v)]));
}
