import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/** the access log's level: a fault (5xx) is an error, a client's mistake (4xx: 400, 401, 403, 413, …) a warning */
export function accessLogLevel(statusCode: number, error?: Error): 'error' | 'warn' | 'info' {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  return error ? 'error' : 'info';
}

export function createRootLogger(level: string): Logger {
  return pino({ level, base: { service: 'user-office-api' } });
}

/** Nest's logger on pino: one JSON log stream for framework and requests. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
