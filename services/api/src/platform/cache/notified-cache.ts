import type { OnModuleDestroy } from '@nestjs/common';
import type { SqlClient, SqlExecutor } from '../database/sql-client';

/**
 * Values read from a read model kept between requests, for a read model that changes rarely. Any change to it drops
 * every entry: in this process at once (its projection calls `changed`, or the writer `invalidate`), in the others
 * by a NOTIFY on the cache's channel sent in the same transaction (and heard by this process too, at the commit). A
 * read that began before a drop does not refill the cache; an entry is trusted for `maxAgeMs` at most (the bound on
 * staleness should a notification be missed: a lost connection). Without a LISTEN connection nothing is cached.
 */
export class NotifiedCache implements OnModuleDestroy {
  private readonly entries = new Map<string, { at: number; value: unknown }>();
  private generation = 0;
  private listening: Promise<boolean> | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly channel: string,
    private readonly maxAgeMs: number,
    /** more entries than this: the cache starts again */
    private readonly maxEntries: number,
  ) {}

  /** drops every entry (the read model changed) */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** in the transaction that changes the read model: the other processes drop their entries at its commit */
  async changed(tx: SqlExecutor): Promise<void> {
    this.invalidate();
    await tx.query('SELECT pg_notify($1, $2)', [this.channel, '']);
  }

  /** the cached value of `key`, or `load()`'s, kept when no change came meanwhile */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!(await this.listen())) return load();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return hit.value as T;
    const generation = this.generation;
    const at = Date.now();
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { at, value });
    }
    return value;
  }

  private listen(): Promise<boolean> {
    this.listening ??= this.sql
      .listen(this.channel, () => this.invalidate())
      .then((stop) => {
        this.stop = stop;
        return true;
      })
      .catch(() => {
        this.listening = null; // the next read tries again; until then nothing is cached
        return false;
      });
    return this.listening;
  }

  async onModuleDestroy(): Promise<void> {
    this.invalidate();
    const stop = this.stop;
    this.stop = null;
    this.listening = Promise.resolve(false);
    await stop?.();
  }
}
