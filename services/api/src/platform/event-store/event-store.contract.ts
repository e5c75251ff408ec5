import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type EventMetadata, type EventStore, type StoredEvent } from './event-store.port';

export interface EventStoreFixture {
  store: EventStore;
  teardown(): Promise<void>;
}

/** A backend under test; when `unavailable` names a reason, each test is skipped with that reason in its name. */
export interface EventStoreBackend {
  unavailable: string | null;
  setup(): Promise<EventStoreFixture>;
}

const meta = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actorId: 1,
  impersonatorId: null,
  correlationId: randomUUID(),
  causationId: null,
  ...overrides,
});

const uniqueStream = (label: string) => `${label}-${randomUUID()}`;

/** The one contract every event store implementation must pass. */
export function describeEventStoreContract(name: string, backend: EventStoreBackend): void {
  describe(`event store contract: ${name}`, () => {
    let fixture: EventStoreFixture | undefined;
    let store: EventStore;
    const { unavailable } = backend;
    if (unavailable) console.warn(`[event store contract] ${name}: skipped, ${unavailable}`);

    beforeAll(async () => {
      if (unavailable) return;
      fixture = await backend.setup();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.teardown();
    });

    const test = (title: string, fn: () => Promise<void>, timeout?: number) =>
      unavailable ? it.skip(`${title} (skipped: ${unavailable})`, fn) : it(title, fn, timeout);

    test('appends and reads a stream back in order, with metadata', async () => {
      const stream = uniqueStream('order');
      const metadata = meta({ actorId: 7, impersonatorId: 3, causationId: randomUUID() });
      const first = await store.append(stream, [{ type: 'A', data: { n: 1 } }], {
        expectedVersion: 0,
        metadata,
      });
      const second = await store.append(
        stream,
        [
          { type: 'B', data: { n: 2 } },
          { type: 'C', data: { n: 3 } },
        ],
        { expectedVersion: 1, metadata },
      );
      expect(first.nextVersion).toBe(1);
      expect(second.nextVersion).toBe(3);
      expect(second.position).toBeGreaterThan(first.position);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.type, e.version, (e.data as { n: number }).n])).toEqual([
        ['A', 1, 1],
        ['B', 2, 2],
        ['C', 3, 3],
      ]);
      expect(events[0].metadata).toEqual(metadata);
      expect(events[0].createdAt).toBeInstanceOf(Date);
      const all = await store.readAll({ after: first.position - 1, limit: 1000 });
      const mine = all.filter((e) => e.streamId === stream);
      expect(mine.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(second.position);
    });

    test("an append's events are those a read gives back: plain JSON data, the store's ids, versions and times", async () => {
      const metadata = meta({ actorId: 7 });
      const at = new Date('2020-01-02T03:04:05.678Z');
      const data = { when: at, gone: undefined, nested: { list: [1, 'two', null], b: true } };
      const one = uniqueStream('plain');
      const [many, other] = [uniqueStream('plain-many'), uniqueStream('plain-other')];
      const single = await store.append(
        one,
        [
          { type: 'A', data },
          { type: 'B', data: null, createdAt: at },
        ],
        { expectedVersion: 0, metadata },
      );
      const batch = await store.appendMany(
        [
          { streamId: many, events: [{ type: 'C', data }], expectedVersion: 0 },
          { streamId: other, events: [{ type: 'D', data: { n: 1 }, createdAt: at }], expectedVersion: 'any' },
          { streamId: many, events: [{ type: 'E', data: [1, 2] }], expectedVersion: 1 },
        ],
        { metadata },
      );
      const appended = [...single.events, ...batch.flatMap((r) => r.events)];
      const read = [
        ...(await store.readStream(one)),
        ...(await store.readStream(many)),
        ...(await store.readStream(other)),
      ];
      const byId = (events: StoredEvent[]) => [...events].sort((a, b) => a.eventId.localeCompare(b.eventId));
      expect(byId(appended)).toEqual(byId(read));
      expect(single.events[0].data).toEqual({ when: at.toISOString(), nested: data.nested });
      expect(single.events[1].createdAt).toEqual(at);
      // the batch's second part of `many` follows its first
      expect(batch[2].events.map((e) => [e.streamId, e.version, e.type])).toEqual([[many, 2, 'E']]);
    });

    test('a missing stream reads as empty', async () => {
      expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
    });

    test('reads a stream from a version on (readStreamFrom, where the store has it)', async () => {
      if (!store.readStreamFrom) return;
      const stream = uniqueStream('from');
      await store.append(
        stream,
        ['A', 'B', 'C', 'D'].map((type) => ({ type, data: {} })),
        {
          expectedVersion: 0,
          metadata: meta(),
        },
      );
      const whole = await store.readStream(stream);
      expect(await store.readStreamFrom(stream, 3)).toEqual(whole.slice(2));
      expect(await store.readStreamFrom(stream, 5)).toEqual([]);
      expect(await store.readStreamFrom(uniqueStream('missing'), 1)).toEqual([]);
    });

    test('rejects a stale expected version and writes nothing', async () => {
      const stream = uniqueStream('stale');
      await store.append(stream, [{ type: 'A', data: {} }], { expectedVersion: 0, metadata: meta() });
      await store.append(stream, [{ type: 'B', data: {} }], { expectedVersion: 1, metadata: meta() });
      await expect(
        store.append(stream, [{ type: 'X', data: {} }], { expectedVersion: 1, metadata: meta() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(
        store.append(stream, [{ type: 'X', data: {} }], { expectedVersion: 'no_stream', metadata: meta() }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    test('rejects an expected version ahead of the stream (no holes)', async () => {
      const stream = uniqueStream('ahead');
      await store.append(stream, [{ type: 'A', data: {} }], { expectedVersion: 0, metadata: meta() });
      await expect(
        store.append(stream, [{ type: 'X', data: {} }], { expectedVersion: 5, metadata: meta() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(stream)).map((e) => e.version)).toEqual([1]);
    });

    test('rejects an expected version on a missing stream', async () => {
      const stream = uniqueStream('absent');
      await expect(
        store.append(stream, [{ type: 'X', data: {} }], { expectedVersion: 2, metadata: meta() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(
        store.append(stream, [{ type: 'X', data: {} }], {
          expectedVersion: 'stream_exists',
          metadata: meta(),
        }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(stream)).toEqual([]);
      await store.append(stream, [{ type: 'A', data: {} }], { expectedVersion: 'any', metadata: meta() });
      await store.append(stream, [{ type: 'B', data: {} }], {
        expectedVersion: 'stream_exists',
        metadata: meta(),
      });
      expect((await store.readStream(stream)).length).toBe(2);
    });

    test('two racing appenders with one expected version: exactly one wins', async () => {
      for (let round = 0; round < 10; round++) {
        const stream = uniqueStream('race');
        await store.append(stream, [{ type: 'Opened', data: {} }], { expectedVersion: 0, metadata: meta() });
        const results = await Promise.allSettled(
          ['left', 'right'].map((side) =>
            store.append(stream, [{ type: 'Changed', data: { side } }], {
              expectedVersion: 1,
              metadata: meta(),
            }),
          ),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0].reason).toBeInstanceOf(ConcurrencyError);
        expect(await store.readStream(stream)).toHaveLength(2);
      }
    });

    test('appendMany appends to many streams, results in input order, positions in input order', async () => {
      const [a, b, c] = ['many-a', 'many-b', 'many-c'].map(uniqueStream);
      await store.append(b, [{ type: 'Opened', data: {} }], { expectedVersion: 0, metadata: meta() });
      const shared = meta({ actorId: 11 });
      const own = meta({ actorId: 12, impersonatorId: 4 });
      const results = await store.appendMany(
        [
          {
            streamId: a,
            events: [
              { type: 'A1', data: { n: 1 } },
              { type: 'A2', data: { n: 2 } },
            ],
            expectedVersion: 0,
          },
          { streamId: b, events: [{ type: 'B2', data: { n: 3 } }], expectedVersion: 1, metadata: own },
          { streamId: c, events: [{ type: 'C1', data: { n: 4 } }], expectedVersion: 'no_stream' },
        ],
        { metadata: shared },
      );
      expect(results.map((r) => r.nextVersion)).toEqual([2, 2, 1]);
      expect(results.map((r) => r.events.map((e) => e.type))).toEqual([['A1', 'A2'], ['B2'], ['C1']]);
      expect(results.map((r) => r.events.map((e) => e.streamId))).toEqual([[a, a], [b], [c]]);
      const positions = results.flatMap((r) => r.events.map((e) => e.position));
      for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
      expect(results.map((r) => r.position)).toEqual(
        results.map((r) => r.events[r.events.length - 1].position),
      );
      expect((await store.readStream(a)).map((e) => [e.type, e.version])).toEqual([
        ['A1', 1],
        ['A2', 2],
      ]);
      const [readA] = await store.readStream(a);
      expect(readA.metadata).toEqual(shared);
      expect((await store.readStream(b))[1].metadata).toEqual(own);
      const all = await store.readAll({ after: positions[0] - 1, limit: 1000 });
      const mine = all.filter((e) => [a, b, c].includes(e.streamId)).map((e) => e.type);
      expect(mine).toEqual(['A1', 'A2', 'B2', 'C1']);
      expect(await store.appendMany([], { metadata: shared })).toEqual([]);
    });

    test("appendMany takes a stream's parts in order (each with its metadata), a later part after the earlier", async () => {
      const [a, b] = ['parts-a', 'parts-b'].map(uniqueStream);
      const first = meta({ actorId: 21 });
      const second = meta({ actorId: 22 });
      const results = await store.appendMany(
        [
          { streamId: a, events: [{ type: 'A1', data: {} }], expectedVersion: 0, metadata: first },
          { streamId: b, events: [{ type: 'B1', data: {} }], expectedVersion: 'no_stream' },
          {
            streamId: a,
            events: [
              { type: 'A2', data: {} },
              { type: 'A3', data: {} },
            ],
            expectedVersion: 1,
            metadata: second,
          },
        ],
        { metadata: meta() },
      );
      expect(results.map((r) => [r.nextVersion, r.events.map((e) => e.type)])).toEqual([
        [1, ['A1']],
        [1, ['B1']],
        [3, ['A2', 'A3']],
      ]);
      expect((await store.readStream(a)).map((e) => [e.type, e.version, e.metadata.actorId])).toEqual([
        ['A1', 1, 21],
        ['A2', 2, 22],
        ['A3', 3, 22],
      ]);
      // a later part that does not follow the earlier one refuses the whole call
      const [c] = ['parts-c'].map(uniqueStream);
      await expect(
        store.appendMany(
          [
            { streamId: c, events: [{ type: 'C1', data: {} }], expectedVersion: 0 },
            { streamId: c, events: [{ type: 'C2', data: {} }], expectedVersion: 0 },
          ],
          { metadata: meta() },
        ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(c)).toEqual([]);
    });

    test('appendMany refuses the whole call when one expected version does not hold, naming the stream', async () => {
      const [ok, stale] = ['many-ok', 'many-stale'].map(uniqueStream);
      await store.append(stale, [{ type: 'A', data: {} }], { expectedVersion: 0, metadata: meta() });
      await store.append(stale, [{ type: 'B', data: {} }], { expectedVersion: 1, metadata: meta() });
      const refused = store.appendMany(
        [
          { streamId: ok, events: [{ type: 'X', data: {} }], expectedVersion: 0 },
          { streamId: stale, events: [{ type: 'X', data: {} }], expectedVersion: 1 },
        ],
        { metadata: meta() },
      );
      await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(refused).rejects.toMatchObject({ streamId: stale, actual: 2, code: 'CONFLICT' });
      expect(await store.readStream(ok)).toEqual([]);
      expect((await store.readStream(stale)).map((e) => e.type)).toEqual(['A', 'B']);
      await expect(
        store.appendMany(
          [
            { streamId: ok, events: [{ type: 'X', data: {} }], expectedVersion: 'stream_exists' },
            { streamId: stale, events: [{ type: 'X', data: {} }], expectedVersion: 2 },
          ],
          { metadata: meta() },
        ),
      ).rejects.toMatchObject({ streamId: ok });
      expect(await store.readStream(ok)).toEqual([]);
      expect((await store.readStream(stale)).length).toBe(2);
    });

    test('appendMany racing appends over overlapping streams: one wins per stream, nothing is lost', async () => {
      // KurrentDB's adapter is documented as not atomic across streams (sequential appends)
      if (store.name === 'kurrentdb') return;
      for (let round = 0; round < 5; round++) {
        const streams = Array.from({ length: 6 }, () => uniqueStream('many-race'));
        for (const s of streams)
          await store.append(s, [{ type: 'Opened', data: {} }], { expectedVersion: 0, metadata: meta() });
        const left = streams.slice(0, 4);
        const right = streams.slice(2);
        const results = await Promise.allSettled(
          [left, right].map((set, side) =>
            store.appendMany(
              set.map((streamId) => ({
                streamId,
                events: [{ type: 'Changed', data: { side } }],
                expectedVersion: 1,
              })),
              { metadata: meta() },
            ),
          ),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0].reason).toBeInstanceOf(ConcurrencyError);
        const winner = results[0].status === 'fulfilled' ? left : right;
        for (const s of streams) {
          expect((await store.readStream(s)).length).toBe(winner.includes(s) ? 2 : 1);
        }
      }
    });

    test('appendMany carries a large batch (2,000 streams) in one call', async () => {
      const tag = uniqueStream('many-large');
      const appends = Array.from({ length: 2000 }, (_, i) => ({
        streamId: `${tag}-${i}`,
        events: [{ type: 'Bulk', data: { i, text: `it's "quoted" \\ {${i}}` } }],
        expectedVersion: 0 as const,
      }));
      const results = await store.appendMany(appends, { metadata: meta() });
      expect(results).toHaveLength(2000);
      expect(results[1999].events[0].data).toEqual({ i: 1999, text: `it's "quoted" \\ {1999}` });
      expect((await store.readStream(`${tag}-1234`))[0].data).toEqual({
        i: 1234,
        text: `it's "quoted" \\ {1234}`,
      });
    }, 120_000);

    test('filters readAll by event type', async () => {
      const stream = uniqueStream('types');
      const tag = `T${randomUUID().slice(0, 8)}`;
      const start = await store.headPosition();
      await store.append(
        stream,
        [
          { type: `${tag}Kept`, data: {} },
          { type: `${tag}Dropped`, data: {} },
          { type: `${tag}Kept`, data: {} },
        ],
        { expectedVersion: 0, metadata: meta() },
      );
      const read = await store.readAll({ after: start, limit: 100, types: [`${tag}Kept`] });
      expect(read.map((e) => e.type)).toEqual([`${tag}Kept`, `${tag}Kept`]);
    });

    test('notifies listeners after an append', async () => {
      let calls = 0;
      const stop = store.onAppended(() => calls++);
      await new Promise((r) => setTimeout(r, 200)); // a remote subscription needs a moment to start
      await store.append(uniqueStream('notify'), [{ type: 'A', data: {} }], {
        expectedVersion: 0,
        metadata: meta(),
      });
      const deadline = Date.now() + 5000;
      while (calls === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      stop();
      expect(calls).toBeGreaterThan(0);
    });

    test('a reader resuming from checkpoints sees every event exactly once while 8 writers append', async () => {
      const tag = `R${randomUUID().slice(0, 8)}`;
      const start = await store.headPosition();
      const appended = new Set<string>();
      let writing = true;
      const writers = Array.from({ length: 8 }, async (_, w) => {
        const stream = `${tag}-${w}`;
        let version = 0;
        for (let i = 0; i < 40; i++) {
          const batch = Array.from({ length: 1 + ((i + w) % 3) }, () => ({
            type: `${tag}Written`,
            data: { w, i },
            eventId: randomUUID(),
          }));
          const result = await store.append(stream, batch, { expectedVersion: version, metadata: meta() });
          version = result.nextVersion;
          batch.forEach((e) => appended.add(e.eventId));
        }
      });
      const done = Promise.all(writers).finally(() => {
        writing = false;
      });

      // the reader keeps only its checkpoint between "restarts"
      const seen: StoredEvent[] = [];
      let checkpoint = start;
      let reads = 0;
      const readOnce = async () => {
        const batch = await store.readAll({ after: checkpoint, limit: 17 });
        for (const event of batch) {
          if (event.type === `${tag}Written`) seen.push(event);
          checkpoint = event.position;
        }
        reads++;
        return batch.length;
      };
      while (writing) {
        if ((await readOnce()) === 0) await new Promise((r) => setTimeout(r, 2));
      }
      await done;
      while ((await readOnce()) > 0);

      const ids = seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(ids.length); // exactly once
      expect(ids.length).toBe(appended.size); // every event
      for (const id of appended) expect(ids).toContain(id);
      for (let i = 1; i < seen.length; i++) expect(seen[i].position).toBeGreaterThan(seen[i - 1].position);
      expect(reads).toBeGreaterThan(1);
    }, 120_000);
  });
}
