import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '../event-store/event-store.port';
import { RequestContext } from '../context/request-context';
import { conflict } from '../errors/app-error';

/** A pure decider over one stream: fold the events into state, decide new events from a command. */
export interface Decider<S, C> {
  initialState: S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  decide(command: C, state: S): NewEvent[];
}

export interface Loaded<S> {
  state: S;
  version: number;
}

type AppendListener = (result: AppendResult) => void;

/** The write side every command handler uses: load → decide → append(expected version), with metadata. */
export class EventSourcing {
  private readonly listeners = new Set<AppendListener>();

  constructor(private readonly store: EventStore) {}

  onAppend(listener: AppendListener): void {
    this.listeners.add(listener);
  }

  async load<S>(
    streamId: string,
    initialState: S,
    evolve: (state: S, event: { type: string; data: unknown }) => S,
  ): Promise<Loaded<S>> {
    const events = await this.store.readStream(streamId);
    return {
      state: events.reduce(evolve, initialState),
      version: events.length === 0 ? 0 : events[events.length - 1].version,
    };
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
  ): Promise<AppendResult | null> {
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.load(streamId, decider.initialState, decider.evolve);
      const events = decider.decide(command, state);
      if (events.length === 0) return null;
      try {
        return await this.append(streamId, events, version);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= attempts) throw conflict(error.message);
        // a herd of writers on one stream would collide again at once: wait a random, growing moment
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));
      }
    }
  }
}
