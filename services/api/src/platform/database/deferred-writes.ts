import type { SqlExecutor, SqlResult } from './sql-client';

/**
 * The executor a reaction writes through: its statements are kept and run later, in the transaction that moves
 * the reaction's checkpoint (ProjectionRunner), so what a reaction owes (owed jobs) is recorded if and only if
 * the events that caused it are marked handled. Write-only: a statement answers no rows until it has run, so a
 * reaction reads through its repositories, never through this. `afterCommit` callbacks run once the
 * transaction has committed (enqueueing what was owed).
 */
export class DeferredWrites implements SqlExecutor {
  private readonly statements: { sql: string; params: unknown[] }[] = [];
  private readonly callbacks: (() => void)[] = [];

  async query<T>(sql: string, params: unknown[] = []): Promise<SqlResult<T>> {
    this.statements.push({ sql, params });
    return { rows: [], rowCount: 0 };
  }

  /** `fn` runs after the commit of the transaction these writes go into (never when it rolls back) */
  afterCommit(fn: () => void): void {
    this.callbacks.push(fn);
  }

  get size(): number {
    return this.statements.length;
  }

  /** runs the kept statements, in order, in the caller's transaction */
  async flush(tx: SqlExecutor): Promise<void> {
    for (const { sql, params } of this.statements) await tx.query(sql, params);
  }

  /** the transaction committed: run the callbacks (each on its own; one that throws does not stop the others) */
  committed(): void {
    for (const fn of this.callbacks.splice(0)) {
      try {
        fn();
      } catch {
        // an after-commit step is best effort: what it does is also done by a reconciler
      }
    }
  }
}

/** whether an executor defers its writes to a later commit (the one a reaction is given) */
export function isDeferredWrites(tx: SqlExecutor): tx is DeferredWrites {
  return tx instanceof DeferredWrites;
}
