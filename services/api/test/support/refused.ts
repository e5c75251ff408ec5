import { EVENT_STORE } from '../../src/platform/tokens';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { GraphqlResponse, TestApp } from './test-app';

let counter = 0;

/**
 * Sends a GraphQL request expected to fail with `message` and `code` (any code when `null`), and checks it appended
 * nothing: no event carries the request's own correlation id (reactions and workers may append on their own
 * meanwhile, so nothing needs to settle first).
 */
export async function expectRefused(
  t: TestApp,
  request: { query: string; variables?: Record<string, unknown>; token: string },
  message: string,
  code: string | null = 'BAD_USER_INPUT',
): Promise<GraphqlResponse['errors']> {
  const events = t.app.get<EventStore>(EVENT_STORE);
  const before = await events.headPosition();
  const correlationId = `refused-${process.pid}-${++counter}`;
  const res = await t
    .http()
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('authorization', `Bearer ${request.token}`)
    .set('x-correlation-id', correlationId)
    .send({ query: request.query, variables: request.variables ?? {} });
  const body = res.body as GraphqlResponse;
  expect(body.errors?.[0]).toMatchObject(code === null ? { message } : { message, extensions: { code } });
  const appended = await events.readAll({ after: before, limit: 10_000 });
  expect(appended.filter((e) => e.metadata.correlationId === correlationId)).toEqual([]);
  return body.errors;
}
