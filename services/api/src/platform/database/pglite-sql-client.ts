import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client';
import { quoteIdent } from './pg-sql-client';

/**
 * In-process PostgreSQL (PGlite): the embedded default when DATABASE_URL is unset.
 * One connection; transactions are exclusive, so the same SQL (advisory locks included) behaves as on PostgreSQL.
 */
export class PgliteSqlClient implements SqlClient {
  readonly kind = 'pglite' as const;

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` is a folder, or 'memory://' for a throw-away database */
  static async open(dataDir: string): Promise<PgliteSqlClient> {
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create(dataDir);
    return new PgliteSqlClient(db);
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<SqlResult<T>> {
    return toResult<T>(await this.db.query<T>(sql, params));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options: { opening?: string } = {}): Promise<T> {
    return this.db.transaction(async (tx: Transaction) => {
      if (options.opening) await tx.query(options.opening);
      return fn({
        query: async <R>(sql: string, params: unknown[] = []) => toResult<R>(await tx.query<R>(sql, params)),
      });
    });
  }

  /** one session only: the caller's queries share it (PGlite serves one process) */
  session<T>(fn: (session: SqlExecutor) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    // resolves once LISTEN is active: a NOTIFY sent before that would be lost
    quoteIdent(channel); // validates the name; PGlite quotes nothing and matches callbacks by the raw name
    return this.db.listen(channel, onNotify);
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

function toResult<T>(result: { rows: T[]; affectedRows?: number }): SqlResult<T> {
  return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
}
