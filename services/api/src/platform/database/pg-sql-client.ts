import { Client, Pool, type PoolClient } from 'pg';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client';

/** PostgreSQL through a `pg` pool. LISTEN uses its own connection that reconnects when it drops. */
export class PgSqlClient implements SqlClient {
  readonly kind = 'postgres' as const;
  private readonly listeners = new Set<Client>();

  constructor(
    private readonly pool: Pool,
    private readonly url: string,
  ) {}

  static async connect(url: string, poolSize = 10): Promise<PgSqlClient> {
    const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
    pool.on('error', () => undefined); // idle client errors surface on the next query
    const client = new PgSqlClient(pool, url);
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new Error(
        `PostgreSQL is not reachable at ${redactUrl(url)} (${(error as Error).message}): start it with ` +
          '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, ' +
          'or unset DATABASE_URL to use the embedded PGlite database',
        { cause: error },
      );
    }
    return client;
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<SqlResult<T>> {
    const result = await this.pool.query(sql, params);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const connection: PoolClient = await this.pool.connect();
    const tx: SqlExecutor = {
      query: async <R>(sql: string, params: unknown[] = []) => {
        const result = await connection.query(sql, params);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
      },
    };
    try {
      await connection.query('BEGIN');
      const value = await fn(tx);
      await connection.query('COMMIT');
      return value;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let client: Client | null = null;
    let stopped = false;
    const open = async (): Promise<void> => {
      const next = new Client({ connectionString: this.url });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      next.on('error', () => {
        this.listeners.delete(next);
        next.end().catch(() => undefined);
        if (!stopped) setTimeout(() => void open().catch(() => undefined), 1000);
      });
      await next.connect();
      await next.query(`LISTEN ${quoteIdent(channel)}`);
      client = next;
      this.listeners.add(next);
    };
    await open();
    return async () => {
      stopped = true;
      if (client) {
        this.listeners.delete(client);
        await client.end().catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.listeners].map((c) => c.end().catch(() => undefined)));
    this.listeners.clear();
    await this.pool.end();
  }
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return `"${name}"`;
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
