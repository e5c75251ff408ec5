import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type Filter,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent,
} from '@kurrent/kurrentdb-client';
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

/**
 * The event store on KurrentDB / EventStoreDB (the design card's production engine), through
 * `@kurrent/kurrentdb-client`. Chosen when `EVENTSTORE_URL` is set (e.g. `kurrentdb://kurrentdb:2113?tls=false`).
 *
 * Mapping onto the port:
 * - **Versions.** Ours are 1-based (first event = 1, no stream = 0); Kurrent stream revisions are 0-based:
 *   `version = revision + 1`, and an expected version `n` is the expected revision `n - 1` (`0` = `NO_STREAM`).
 * - **Positions** are the events' commit positions in the transaction log (`$all`), a byte offset: global,
 *   strictly increasing in commit order, unique per event (appends through gRPC are implicit transactions, so
 *   each event's commit position is its own prepare position), but **not dense** — consecutive events differ by
 *   their record size. They are converted with `Number()`, which is exact below 2^53 bytes (8 PiB of log).
 *   A position handed out by this store (or 0) is a valid checkpoint; `readAll({ after })` also accepts any
 *   other number, at the cost of a backwards scan from the head to find the record boundary below it (KurrentDB
 *   rejects reads that start inside a record).
 *   Stream reads take the position the server reports per event (KurrentDB / EventStoreDB 22.6 and later; 0 on
 *   older servers). Events written by legacy explicit transactions (TCP clients of EventStoreDB ≤ 20) share
 *   one commit position: only the first of each such transaction would be read by `readAll`.
 * - **System events** (types starting with `$`: stats, settings, projections' links) are never returned.
 * - **Event ids** must be UUIDs (as in the SQL store). KurrentDB deduplicates an append that repeats the event ids
 *   of the previous write at the same expected version: it succeeds without writing twice.
 */
export class KurrentEventStore implements EventStore {
  readonly name = 'kurrentdb';
  private readonly listeners = new Set<(position?: number) => void>();
  private subscription: AllStreamSubscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(private readonly client: KurrentDBClient) {}

  /** Connects lazily: the client opens its channel on the first call (use `ping()` to check the server). */
  static connect(connectionString: string): Promise<KurrentEventStore> {
    return Promise.resolve(new KurrentEventStore(KurrentDBClient.connectionString(connectionString)));
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const streamState = toStreamState(options.expectedVersion);
    const proposed = events.map((event) => toEventData(event, options.metadata));

    let nextRevision: bigint;
    let appendPosition: Position | undefined;
    try {
      const result = await this.client.appendToStream(streamId, proposed, { streamState });
      nextRevision = result.nextExpectedRevision;
      appendPosition = result.position;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new ConcurrencyError(streamId, options.expectedVersion, versionOf(error.actualState));
      }
      throw error;
    }
    this.emit(); // same-process readers need not wait for the subscription's round trip

