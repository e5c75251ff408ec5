/**
 * Errors a user can act on, with the spec's messages. Pure: deciders throw these; the GraphQL layer maps
 * `code` to `extensions.code` (BAD_USER_INPUT with fieldErrors, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT).
 */
export type AppErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly reason?: string,
    /** the item of a bulk action this refusal is about (GraphQL `extensions.item`), e.g. "Proposal 000123" */
    readonly item?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError('BAD_USER_INPUT', message, fieldErrors ?? {});
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'You need to log in', reason?: string) =>
  new AppError('UNAUTHENTICATED', message, undefined, reason);
export const conflict = (message: string) => new AppError('CONFLICT', message);
