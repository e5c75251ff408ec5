import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppError, type AppErrorCode } from './app-error';

const STATUS: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: HttpStatus.BAD_REQUEST,
  UNAUTHENTICATED: HttpStatus.UNAUTHORIZED,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  CONFLICT: HttpStatus.CONFLICT,
};

/** the 4xx status of a client's mistake the HTTP layer found (a body too large, broken JSON), else null */
export function clientErrorStatus(error: unknown): number | null {
  const status =
    error instanceof HttpException
      ? error.getStatus()
      : typeof error === 'object' && error !== null
        ? ((error as { statusCode?: unknown; status?: unknown }).statusCode ??
          (error as { status?: unknown }).status)
        : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * A user's error is an answer, not a server fault. GraphQL gets an AppError back for the error formatter, and
 * any other error rethrown for it (it masks and logs faults, once, with their stack). REST routes answer an
 * AppError with the matching status and the same body shape; a client error of the HTTP layer (413 body too
 * large, 400 broken JSON, other 4xx) is logged at warn without a stack; anything else is a fault (error, 500).
 */
@Catch()
export class AppErrorFilter extends BaseExceptionFilter {
  private readonly log = new Logger('HTTP');

  override catch(error: unknown, host: ArgumentsHost): unknown {
    if (host.getType<string>() !== 'http') {
      if (error instanceof AppError) return error;
      throw error;
    }
    const res = host.switchToHttp().getResponse<Response>();
    if (error instanceof AppError) {
      res.status(STATUS[error.code]).json({
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.reason ? { reason: error.reason } : {}),
      });
      return undefined;
    }
    const status = clientErrorStatus(error);
    if (status === null) {
      super.catch(error, host);
      return undefined;
    }
    const req = host.switchToHttp().getRequest<Request>();
    const message = error instanceof Error ? error.message : String(error);
    this.log.warn(`${req.method} ${req.originalUrl ?? req.url} refused with ${status}: ${message}`);
    if (error instanceof HttpException) {
      const body = error.getResponse();
      res.status(status).json(typeof body === 'object' ? body : { statusCode: status, message: body });
    } else res.status(status).json({ statusCode: status, message });
    return undefined;
  }
}
