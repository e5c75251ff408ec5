import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` every 100 ms until it gives a value (not null, undefined or false), then returns it; fails with
 * "Timed out waiting for <what>" after `timeoutMs`. `retryOnError`: a probe that throws (a server still away)
 * counts as no value yet.
 */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
  { retryOnError = false }: { retryOnError?: boolean } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = retryOnError ? await probe().catch(() => null) : await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}
