import type { SqlClient } from '../../platform/database/sql-client';
import type { StoredEvent } from '../../platform/event-store/event-store.port';
import { SqlEventStore, type InlineAppendHook } from '../../platform/event-store/sql-event-store';

/**
 * An import's inline read models, applied batch after batch in a transaction of their own while the importer writes
 * its next batch: on PostgreSQL, two sessions at work on the two cores instead of one (in the append's transaction
 * they were half of a batch's time). One batch's projections at a time, in the order of the appends; the next waits
 * for them. Safe because the product is stopped while it imports and the importer reads no read model a batch of
 * the same pass writes; a run killed between an append and its projections finds them caught up at its next start
 * (the inline projections catch up from their checkpoints when the app starts), and `drain` ends the deferral
 * before anything else reads them.
 */
export class DeferredProjections {
  private pending: Promise<void> | null = null;

  private constructor(
    private readonly sql: SqlClient,
    private readonly store: SqlEventStore,
    private readonly apply: InlineAppendHook,
  ) {}

  /**
   * Takes the store's inline projections out of its appends until `drain`; null where they stay there (no inline
   * projection, another store, or the embedded PGlite, whose one connection would only take the sessions in turn).
   */
  static begin(sql: SqlClient, store: unknown): DeferredProjections | null {
    if (sql.kind !== 'postgres' || !(store instanceof SqlEventStore)) return null;
    const apply = store.inlineHookNow();
    if (!apply) return null;
    store.setInlineHook(null);
    return new DeferredProjections(sql, store, apply);
  }

  /** the events of a committed append (position order; the array is handed over); waits for the previous batch's projections */
  async push(events: StoredEvent[]): Promise<void> {
    await this.settled();
    if (events.length === 0) return;
    const applying = this.sql.transaction((tx) => this.apply(tx, events));
    // awaited by the next push or `drain`, which report its failure
    applying.catch(() => undefined);
    this.pending = applying;
  }

  /** every pushed batch applied; the store's appends carry their inline projections again */
  async drain(): Promise<void> {
    try {
      await this.settled();
    } finally {
      this.store.setInlineHook(this.apply);
    }
  }

  private async settled(): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    await pending;
  }
}
