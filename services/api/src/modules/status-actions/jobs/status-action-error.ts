/**
 * Why a status action did not happen. `permanent`: trying again cannot help (RabbitMQ not configured, nobody to
 * write to, the proposal is gone), so it is logged failed at once; otherwise the queue tries again with backoff
 * and the last try logs it failed.
 */
export class StatusActionError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StatusActionError';
  }
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** a URL without its password, for messages and logs */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparseable URL)';
  }
}
