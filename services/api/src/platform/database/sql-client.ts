/** The SQL port shared by the event store, projections and read models: PostgreSQL (pg) or in-process PGlite. */
export interface SqlResult<T> {
  rows: T[];
  rowCount: number;
}

export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<T>>;
  /**
   * In a transaction on PostgreSQL: a statement without parameters, run at the commit with COMMIT in one round trip
   * (its failure rolls the transaction back and fails it). Absent elsewhere: run it with `query`.
   */
  atCommit?(sql: string): void;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs `fn` in a transaction. `opening`: a statement without parameters run first in it (an advisory lock); on
   * PostgreSQL it goes with BEGIN in one round trip.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: { opening?: string }): Promise<T>;
  /**
   * Runs `fn` on one connection of its own, outside any transaction, for session-level advisory locks; the
   * connection is closed afterwards (so no lock outlives `fn`, not even after an error). PGlite has one session.
   */
  session<T>(fn: (session: SqlExecutor) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns an unlisten function */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
