/** Picks the job queue driver: BullMQ when a Redis URL is configured (and reachable), in-process otherwise. */
import type { Redis as RedisClient } from 'ioredis';
import type { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobQueue } from './job-queue.port';

export interface CreateJobQueueOptions {
  /** REDIS_URL; unset or empty selects the in-process driver */
  redisUrl?: string;
  /** Redis key namespace of the BullMQ driver */
  prefix: string;
  /** infrastructure errors of the BullMQ driver (see BullMqJobQueueOptions.onError) */
  onError?: (error: Error) => void;
  /** how long the start-up reachability check waits for Redis (default 3000 ms) */
  connectTimeoutMs?: number;
  /** BullMQ's lockDuration and stalled-job check interval (default 30000 ms) */
  lockMs?: number;
}

const START_REDIS =
  '`redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no`';

export async function createJobQueue(options: CreateJobQueueOptions): Promise<JobQueue> {
  const redisUrl = options.redisUrl?.trim();
  if (!redisUrl) return new InProcessJobQueue();
  await assertRedisReachable(redisUrl, options.connectTimeoutMs ?? 3000);
  // BullMQ and ioredis (about 300 modules) are loaded only when Redis is configured
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bullmq = require('./bullmq-job-queue') as { BullMqJobQueue: typeof BullMqJobQueue };
  return new bullmq.BullMqJobQueue({
    redisUrl,
    prefix: options.prefix,
    onError: options.onError,
    lockMs: options.lockMs,
  });
}

/** one connection attempt with a timeout and no reconnect; throws an error that says how to fix it */
async function assertRedisReachable(redisUrl: string, timeoutMs: number): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only with REDIS_URL (see above)
  const { Redis } = require('ioredis') as { Redis: typeof RedisClient };
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    disconnectTimeout: 100,
  });
  // the socket error (ECONNREFUSED...) says more than connect()'s "Connection is closed"
  let socketError: Error | null = null;
  probe.on('error', (error: Error) => {
    socketError ??= error;
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const attempt = probe.connect().then(() => probe.ping());
  attempt.catch(() => undefined); // when the deadline wins, the attempt's later rejection is expected
  try {
    await Promise.race([attempt, deadline]);
  } catch (error) {
    const reason = (socketError ?? (error instanceof Error ? error : new Error(String(error)))).message;
    throw new Error(
      `Redis is not reachable at ${redactUrl(redisUrl)} (${reason}): start it with ${START_REDIS} ` +
        'or unset REDIS_URL to use the in-process queue',
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    // disconnecting an already ended client arms a 2 s socket timer that nothing clears
    if (probe.status !== 'end') probe.disconnect();
  }
}

/** the URL without its password, for error messages */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparseable REDIS_URL)';
  }
}
