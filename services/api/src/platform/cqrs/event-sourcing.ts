import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
} from '../event-store/event-store.port';
import { RequestContext } from '../context/request-context';
import { AppError, conflict } from '../errors/app-error';

/** A pure decider over one stream: fold the events into state, decide new events from a command. */
export interface Decider<S, C> {
  initialState: S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  decide(command: C, state: S): NewEvent[];
  /**
   * the streams' folded states are kept between commands (EventSourcing.load `cached`): only for a decider whose
   * evolve and decide never change a state they are given (they return new objects), with long streams; the state
   * an append leaves is folded from the decided events themselves (`execute` answers with it), so their data must
   * be as the store gives it back (plain JSON)
   */
  cacheStates?: boolean;
}

export interface Loaded<S> {
  state: S;
  version: number;
}

type AppendListener = (result: AppendResult) => void;

/** One item of a bulk command: a command of the decider's union on one stream. */
export interface StreamCommand<C> {
  streamId: string;
  command: C;
  /** how a refusal names the item (e.g. the proposal's reference); the stream id when absent */
  label?: string;
  /**
   * the metadata of the stream's events when the items come from different causes (a batch of jobs); the first
   * item's of a stream counts; absent: the request's (RequestContext)
   */
  metadata?: EventMetadata;
}

/** What a bulk command appended: per item its stream's append (null when nothing was decided for the stream). */
export interface BatchOutcome {
  results: (AppendResult | null)[];
  /** the last position appended, null when nothing was */
  position: number | null;
}

/** how many streams are read at once by a store without `readStreams` */
const LOAD_CONCURRENCY = 16;

/**
 * A refusal of one item of a bulk command, named: the spec's message as it is (many name the item already), the
 * item in `item` (GraphQL `extensions.item`).
 */
export function namedRefusal(error: unknown, label: string): unknown {
  if (!(error instanceof AppError) || error.item) return error;
  return new AppError(error.code, error.message, error.fieldErrors, error.reason, label);
}

type Evolve<S> = (state: S, event: { type: string; data: unknown }) => S;

/** a stream's state folded up to `version`, whose last event is `eventId` */
interface CachedState {
  version: number;
  eventId: string;
  state: unknown;
}

/** the folded states kept per evolve function (the most recently loaded; a state of a 50-answer questionary ~10 kB) */
export const CACHED_STATES_MAX = 2000;

/** The write side every command handler uses: load → decide → append(expected version), with metadata. */
export class EventSourcing {
  private readonly listeners = new Set<AppendListener>();
  private readonly cachedStates = new WeakMap<object, Map<string, CachedState>>();

  constructor(private readonly store: EventStore) {}

  onAppend(listener: AppendListener): void {
    this.listeners.add(listener);
  }

  /**
   * A stream folded into state. `cached` (a decider's `cacheStates`: its states are never changed in place): the
   * state folded by an earlier load is taken on from its version, and only the events after it are read and folded.
   * The store is asked from that version on and its event there must be the one folded last: a stream emptied and
   * written again (prepareDB) is read whole. Each process keeps its own states; the store stays the truth.
   */
  async load<S>(
    streamId: string,
    initialState: S,
    evolve: Evolve<S>,
    options: { cached?: boolean } = {},
  ): Promise<Loaded<S>> {
    const cache = options.cached && this.store.readStreamFrom ? this.cacheOf(evolve) : null;
    const known = cache?.get(streamId);
    if (cache && known) {
      const events = await this.store.readStreamFrom!(streamId, known.version);
      if (events[0]?.version === known.version && events[0].eventId === known.eventId) {
        const later = events.slice(1);
        const state = later.reduce(evolve, known.state as S);
        const last = events[events.length - 1];
        this.remember(cache, streamId, { version: last.version, eventId: last.eventId, state });
        return { state, version: last.version };
      }
      cache.delete(streamId); // the stream is not the one folded (emptied and written again): forgotten
    }
    const events = await this.store.readStream(streamId);
    const state = events.reduce(evolve, initialState);
    if (events.length === 0) return { state, version: 0 };
    const last = events[events.length - 1];
    if (cache) this.remember(cache, streamId, { version: last.version, eventId: last.eventId, state });
    return { state, version: last.version };
  }

  private cacheOf<S>(evolve: Evolve<S>): Map<string, CachedState> {
    const key: object = evolve;
    let cache = this.cachedStates.get(key);
    if (!cache) this.cachedStates.set(key, (cache = new Map()));
    return cache;
  }

  /** kept as the most recent (a Map iterates in insertion order: the first key is the least recently loaded) */
  private remember(cache: Map<string, CachedState>, streamId: string, entry: CachedState): void {
    const known = cache.get(streamId);
    // a slower load of an older version does not replace a newer state
    if (known && known.version > entry.version) return;
    cache.delete(streamId);
    cache.set(streamId, entry);
    if (cache.size > CACHED_STATES_MAX) cache.delete(cache.keys().next().value!);
  }

  /** Several streams folded at once (one read on the SQL store). */
  async loadMany<S>(
    streamIds: readonly string[],
    initialState: S,
    evolve: (state: S, event: { type: string; data: unknown }) => S,
  ): Promise<Map<string, Loaded<S>>> {
    let read: Map<string, StoredEvent[]>;
    if (this.store.readStreams) {
      read = await this.store.readStreams(streamIds);
    } else {
      read = new Map();
      const unique = [...new Set(streamIds)];
      for (let i = 0; i < unique.length; i += LOAD_CONCURRENCY) {
        const chunk = unique.slice(i, i + LOAD_CONCURRENCY);
        const streams = await Promise.all(chunk.map((id) => this.store.readStream(id)));
        chunk.forEach((id, j) => read.set(id, streams[j]));
      }
    }
    const out = new Map<string, Loaded<S>>();
    for (const id of streamIds) {
      const events = read.get(id) ?? [];
      out.set(id, {
        state: events.reduce(evolve, initialState),
        version: events.length === 0 ? 0 : events[events.length - 1].version,
      });
    }
    return out;
  }

