import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { SqlClient, SqlExecutor } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** the channel the templates projection notifies when it changes the templates read model */
export const TEMPLATES_CHANGED_CHANNEL = 'uo_templates_changed';
/** the longest an entry is trusted: the bound on staleness should a notification be missed (a lost connection) */
const MAX_AGE_MS = 10_000;
/** more templates than this cached: the cache starts again (a facility has tens of templates, not thousands) */
const MAX_ENTRIES = 500;

/**
 * What a questionary is built from (a template's row and steps) kept between requests: every save of a step reads
 * its template twice (the rules, then the saved step), and templates change rarely. Any change to the templates
 * read model drops every entry: in this process at once (the projection calls `invalidate`), in the others by a
 * NOTIFY on TEMPLATES_CHANGED_CHANNEL sent in the same transaction. A read that began before a drop does not refill
 * the cache; an entry is trusted for MAX_AGE_MS at most. Without a LISTEN connection nothing is cached.
 */
@Injectable()
export class TemplateStructureCache implements OnModuleDestroy {
  private readonly entries = new Map<string, { at: number; value: unknown }>();
  private generation = 0;
  private listening: Promise<boolean> | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** drops every entry (the templates read model changed) */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** in the transaction that changes the templates read model: the other processes drop their entries at its commit */
  async changed(tx: SqlExecutor): Promise<void> {
    this.invalidate();
    await tx.query('SELECT pg_notify($1, $2)', [TEMPLATES_CHANGED_CHANNEL, '']);
  }

  /** the cached value of `key`, or `load()`'s, kept when no change came meanwhile */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!(await this.listen())) return load();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value as T;
    const generation = this.generation;
    const at = Date.now();
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { at, value });
    }
    return value;
  }

  private listen(): Promise<boolean> {
    this.listening ??= this.sql
      .listen(TEMPLATES_CHANGED_CHANNEL, () => this.invalidate())
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
