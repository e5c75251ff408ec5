import type { SqlExecutor } from '../database/sql-client';
import type { StoredEvent } from '../event-store/event-store.port';

/** A table a projection owns; `ddl` receives the physical name (the live one, or a rebuild copy). */
export interface ProjectionTable {
  name: string;
  ddl(table: string): string[];
}

/**
 * A read model built from events. Bump `version` when its shape or logic changes: it is rebuilt from
 * position 0 into fresh tables, then swapped in. The checkpoint is written in the same transaction as the rows.
 * - inline: applied inside the append transaction (PostgreSQL/PGlite): what a mutation's response reads;
 * - async: applied by the projector, woken by NOTIFY (or in-process), polling every second as a fallback.
 */
export interface Projection {
  name: string;
  /**
   * 'reaction': an async handler with side effects (enqueueing jobs with deterministic ids) and no tables.
   * A new reaction starts at the head of the store (it does not fire for history) and is never replayed.
   */
  kind?: 'read-model' | 'reaction';
  version: number;
  mode: 'inline' | 'async';
  /** the event types it handles, or 'all' */
  eventTypes: readonly string[] | 'all';
  tables: readonly ProjectionTable[];
  /** `tables` maps each logical table name to the physical name to write */
  apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void>;
  /** optional: several events in one go (multi-row statements), used for catch-up and rebuilds */
  applyBatch?(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void>;
  /**
   * optional, for an async read model whose batch is one insert: the batch's writes as one `INSERT … SELECT …` whose
   * rows are kept only where `guard` (an SQL condition) holds, its parameters from $1. The projector then moves
   * the checkpoint and writes the rows in one statement (the guard holds only when the checkpoint moved from where
   * the batch was read), without a transaction of its own.
   */
  batchInsert?(
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
    guard: string,
  ): { text: string; params: unknown[] };
}

/** applies the events a projection handles, in order, batched when the projection can */
export async function applyEvents(
  projection: Projection,
  tx: SqlExecutor,
  events: readonly StoredEvent[],
  tables: Readonly<Record<string, string>>,
): Promise<void> {
  const mine = events.filter((e) => handles(projection, e.type));
  if (mine.length === 0) return;
  if (projection.applyBatch) return projection.applyBatch(tx, mine, tables);
  for (const event of mine) await projection.apply(tx, event, tables);
}

export const isReaction = (p: Projection): boolean => p.kind === 'reaction';

export function handles(projection: Projection, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type);
}
