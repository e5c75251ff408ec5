import { Catch, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, type AppErrorCode } from './app-error';

const STATUS: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: HttpStatus.BAD_REQUEST,
  UNAUTHENTICATED: HttpStatus.UNAUTHORIZED,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  CONFLICT: HttpStatus.CONFLICT,
};

/**
 * A user's error is an answer, not a server fault: GraphQL gets it back for the error formatter (no error log),
 * REST routes answer with the matching status and the same body shape.
 */
@Catch(AppError)
export class AppErrorFilter implements ExceptionFilter {
  catch(error: AppError, host: ArgumentsHost): unknown {
    if (host.getType<string>() === 'graphql') return error;
    const res = host.switchToHttp().getResponse<Response>();
    res.status(STATUS[error.code]).json({
      message: error.message,
      code: error.code,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      ...(error.reason ? { reason: error.reason } : {}),
    });
    return undefined;
  }
}
