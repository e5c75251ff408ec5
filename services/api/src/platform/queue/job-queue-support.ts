/** Defaults and argument checks shared by both job queue drivers, so they accept and reject the same input. */
import type { JobOptions } from './job-queue.port';

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;

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
