import type { ImportContext } from '../import-context';

/** the product's id sequence `seq` continues after `max` (UOC's largest id of it); never moves it back */
export async function advanceSequence(ctx: ImportContext, seq: string, max: unknown): Promise<void> {
  const m = Number(max);
  if (max === null || max === undefined || !Number.isFinite(m) || m < 1) return;
  await ctx.sql.query(`CREATE SEQUENCE IF NOT EXISTS "${seq}"`);
  await ctx.sql.query(`SELECT setval('"${seq}"', greatest($1::bigint, (SELECT last_value FROM "${seq}")))`, [
    m,
  ]);
}

/** the subset of `ids` that have a row in the store's read-model table (e.g. the proposals imported) */
export async function existingIds(
  ctx: ImportContext,
  table: string,
  column: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await ctx.sql.query<{ id: number }>(
    `SELECT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** the largest value of a numeric column of rows (0 when none; no spread: many rows) */
export const maxOf = (rows: readonly Record<string, unknown>[], column: string): number =>
  rows.reduce((m, r) => Math.max(m, Number(r[column]) || 0), 0);

/**
 * Where a batched kind's first pass resumes (the importer's `uoc_import_checkpoints`, one row per kind): after the
 * last committed key while the first pass is incomplete; from the start once it is complete (a later run goes over
 * every row again and appends what is new). Events are keyed, so a batch committed but not checkpointed is skipped.
 */
export async function resumeAfter(
  ctx: ImportContext,
  kind: string,
): Promise<{ after: number; complete: boolean }> {
  const { rows } = await ctx.sql.query<{ last_key: string | number; complete: boolean }>(
    'SELECT last_key, complete FROM uoc_import_checkpoints WHERE kind = $1',
    [kind],
  );
  if (!rows[0]) return { after: 0, complete: false };
  return { after: rows[0].complete ? 0 : Number(rows[0].last_key), complete: rows[0].complete };
}

export async function saveCheckpoint(
  ctx: ImportContext,
  kind: string,
  lastKey: number,
  complete: boolean,
): Promise<void> {
  await ctx.keepProblems();
  await ctx.sql.query(
    `INSERT INTO uoc_import_checkpoints (kind, last_key, complete) VALUES ($1, $2, $3)
     ON CONFLICT (kind) DO UPDATE SET last_key = $2, complete = $3, updated_at = now()`,
    [kind, lastKey, complete],
  );
  if (!complete) await ctx.afterBatch(kind, lastKey);
}