    // Kurrent reports only the position of the write, not one per event: read the events back by revision
    // (an indexed read on the leader, which has indexed the write before acknowledging it).
    const count = BigInt(proposed.length);
    const firstRevision = nextRevision - count + 1n;
    const stored = await this.readBack(streamId, firstRevision, proposed, appendPosition, options.metadata);
    const last = stored[stored.length - 1];
    return { position: last.position, nextVersion: revisionToVersion(nextRevision), events: stored };
  }

  /**
   * Best effort, **not atomic** on this store: every stream's expected version is checked first (one read of each
   * stream's last revision; a failing one refuses the whole call before anything is written, naming the stream),
   * then the streams are appended one after the other, each with its expected version. A stream that moves
   * between the check and its append, or an outage in the middle, leaves the earlier streams appended and throws
   * for the one that failed. (The 1.3 client's `multiStreamAppend` needs a KurrentDB 25.1 server with the new
   * append protocol, which the supported EventStoreDB/KurrentDB versions do not all have.)
   */
  async appendMany(appends: StreamAppend[], options: { metadata: EventMetadata }): Promise<AppendResult[]> {
    const parts = new Map<string, number>();
    for (const append of appends) {
      if (append.events.length === 0) throw new Error(`appendMany: stream ${append.streamId} has no event`);
      parts.set(append.streamId, (parts.get(append.streamId) ?? 0) + 1);
    }
    // a stream's later part is checked against the version its earlier parts leave
    const running = new Map<string, number>();
    for (const append of appends) {
      if (append.expectedVersion === 'any' && parts.get(append.streamId) === 1) continue;
      const actual = running.get(append.streamId) ?? (await this.currentVersion(append.streamId));
      running.set(append.streamId, actual + append.events.length);
      if (append.expectedVersion === 'any') continue;
      const expected = append.expectedVersion;
      const holds =
        typeof expected === 'number'
          ? actual === expected
          : expected === 'no_stream'
            ? actual === 0
            : actual > 0;
      if (!holds) throw new ConcurrencyError(append.streamId, expected, actual);
    }
    const results: AppendResult[] = [];
    for (const append of appends) {
      results.push(
        await this.append(append.streamId, append.events, {
          expectedVersion: append.expectedVersion,
          metadata: append.metadata ?? options.metadata,
        }),
      );
    }
    return results;
  }

  /** the stream's version (0 when it does not exist) */
  private async currentVersion(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
        requiresLeader: true,
      })) {
        if (resolved.event) return revisionToVersion(resolved.event.revision);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 0;
      throw error;
    }
    return 0;
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: START,
        direction: FORWARDS,
      })) {
        const recorded = resolved.event;
        if (!recorded) continue;
        events.push(toStoredEvent(recorded, positionOf(recorded.position) ?? 0));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after, limit, types }: ReadAllOptions): Promise<StoredEvent[]> {
    if (limit <= 0 || (types && types.length === 0)) return [];
    const wanted = types ? new Set(types) : null;
    // The server's event-type filter matches prefixes; the exact match is repeated below.
    const filter: Filter = types ? eventTypeFilter({ prefixes: [...types] }) : excludeSystemEvents();

    const out: StoredEvent[] = [];
    let cursor = after; // every event at or before the cursor has been considered
    let from: ReadPosition = after > 0 ? logPosition(Math.floor(after)) : START;
    let boundaryChecked = after <= 0;
    while (out.length < limit) {
      // one more than needed: a read from a position includes the event at that position
      const pageSize = limit - out.length + 1;
      let page: AllStreamRecordedEvent[];
      try {
        page = await this.readAllPage(from, pageSize, FORWARDS, filter);
      } catch (error) {
        if (boundaryChecked || !mayBeInvalidPosition(error)) throw error;
        // `after` is not the start of a record (not a position this store handed out): start from the
        // nearest record at or before it instead, and skip up to `after` as usual
        boundaryChecked = true;
        try {
          from = await this.recordBoundaryAtOrBefore(after);
        } catch {
          throw error;
        }
        continue;
      }
      boundaryChecked = true;

      let lastSeen: Position | null = null;
      for (const recorded of page) {
        lastSeen = recorded.position;
        const position = toSafeNumber(recorded.position.commit);
        if (position <= cursor) continue;
        cursor = position;
        if (isSystemType(recorded.type)) continue;
        if (wanted && !wanted.has(recorded.type)) continue;
        if (out.length < limit) out.push(toStoredEvent(recorded, position));
      }
      if (page.length < pageSize || lastSeen === null) break; // reached the head of $all
      from = lastSeen;
    }
    return out;
  }

  async headPosition(): Promise<number> {
    const [last] = await this.readAllPage(END, 1, BACKWARDS, excludeSystemEvents());
    return last ? toSafeNumber(last.position.commit) : 0;
  }

  async ping(): Promise<void> {
    await this.readAllPage(END, 1, BACKWARDS);
  }

  onAppended(listener: (position?: number) => void): () => void {
    this.listeners.add(listener);
    this.ensureSubscription();
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription) await subscription.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }

  /** Reads one page of `$all` to the end (at most `maxCount` events), so that no server read is left open. */
  private async readAllPage(
    fromPosition: ReadPosition,
    maxCount: number,
    direction: typeof FORWARDS | typeof BACKWARDS,
    filter?: Filter,
  ): Promise<AllStreamRecordedEvent[]> {
    const page: AllStreamRecordedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition, maxCount, direction, filter })) {
      if (resolved.event) page.push(resolved.event);
    }
    return page;
  }

  /**
   * The position of the nearest event at or before `after` (a valid place to start a forward read), found by
   * reading `$all` backwards from its head; START when there is none.
   */
  private async recordBoundaryAtOrBefore(after: number): Promise<ReadPosition> {
    const pageSize = 500;
    let from: ReadPosition = END;
    for (;;) {
      // a backwards read from an event's position returns the events before it
      const page = await this.readAllPage(from, pageSize, BACKWARDS);
      for (const recorded of page) {
        if (toSafeNumber(recorded.position.commit) <= after) return recorded.position;
      }
      if (page.length < pageSize) return START;
      from = page[page.length - 1].position;
    }
  }

  private async readBack(
    streamId: string,
    firstRevision: bigint,
    proposed: EventData[],
    appendPosition: Position | undefined,
    metadata: EventMetadata,
  ): Promise<StoredEvent[]> {
    const read: RecordedEvent[] = [];
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: firstRevision,
      maxCount: proposed.length,
      direction: FORWARDS,
      requiresLeader: true,
    })) {
      if (resolved.event) read.push(resolved.event);
    }
    const lastPosition = positionOf(appendPosition) ?? 0;
    const matches =
      read.length === proposed.length && read.every((recorded, i) => recorded.id === proposed[i].id);
    if (matches) {
      return read.map((recorded, i) =>
        toStoredEvent(recorded, positionOf(recorded.position) ?? (i === read.length - 1 ? lastPosition : 0)),
      );
    }
    // Not expected (the stream moved on between the append and the read): report what is known. The events
    // are stored; their individual positions are unknown, the write's position stands for all of them.
    const now = new Date();
    return proposed.map((event, i) => ({
      eventId: event.id,
      position: lastPosition,
      streamId,
      version: revisionToVersion(firstRevision + BigInt(i)),
      type: event.type,
      data: event.data,
      metadata,
      createdAt: now,
    }));
  }

  private ensureSubscription(): void {
    if (this.subscription || this.resubscribeTimer || this.closed || this.listeners.size === 0) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('data', () => this.emit());
    const dropped = () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      void subscription.unsubscribe().catch(() => undefined);
      if (this.closed) return;
      // reconnect after a pause; events appended meanwhile are found by the readers' polling, and by
      // the wake-up below
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        this.ensureSubscription();
        this.emit();
      }, 1000);
      this.resubscribeTimer.unref();
    };
    subscription.on('error', dropped);
    subscription.on('end', dropped);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // a failing listener must not keep the others from waking up
      }
    }
  }
}

