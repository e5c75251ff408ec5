import type { EventStore, StoredEvent } from '../event-store/event-store.port';
import { CACHED_STATES_MAX, EventSourcing, type Decider } from './event-sourcing';

/** a store of streams in memory that counts what it was asked to read */
function memoryStore() {
  const streams = new Map<string, StoredEvent[]>();
  const reads = { whole: 0, from: 0, events: 0 };
  let position = 0;
  const store = {
    readStream: async (id: string) => {
      reads.whole++;
      const events = streams.get(id) ?? [];
      reads.events += events.length;
      return events;
    },
    readStreamFrom: async (id: string, from: number) => {
      reads.from++;
      const events = (streams.get(id) ?? []).filter((e) => e.version >= from);
      reads.events += events.length;
      return events;
    },
    append: async (id: string, events: { type: string; data: unknown }[]) => {
      const stored = events.map((e) => {
        const list = streams.get(id) ?? [];
        const event: StoredEvent = {
          eventId: `e${++position}`,
          position,
          streamId: id,
          version: list.length + 1,
          type: e.type,
          data: e.data,
          metadata: {} as StoredEvent['metadata'],
          createdAt: new Date(),
        };
        streams.set(id, [...list, event]);
        return event;
      });
      return { position, nextVersion: stored[stored.length - 1].version, events: stored };
    },
  } as unknown as EventStore;
  const add = (id: string, n: number) => {
    const events = streams.get(id) ?? [];
    for (let i = 0; i < n; i++)
      events.push({
        eventId: `e${++position}`,
        position,
        streamId: id,
        version: events.length + 1,
        type: 'Added',
        data: { n: position },
        metadata: {} as StoredEvent['metadata'],
        createdAt: new Date(),
      });
    streams.set(id, events);
  };
  return { store, streams, reads, add };
}

type Sum = { total: number; count: number };
const decider: Decider<Sum, never> = {
  initialState: { total: 0, count: 0 },
  evolve: (s, e) => ({ total: s.total + (e.data as { n: number }).n, count: s.count + 1 }),
  decide: () => [],
  cacheStates: true,
};
const fold = (events: StoredEvent[]) => events.reduce(decider.evolve, decider.initialState);

describe('EventSourcing.load with cached states', () => {
  it('answers a command with the state its append left, and keeps it: the next load reads only its own event', async () => {
    const { store, streams, reads, add } = memoryStore();
    const es = new EventSourcing(store);
    add('s', 10);
    const adding: Decider<Sum, { n: number }> = {
      ...decider,
      decide: (command) => [{ type: 'Added', data: { n: command.n } }],
    };
    const result = await es.execute('s', adding, { n: 1000 });
    expect(result?.state).toEqual(fold(streams.get('s')!));
    expect(result?.state?.count).toBe(11);
    reads.events = 0;
    expect(await es.load('s', decider.initialState, decider.evolve, { cached: true })).toEqual({
      state: fold(streams.get('s')!),
      version: 11,
    });
    // the stream read whole once (the command's load), then only the event the command appended
    expect(reads).toMatchObject({ whole: 1, from: 1, events: 1 });
  });

  it('takes a stream on from the state it folded last: only the later events are read and folded', async () => {
    const { store, streams, reads, add } = memoryStore();
    const es = new EventSourcing(store);
    add('s', 100);
    const first = await es.load('s', decider.initialState, decider.evolve, { cached: true });
    expect(first).toEqual({ state: fold(streams.get('s')!), version: 100 });
    add('s', 3);
    reads.events = 0;
    const second = await es.load('s', decider.initialState, decider.evolve, { cached: true });
    expect(second).toEqual({ state: fold(streams.get('s')!), version: 103 });
    // the event at the cached version (its identity) and the three after it
    expect(reads).toMatchObject({ whole: 1, from: 1, events: 4 });
  });

  it('reads a stream whole when it was emptied and written again (its event at that version is another)', async () => {
    const { store, streams, reads, add } = memoryStore();
    const es = new EventSourcing(store);
    add('s', 5);
    await es.load('s', decider.initialState, decider.evolve, { cached: true });
    streams.delete('s'); // prepareDB: the store emptied, the stream written again
    add('s', 7);
    const loaded = await es.load('s', decider.initialState, decider.evolve, { cached: true });
    expect(loaded).toEqual({ state: fold(streams.get('s')!), version: 7 });
    expect(reads.whole).toBe(2);
    // shorter than before: nothing at the cached version, read whole too
    streams.delete('s');
    add('s', 2);
    expect(await es.load('s', decider.initialState, decider.evolve, { cached: true })).toEqual({
      state: fold(streams.get('s')!),
      version: 2,
    });
    expect(reads.whole).toBe(3);
  });

  it('keeps nothing without `cached`, nor for an empty stream, and forgets the least recently loaded past its bound', async () => {
    const { store, reads, add } = memoryStore();
    const es = new EventSourcing(store);
    add('s', 2);
    await es.load('s', decider.initialState, decider.evolve);
    await es.load('s', decider.initialState, decider.evolve);
    expect(reads).toMatchObject({ whole: 2, from: 0 });
    expect(await es.load('none', decider.initialState, decider.evolve, { cached: true })).toEqual({
      state: decider.initialState,
      version: 0,
    });
    for (let i = 0; i <= CACHED_STATES_MAX; i++) {
      add(`k${i}`, 1);
      await es.load(`k${i}`, decider.initialState, decider.evolve, { cached: true });
    }
    reads.whole = 0;
    await es.load('k0', decider.initialState, decider.evolve, { cached: true }); // the oldest: forgotten
    await es.load(`k${CACHED_STATES_MAX}`, decider.initialState, decider.evolve, { cached: true });
    expect(reads.whole).toBe(1);
  });
});
