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
