import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import { TokenService } from '../../src/platform/auth/token.service';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import { EVENT_STORE } from '../../src/platform/tokens';
import { operationsOf, introspect, type FuzzCaller, type FuzzTarget } from './schema-fuzzer';

/**
 * The fuzzer's view of an app listening on a port: real HTTP (fetch), the event store read for the correlation
 * ids of the events appended during the campaign.
 */
export async function appTarget(app: INestApplication): Promise<FuzzTarget> {
  const server = app.getHttpServer() as { address(): AddressInfo | string | null; listening: boolean };
  if (!server.listening) await app.listen(0, '127.0.0.1');
  const address = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${address.port}`;
  const store = app.get<EventStore>(EVENT_STORE);
  return {
    async post({ body, raw, contentType, token, correlationId }) {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': contentType ?? 'application/json',
          'x-correlation-id': correlationId,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: raw ?? JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    async get(path) {
      const res = await fetch(`${base}${path}`);
      return { status: res.status, text: await res.text() };
    },
    headPosition: () => store.headPosition(),
    async correlationIdsAfter(position) {
      const counts = new Map<string, number>();
      let after = position;
      for (;;) {
        const events = await store.readAll({ after, limit: 1000 });
        if (events.length === 0) return counts;
        for (const e of events) {
          const id = e.metadata.correlationId;
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        after = events[events.length - 1].position;
      }
    },
  };
}

/**
 * The four callers of the campaign: anonymous, an applicant (user role), an officer, and an API access token the
 * officer creates with every operation of the served schema among its permissions.
 */
export async function fuzzCallers(
  app: INestApplication,
  target: FuzzTarget,
  callsPerOperation: { anonymous: number; applicant: number; officer: number; apiToken: number },
): Promise<FuzzCaller[]> {
  const tokens = app.get(TokenService);
  const officer = tokens.sign({
    id: 1,
    roles: [Role.USER_OFFICER],
    currentRole: Role.USER_OFFICER,
    isInternalUser: true,
    impersonatingUserId: null,
  });
  const applicant = tokens.sign({
    id: 2,
    roles: [Role.USER],
    currentRole: Role.USER,
    isInternalUser: false,
    impersonatingUserId: null,
  });
  const schema = await introspect(target, officer);
  const permissions = Object.fromEntries(operationsOf(schema).map((o) => [o.field.name, true]));
  const res = await target.post({
    body: {
      query: 'mutation($i: CreateApiAccessTokenInput!) { createApiAccessToken(input: $i) { accessToken } }',
      variables: { i: { name: 'fuzz', accessPermissions: JSON.stringify(permissions) } },
    },
    token: officer,
    correlationId: 'fuzz-api-token',
  });
  const body = JSON.parse(res.text) as { data?: { createApiAccessToken?: { accessToken: string } } };
  const apiToken = body.data?.createApiAccessToken?.accessToken;
  if (!apiToken) throw new Error(`could not create the fuzz API token: ${res.text.slice(0, 500)}`);
  return [
    { name: 'anonymous', callsPerOperation: callsPerOperation.anonymous },
    { name: 'applicant', token: applicant, callsPerOperation: callsPerOperation.applicant },
    { name: 'officer', token: officer, callsPerOperation: callsPerOperation.officer },
    { name: 'API token', token: apiToken, callsPerOperation: callsPerOperation.apiToken },
  ];
}
