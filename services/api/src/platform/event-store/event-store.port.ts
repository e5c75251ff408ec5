/**
 * The event store port. Implementations: SQL (PostgreSQL, PGlite) and KurrentDB/EventStoreDB.
 *
 * Versions are 1-based: the first event of a stream has version 1; a stream that does not exist has version 0.
 * Positions are global, strictly increasing, and follow commit order: a reader that resumes from
 * `position > checkpoint` never skips an event that was in flight when it read.
 */
export type ExpectedVersion =
  | number /** exactly this version (0 = the stream must not exist yet) */
  | 'any' /** no check */
  | 'no_stream' /** the stream must not exist */
  | 'stream_exists'; /** the stream must exist */

export interface EventMetadata {
  /** the user who caused the change; null for the System (scheduled jobs, reactions) */
  actorId: number | null;
  /** the officer who was impersonating the actor, when impersonating */
  impersonatorId: number | null;
  correlationId: string;
  causationId: string | null;
  /** where an imported event comes from (e.g. `uoc:proposals/42`); absent on events the product made itself */
  importedFrom?: string;
}

export interface NewEvent<T = unknown> {
  type: string;
  data: T;
  /** optional idempotency id; a UUID is generated when absent */
  eventId?: string;
  /** when it happened, for history written after the fact (an import); the time of the append when absent */
  createdAt?: Date;
}

export interface StoredEvent<T = unknown> {
  eventId: string;
  position: number;
  streamId: string;
  version: number;
  type: string;
  data: T;
  metadata: EventMetadata;
  createdAt: Date;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** the global position of the last appended event */
  position: number;
  /** the stream's version after the append */
  nextVersion: number;
  events: StoredEvent[];
}

/** One stream's part of a multi-stream append (`appendMany`). */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
  /** per stream; else `options.metadata` of the `appendMany` call */
  metadata?: EventMetadata;
}

export interface ReadAllOptions {
  /** exclusive lower bound (a checkpoint); 0 reads from the beginning */
  after: number;
  limit: number;
  /** only these event types (all when absent) */
  types?: readonly string[];
}

export interface EventStore {
  readonly name: string;
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to many streams at once: one transaction, all or nothing (SQL stores; see the KurrentDB adapter for
   * its weaker guarantee). Each stream's expected version is checked; the first that does not hold fails the
   * whole call with a `ConcurrencyError` naming that stream. Results come in input order. A stream may appear
   * more than once (its parts, say with another actor's metadata): a later part's expected version is checked
   * against the version its earlier parts leave.
   */
  appendMany(appends: StreamAppend[], options: { metadata: EventMetadata }): Promise<AppendResult[]>;
  readStream(streamId: string): Promise<StoredEvent[]>;
  /** optional: a stream's events from `fromVersion` on (the SQL store: one indexed range read) */
  readStreamFrom?(streamId: string, fromVersion: number): Promise<StoredEvent[]>;
  /** optional: several streams in one read (the SQL store: one query); absent streams map to [] */
  readStreams?(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>>;
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** the position of the last committed event (0 when empty) */
  headPosition(): Promise<number>;
  /** resolves when the store answers */
  ping(): Promise<void>;
  /**
   * calls `listener` whenever new events may be available; with the position of an appended event when the store
   * knows it (every event up to it is committed), without one when it does not
   */
  onAppended(listener: (position?: number) => void): () => void;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  readonly code = 'CONFLICT';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(
      `The record was changed by someone else (stream ${streamId}: expected version ${String(expected)}, actual ${actual}). Reload and try again.`,
    );
  }
}