/** Why the KurrentDB implementation cannot be used here (the contract suite skips it), or null. */
export function kurrentUnavailableReason(): string | null {
  return process.env.EVENTSTORE_URL ? null : 'EVENTSTORE_URL is not set';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** KurrentDB's "no position" (2^64 - 1), sent by older servers for events read from a stream. */
const UNKNOWN_POSITION = 0xffffffffffffffffn;

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`An expected version must be a non-negative integer, got ${expected}`);
      }
      return expected === 0 ? NO_STREAM : BigInt(expected - 1);
  }
}

/** The stream's version from Kurrent's current state: revision + 1, 0 when there is no stream (or it is deleted). */
function versionOf(state: CurrentStreamState): number {
  return typeof state === 'bigint' && state >= 0n ? revisionToVersion(state) : 0;
}

function revisionToVersion(revision: bigint): number {
  return toSafeNumber(revision) + 1;
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`KurrentDB value ${value} does not fit in a JavaScript number`);
  }
  return Number(value);
}

/** Our position for a Kurrent position, or null when the server did not report one. */
function positionOf(position: Position | undefined): number | null {
  if (!position || position.commit === UNKNOWN_POSITION || position.commit < 0n) return null;
  return toSafeNumber(position.commit);
}

function logPosition(position: number): Position {
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

function isSystemType(type: string): boolean {
  return type.startsWith('$');
}

/** Errors that cannot come from a read starting inside a record (so the boundary search would not help). */
function mayBeInvalidPosition(error: unknown): boolean {
  return !(error instanceof UnavailableError || error instanceof DeadlineExceededError);
}

function toEventData(event: NewEvent, metadata: EventMetadata): EventData {
  const id = event.eventId ?? randomUUID();
  if (!UUID.test(id)) throw new Error(`An event id must be a UUID, got "${id}"`);
  return jsonEvent({
    id,
    type: event.type,
    // JSONType is narrower than what JSON.stringify accepts (numbers, booleans, null are fine too)
    data: (event.data ?? null) as JSONType,
    metadata: { ...metadata },
  });
}

function toStoredEvent(recorded: RecordedEvent, position: number): StoredEvent {
  return {
    eventId: recorded.id,
    position,
    streamId: recorded.streamId,
    version: revisionToVersion(recorded.revision),
    type: recorded.type,
    data: recorded.data,
    metadata: toMetadata(recorded.metadata, recorded.id),
    createdAt: recorded.created,
  };
}

/** Our metadata from the stored JSON; events written by other tools get System defaults. */
function toMetadata(raw: unknown, eventId: string): EventMetadata {
  const record = isRecord(raw) ? raw : {};
  return {
    actorId: numberOrNull(record.actorId),
    impersonatorId: numberOrNull(record.impersonatorId),
    correlationId: typeof record.correlationId === 'string' ? record.correlationId : eventId,
    causationId: typeof record.causationId === 'string' ? record.causationId : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}
