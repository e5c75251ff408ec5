import type { SqlClient, SqlExecutor } from '../../platform/database/sql-client';
import type { StoredEvent } from '../../platform/event-store/event-store.port';
import { SqlEventStore } from '../../platform/event-store/sql-event-store';
import { DeferredProjections } from './deferred-projections';

const event = (position: number) => ({ position }) as StoredEvent;

function setup(kind: 'postgres' | 'pglite' = 'postgres', hold = false) {
  const log: string[] = [];
  let release: (() => void) | null = null;
  // the first transaction held open until `release` (when `hold`)
  let held = hold ? new Promise<void>((r) => (release = r)) : null;
  const sql = {
    kind,
    // a transaction of its own per batch; the test holds the first one open
    transaction: async (fn: (tx: SqlExecutor) => Promise<unknown>) => {
      log.push('begin');
      const wait = held;
      held = null;
      await wait;
      const result = await fn({} as SqlExecutor);
      log.push('commit');
      return result;
    },
  } as unknown as SqlClient;
  const store = new SqlEventStore(sql);
  const hook = jest.fn(async (_tx: SqlExecutor, events: StoredEvent[]) => {
    log.push(`apply ${events.map((e) => e.position).join(',')}`);
  });
  store.setInlineHook(hook);
  return { sql, store, hook, log, release: () => release?.() };
}

describe('DeferredProjections', () => {
  it("applies each batch in a transaction of its own, one at a time in order, and gives the store's hook back", async () => {
    const { sql, store, hook, log, release } = setup('postgres', true);
    const deferred = DeferredProjections.begin(sql, store)!;
    expect(store.inlineHookNow()).toBeNull(); // the appends go without their projections meanwhile
    await deferred.push([event(1), event(2)]);
    // the next batch waits for the first's projections
    const second = deferred.push([event(3)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['begin']);
    release();
    await second;
    await deferred.drain();
    expect(log).toEqual(['begin', 'apply 1,2', 'commit', 'begin', 'apply 3', 'commit']);
    expect(store.inlineHookNow()).toBe(hook);
  });

  it('reports a failed batch at the next push or drain, and still gives the hook back', async () => {
    const { sql, store, hook } = setup();
    hook.mockRejectedValueOnce(new Error('projection failed'));
    const deferred = DeferredProjections.begin(sql, store)!;
    await deferred.push([event(1)]);
    await expect(deferred.drain()).rejects.toThrow('projection failed');
    expect(store.inlineHookNow()).toBe(hook);
  });

  it('leaves the projections in the appends on the embedded store', () => {
    const { sql, store, hook } = setup('pglite');
    expect(DeferredProjections.begin(sql, store)).toBeNull();
    expect(store.inlineHookNow()).toBe(hook);
  });
});
