import { GraphQLError } from 'graphql';
import { badInput, conflict } from '../errors/app-error';
import { ConcurrencyError } from '../event-store/event-store.port';
import { INTERNAL_ERROR_MESSAGE, createErrorFormatter } from './format-error';

describe('GraphQL error formatting', () => {
  const logged: unknown[] = [];
  const format = createErrorFormatter((e) => logged.push(e));
  const formatted = (message: string, code?: string) => ({
    message,
    path: ['op'],
    extensions: code ? { code } : {},
  });
  const thrownInResolver = (original: Error) =>
    new GraphQLError(original.message, { originalError: original, path: ['op'] });

  it('keeps the code, message and fieldErrors of an AppError', () => {
    const error = badInput('Proposal Title is required', { title: 'Proposal Title is required' });
    expect(format(formatted(error.message), thrownInResolver(error))).toEqual({
      message: 'Proposal Title is required',
      path: ['op'],
      locations: undefined,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { title: 'Proposal Title is required' } },
    });
    expect(format(formatted('x'), thrownInResolver(conflict('Changed meanwhile'))).extensions).toEqual({
      code: 'CONFLICT',
    });
  });

  it('reports a lost optimistic-concurrency race as CONFLICT', () => {
    const error = new ConcurrencyError('proposal-1', 3, 4);
    expect(format(formatted(error.message), thrownInResolver(error)).extensions).toEqual({
      code: 'CONFLICT',
    });
  });

  it('masks and logs anything unexpected', () => {
    const error = new Error('relation "x" does not exist');
    const out = format(formatted(error.message, 'INTERNAL_SERVER_ERROR'), thrownInResolver(error));
    expect(out).toMatchObject({
      message: INTERNAL_ERROR_MESSAGE,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(logged).toContain(error);
  });

  it("passes Apollo's client errors through", () => {
    const error = new GraphQLError('Cannot query field "x" on type "Query".');
    expect(format(formatted(error.message, 'GRAPHQL_VALIDATION_FAILED'), error)).toMatchObject({
      message: error.message,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });
});
