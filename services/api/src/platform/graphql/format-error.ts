import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { AppError } from '../errors/app-error';
import { ConcurrencyError } from '../event-store/event-store.port';
import { isConnectionError } from '../observability/dependency-monitor';

/** codes Apollo itself assigns to a client's mistakes: their messages are safe to show */
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong!';
/** what a caller reads while the database is away (a restart, a failover): nothing is wrong with the request */
export const UNAVAILABLE_MESSAGE =
  'The user office is briefly unavailable (its database is not reachable): please try again in a moment';

/**
 * Every error leaves with `extensions.code` and a human message: AppError codes as thrown, a lost
 * optimistic-concurrency race as CONFLICT, Apollo's client errors as they are, the database away as
 * SERVICE_UNAVAILABLE (not logged per request: its connection's monitor logs the outage once); anything else is
 * logged and masked as INTERNAL_SERVER_ERROR.
 */
export function createErrorFormatter(log: (error: unknown) => void) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const base = { locations: formatted.locations, path: formatted.path };
    if (original instanceof AppError) {
      return {
        ...base,
        message: original.message,
        extensions: {
          code: original.code,
          ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}),
          ...(original.reason ? { reason: original.reason } : {}),
          ...(original.item ? { item: original.item } : {}),
        },
      };
    }
    if (original instanceof ConcurrencyError) {
      return { ...base, message: original.message, extensions: { code: 'CONFLICT' } };
    }
    // graphql-js wraps a thrown non-Error (a socket error object) and keeps it as `thrownValue`
    const thrown = (original as { thrownValue?: unknown } | null)?.thrownValue ?? original;
    if (isConnectionError(thrown)) {
      return { ...base, message: UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && CLIENT_CODES.has(code)) {
      const fieldErrors = formatted.extensions?.fieldErrors;
      return {
        ...base,
        message: formatted.message,
        extensions: { code, ...(fieldErrors && typeof fieldErrors === 'object' ? { fieldErrors } : {}) },
      };
    }
    log(original);
    return { ...base, message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
