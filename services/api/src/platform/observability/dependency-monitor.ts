import { Logger } from '@nestjs/common';

/** Where a monitor writes its two lines per outage (tests pass their own). */
export interface OutageLogger {
  warn(message: string): void;
  log(message: string): void;
}

/**
 * The state of one connection to a dependency (PostgreSQL, Redis, …) as operators read it: one log line when it
 * goes away, one when it is back (not one per retry), and a sentence for `/ready` naming the component and its
 * address, not the client library's text. Whatever notices a failure calls `down`, whatever succeeds calls `up`.
 */
export class DependencyMonitor {
  private since: number | null = null;
  private reason: string | null = null;

  constructor(
    /** what it is, as an operator names it: "PostgreSQL", "Redis" */
    readonly component: string,
    /** where it is, without a password: "127.0.0.1:5432/uo", "redis://127.0.0.1:6379" */
    readonly address: string,
    private readonly logger: OutageLogger = new Logger(component),
  ) {}

  get isDown(): boolean {
    return this.since !== null;
  }

  /** the sentence `/ready` shows while it is down; null when it is up */
  get problem(): string | null {
    if (this.since === null) return null;
    const seconds = Math.round((Date.now() - this.since) / 1000);
    return `${this.component} at ${this.address} is not reachable (for ${seconds} s; retrying with backoff)`;
  }

  /** a failure that means the dependency is gone: logged once per outage */
  down(error?: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.reason = error === undefined ? null : describeError(error);
    this.logger.warn(
      `${this.component} at ${this.address} is not reachable${this.reason ? ` (${this.reason})` : ''}: ` +
        'waiting for it, retrying with backoff',
    );
  }

  /** a success: when it follows an outage, logged once with the outage's length */
  up(): void {
    if (this.since === null) return;
    const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
    this.since = null;
    this.reason = null;
    this.logger.log(`${this.component} at ${this.address} is reachable again (after ${seconds} s)`);
  }
}

/** a short reason from whatever a client threw: its code when it has one (ECONNREFUSED, 57P01), else its message */
export function describeError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') return code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether a PostgreSQL error means the connection (or the server) went away rather than the statement being
 * wrong: socket errors, the server shutting down or starting up, a connection the pool could not open in time.
 */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|ENETUNREACH)$/.test(code))
    return true;
  // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection exceptions
  if (/^(57P0[123]|08\d{3})$/.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|terminating connection/i.test(
    message,
  );
}
