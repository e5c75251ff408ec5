import { proposalRuleMessages, Role } from '@user-office/contracts';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import { EVENT_STORE } from '../../src/platform/tokens';
import type { TestApp } from './test-app';

/** who calls: anonymous, an API access token without that permission, or a user in a current role */
export type Caller = 'ANONYMOUS' | 'API_TOKEN' | Role;
export const ALL_ROLES: readonly Role[] = Object.values(Role);
export const EVERYONE: readonly Caller[] = ['ANONYMOUS', 'API_TOKEN', ...ALL_ROLES];
export const ANY_USER: readonly Caller[] = ALL_ROLES;

export interface AccessCase {
  /** the root field, e.g. updateSettings */
  operation: string;
  /** a document calling it (arguments may be nonsense: only the access decision is checked) */
  document: string;
  variables?: Record<string, unknown>;
  allowed: readonly Caller[];
}

const DENIED = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

/**
 * The one read rule's refusal (issue 38): a single read of a record the caller may not read, or of one that does
 * not exist, is refused with the proposal's message. The operation's policy let that call in: the record refused it.
 */
const RECORD_REFUSAL = proposalRuleMessages.mayNotRead;

/**
 * Calls each operation as every caller and returns the callers let through (anything but an access error:
 * a validation or not-found error still means the policy let the call in). Compare with the expected set.
 * `apiToken` is a valid API access token that has none of these operations among its permissions.
 */
export async function accessMatrix(
  t: TestApp,
  cases: readonly AccessCase[],
  apiToken: string | null,
): Promise<Record<string, Caller[]>> {
  const result: Record<string, Caller[]> = {};
  for (const c of cases) {
    const through: Caller[] = [];
    for (const caller of EVERYONE) {
      if (caller === 'API_TOKEN' && !apiToken) continue;
      const token =
        caller === 'ANONYMOUS'
          ? undefined
          : caller === 'API_TOKEN'
            ? (apiToken as string)
            : t.token({ id: 900 + ALL_ROLES.indexOf(caller), roles: [caller], currentRole: caller });
      const res = await t.gql(c.document, c.variables ?? {}, token);
      const codes = (res.errors ?? [])
        .filter((e) => !e.path || e.path[0] === c.operation)
        .filter((e) => !(e.extensions?.code === 'FORBIDDEN' && e.message === RECORD_REFUSAL))
        .map((e) => e.extensions?.code ?? '');
      if (!codes.some((code) => DENIED.has(code))) through.push(caller);
    }
    result[c.operation] = through;
  }
  return result;
}

/** the expected sets, keyed like accessMatrix's result (API_TOKEN dropped when no token is used) */
export function expectedMatrix(
  cases: readonly AccessCase[],
  withApiToken: boolean,
): Record<string, Caller[]> {
  return Object.fromEntries(
    cases.map((c) => [
      c.operation,
      EVERYONE.filter((caller) => c.allowed.includes(caller) && (withApiToken || caller !== 'API_TOKEN')),
    ]),
  );
}

/** an API access token (created by an officer through the API) that may call only `permissions` */
export async function apiTokenFor(
  t: TestApp,
  permissions: readonly string[] = ['getSettings'],
): Promise<string> {
  const res = await t.gql<{ createApiAccessToken: { accessToken: string } }>(
    'mutation($i: CreateApiAccessTokenInput!) { createApiAccessToken(input: $i) { accessToken } }',
    {
      i: {
        name: `matrix ${Date.now()}`,
        accessPermissions: JSON.stringify(Object.fromEntries(permissions.map((p) => [p, true]))),
      },
    },
    t.token(),
  );
  if (!res.data) throw new Error(`could not create an API access token: ${JSON.stringify(res.errors)}`);
  return res.data.createApiAccessToken.accessToken;
}

/**
 * The store's head once nothing more is on its way: every projection and reaction has processed it and it has not
 * moved meanwhile. Take it before an access matrix that must append nothing, or an earlier command's reaction,
 * landing during the matrix, is counted against it.
 */
export async function settledHead(t: TestApp): Promise<number> {
  const store = t.app.get<EventStore>(EVENT_STORE);
  for (;;) {
    const head = await store.headPosition();
    await t.projections.waitFor(head);
    if ((await store.headPosition()) === head) return head;
  }
}
