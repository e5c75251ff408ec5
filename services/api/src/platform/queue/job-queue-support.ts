/** Defaults and argument checks shared by both job queue drivers, so they accept and reject the same input. */
import type { JobOptions } from './job-queue.port';

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
/**
 * the longest wait between two tries: exponential backoff stops growing here, so a job with many attempts (a
 * RabbitMQ message owed through a long broker outage) keeps trying about once a minute
 */
export const MAX_BACKOFF_MS = 60_000;
/** the backoff after the `attemptsMade`-th try: base * 2^(attemptsMade-1), at most MAX_BACKOFF_MS */
export const backoffDelay = (baseMs: number, attemptsMade: number): number =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attemptsMade - 1));
/** the BullMQ backoff type of that strategy (registered on every worker) */
export const CAPPED_BACKOFF = 'capped-exponential';

/** attempts and backoff with the port defaults applied; attempts is at least 1, backoff at least 0 */
export function resolveRetryOptions(options: JobOptions): { attempts: number; backoffMs: number } {
  const attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_ATTEMPTS));
  const backoffMs = Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS);
  return { attempts, backoffMs };
}

/** queue names end up in Redis keys: non-empty and without ':' (BullMQ rejects it) */
export function assertQueueName(queue: string): void {
  if (queue.length === 0 || queue.includes(':')) {
    throw new Error(`Invalid queue name "${queue}": it must be non-empty and must not contain ':'`);
  }
}

/** an empty job id would silently disable de-duplication (BullMQ generates one), so it is refused */
export function assertJobId(jobId: string): void {
  if (jobId.length === 0) throw new Error('A job needs a non-empty jobId (it is the de-duplication key)');
}

/** the message recorded as failedReason for whatever a processor threw */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** JSON round trip, so processors and readers see what the BullMQ driver (which serialises) would give them */
export function jsonCopy(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}