  /**
   * The bulk command path (ARCHITECTURE §2 "Bulk commands"): loads every stream at once, decides each item in
   * memory (items on one stream in order, each on the state the earlier ones left), and appends every stream's
   * events in one transaction (`appendMany`) with each stream's expected version: all or nothing. A refusal of any
   * item appends nothing and names the item. Another writer on one of the streams in between makes the whole
   * batch decide again on fresh state (up to `attempts`), then CONFLICT naming the stream. `dryRun` decides only.
   */
  async executeMany<S, C>(
    decider: Decider<S, C>,
    items: readonly StreamCommand<C>[],
    options: {
      attempts?: number;
      dryRun?: boolean;
      /**
       * other streams' events that go with the decided ones, in the same transaction (all or nothing): given the
       * decided appends, the new streams they refer to (the questionaries of the reviews a bulk assignment
       * creates), so that nothing is created for an item that is refused or decided to nothing
       */
      alongside?: (decided: readonly StreamAppend[]) => StreamAppend[];
    } = {},
  ): Promise<BatchOutcome> {
    const attempts = options.attempts ?? 3;
    if (items.length === 0) return { results: [], position: null };
    const streamIds = [...new Set(items.map((i) => i.streamId))];
    const metadataOf = new Map<string, EventMetadata>();
    for (const item of items)
      if (item.metadata && !metadataOf.has(item.streamId)) metadataOf.set(item.streamId, item.metadata);
    const profile =
      process.env.UO_BULK_PROFILE === '1' ? { started: performance.now(), marks: [] as string[] } : null;
    const mark = (stage: string) => {
      if (profile) profile.marks.push(`${stage} ${(performance.now() - profile.started).toFixed(0)} ms`);
    };
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.loadMany(streamIds, decider.initialState, decider.evolve);
      mark(`loaded ${streamIds.length} streams`);
      const decided = new Map<string, { state: S; events: NewEvent[] }>();
      for (const item of items) {
        const current = decided.get(item.streamId) ?? {
          state: loaded.get(item.streamId)!.state,
          events: [],
        };
        let events: NewEvent[];
        try {
          events = decider.decide(item.command, current.state);
        } catch (error) {
          throw items.length > 1 ? namedRefusal(error, item.label ?? item.streamId) : error;
        }
        decided.set(item.streamId, {
          state: events.reduce(decider.evolve, current.state),
          events: [...current.events, ...events],
        });
      }
      mark(`decided ${items.length} items`);
      if (options.dryRun) return { results: items.map(() => null), position: null };
      const appends: StreamAppend[] = [];
      for (const [streamId, { events }] of decided) {
        if (events.length === 0) continue;
        const metadata = metadataOf.get(streamId);
        appends.push({
          streamId,
          events,
          expectedVersion: loaded.get(streamId)!.version,
          ...(metadata ? { metadata } : {}),
        });
      }
      if (appends.length === 0) return { results: items.map(() => null), position: null };
      const others = options.alongside?.(appends) ?? [];
      try {
        const appended = await this.store.appendMany([...appends, ...others], {
          metadata: RequestContext.metadata(),
        });
        mark(`appended ${appends.length} streams (with inline projections)`);
        if (profile) process.stderr.write(`[bulk profile] ${profile.marks.join(', ')}\n`);
        const byStream = new Map(appends.map((a, i) => [a.streamId, appended[i]]));
        // the listeners hear every stream's append (in the store's order), the items' results are their streams'
        appended.forEach((result) => this.listeners.forEach((l) => l(result)));
        return {
          results: items.map((i) => byStream.get(i.streamId) ?? null),
          position: Math.max(...appended.map((r) => r.position)),
        };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= attempts) throw conflict(error.message);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
      }
    }
  }

  async append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
    causationId?: string,
  ): Promise<AppendResult> {
    const result = await this.store.append(streamId, events, {
      expectedVersion,
      metadata: RequestContext.metadata(causationId),
    });
    this.listeners.forEach((l) => l(result));
    return result;
  }

  /**
   * Runs a command against a stream: decides on fresh state and retries when someone else appended
   * in between (the decision is taken again on the new state, after a short random pause so that racing
   * writers spread out). Returns null when nothing was decided.
   */
  async execute<S, C>(
    streamId: string,
    decider: Decider<S, C>,
    command: C,
    attempts = 3,
  ): Promise<(AppendResult & { state?: S }) | null> {
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.load(streamId, decider.initialState, decider.evolve, {
        cached: decider.cacheStates,
      });
      const events = decider.decide(command, state);
      if (events.length === 0) return null;
      try {
        const result = await this.append(streamId, events, version);
        if (!decider.cacheStates) return result;
        // a decider whose states are cached (its evolve folds the events it decided as well as stored ones): the
        // state the append leaves is kept, so the stream's next load reads only what others appended after it, and
        // answered (what the caller shows, without reading its read model back)
        const next = events.reduce(decider.evolve, state);
        const last = result.events[result.events.length - 1];
        if (this.store.readStreamFrom && last)
          this.remember(this.cacheOf(decider.evolve), streamId, {
            version: last.version,
            eventId: last.eventId,
            state: next,
          });
        return { ...result, state: next };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= attempts) throw conflict(error.message);
        // a herd of writers on one stream would collide again at once: wait a random, growing moment
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));
      }
    }
  }
}
