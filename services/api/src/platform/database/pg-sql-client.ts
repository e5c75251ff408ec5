import { Client, Pool, type PoolClient } from 'pg';
import { DependencyMonitor, isConnectionError, type OutageLogger } from '../observability/dependency-monitor';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client';

/** the first and the longest wait between two attempts to re-open a LISTEN connection */
const LISTEN_RETRY_MS = { first: 250, max: 10_000 };

/**
 * PostgreSQL through a `pg` pool. Every connection handles its errors, so losing the server (a restart, a
 * failover) fails the statements in flight and never the process: idle pool clients are dropped by the pool,
 * a client held for a transaction is destroyed instead of returned, and LISTEN connections re-open with backoff
 * and LISTEN again (their callback is called once then, for what may have been missed). `monitor` says whether
 * the server answers (one log line per outage and one per recovery; `/ready`).
 */
export class PgSqlClient implements SqlClient {
  readonly kind = 'postgres' as const;
  private readonly listeners = new Set<Client>();
  private closed = false;
  readonly monitor: DependencyMonitor;

  constructor(
    private readonly pool: Pool,
    private readonly url: string,
    logger?: OutageLogger,
  ) {
    this.monitor = new DependencyMonitor('PostgreSQL', addressOf(url), logger);
    pool.on('error', (error) => this.failed(error)); // an idle client lost: the pool drops it
  }

  static async connect(url: string, poolSize = 10, logger?: OutageLogger): Promise<PgSqlClient> {
    const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
    const client = new PgSqlClient(pool, url, logger);
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
    try {
      const result = await this.pool.query(sql, params);
      this.monitor.up();
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options: { opening?: string } = {}): Promise<T> {
    let connection: PoolClient;
    try {
      connection = await this.pool.connect();
    } catch (error) {
      this.failed(error);
      throw error;
    }
    // a held client has no listener of the pool's: without this one, losing the server between two statements
    // of the transaction is an unhandled 'error' event, which ends the process
    let broken: Error | null = null;
    const onError = (error: Error) => {
      broken ??= error;
      this.failed(error);
    };
    connection.on('error', onError);
    const atCommit: string[] = [];
    const tx: SqlExecutor = {
      query: async <R>(sql: string, params: unknown[] = []) => {
        if (broken) throw broken;
        const result = await connection.query(sql, params);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
      },
      atCommit: (sql: string) => {
        atCommit.push(sql);
      },
    };
    try {
      // the opening statement with BEGIN: one simple query, one round trip
      await connection.query(options.opening ? `BEGIN; ${options.opening}` : 'BEGIN');
      const value = await fn(tx);
      // the statements deferred to the commit go with it: one simple query, one round trip
      await connection.query([...atCommit, 'COMMIT'].join('; '));
      this.monitor.up();
      return value;
    } catch (error) {
      if (isConnectionError(error)) broken ??= error as Error;
      if (!broken) await connection.query('ROLLBACK').catch(() => undefined);
      this.failed(error);
      throw error;
    } finally {
      connection.removeListener('error', onError);
      // a broken connection is destroyed, not handed to the next caller
      connection.release(broken ?? undefined);
    }
  }

  async session<T>(fn: (session: SqlExecutor) => Promise<T>): Promise<T> {
    let connection: PoolClient;
    try {
      connection = await this.pool.connect();
    } catch (error) {
      this.failed(error);
      throw error;
    }
    // as in transaction(): losing the server while the connection is held fails its next query, not the process
    const onError = (error: Error) => this.failed(error);
    connection.on('error', onError);
    try {
      return await fn({
        query: async <R>(sql: string, params: unknown[] = []) => {
          const result = await connection.query(sql, params);
          return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
        },
      });
    } finally {
      connection.removeListener('error', onError);
      connection.release(true); // closed, not pooled: its session locks end with it
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let client: Client | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let delay = LISTEN_RETRY_MS.first;
    const open = async (): Promise<void> => {
      const next = new Client({ connectionString: this.url });
      let lost = false;
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      const reopen = (error?: Error) => {
        if (lost) return;
        lost = true;
        if (error) this.failed(error);
        this.listeners.delete(next);
        if (client === next) client = null;
        next.end().catch(() => undefined);
        if (!stopped && !this.closed) schedule();
      };
      next.on('error', reopen);
      next.on('end', () => reopen());
      try {
        await next.connect();
        await next.query(`LISTEN ${quoteIdent(channel)}`);
        if (stopped || this.closed) {
          // closed while this connection was opening: close() could not see it, so it would outlive the client
          lost = true;
          await next.end().catch(() => undefined);
          return;
        }
      } catch (error) {
        lost = true;
        this.failed(error);
        next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      this.listeners.add(next);
      delay = LISTEN_RETRY_MS.first;
      this.monitor.up();
    };
    /** re-open with backoff until it works; then a notification may have been missed: call once */
    const schedule = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (stopped || this.closed) return;
        open().then(
          () => onNotify(''),
          () => {
            delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
            schedule();
          },
        );
      }, delay);
    };
    await open();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current: Client | null = client;
      if (current) {
        this.listeners.delete(current);
        await current.end().catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.listeners].map((c) => c.end().catch(() => undefined)));
    this.listeners.clear();
    await this.pool.end();
  }

  /** a failure: when it says the server is gone, the monitor notes the outage (once) */
  private failed(error: unknown): void {
    if (isConnectionError(error)) this.monitor.down(error);
  }
}

/** `host:port/database` of a PostgreSQL URL, for operators (no user, no password) */
export function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return redactUrl(url);
  }
}

/** a text as an SQL literal (for a statement without parameters, such as one deferred to the commit) */
export function quoteLiteral(text: string): string {
  if (text.includes('\0')) throw new Error('a text with a NUL character cannot be an SQL literal');
  return `'${text.replace(/'/g, "''")}'`;
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return `"${name}"`;
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
