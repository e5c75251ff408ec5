import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { i18n } from '../i18n';
import { decodeToken, nowSeconds, storedToken, storeSession } from '../session/session-store';

/** A failed call (§8 "Failed calls"): the server's own message when present, else one of the generic texts. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    /** BAD_USER_INPUT: messages by field (question id, title, …) */
    readonly fieldErrors: Record<string, string> = {},
    readonly reported = false,
  ) {
    super(message);
  }
}

type SessionListener = (event: 'renewed' | 'expired', detail: string) => void;
const listeners = new Set<SessionListener>();

/** The session provider listens for renewed tokens and expiry. */
export function onSessionEvent(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: 'renewed' | 'expired', detail: string): void {
  for (const l of listeners) l(event, detail);
}

let clientName = 'user-office-portal';

/** The client-name header each request carries (§7): the portal's or the console's. */
export function setClientName(name: string): void {
  clientName = name;
}

const RENEW_AFTER_SECONDS = 3600;
let renewing: Promise<void> | null = null;

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; fieldErrors?: Record<string, string> } }[];
}

async function post<T>(query: string, variables: unknown, token: string | null): Promise<GraphqlResponse<T>> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'apollographql-client-name': clientName,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new ApiError(i18n.t('errors.connectionProblem'), 'CONNECTION_REFUSED');
  }
  let body: GraphqlResponse<T>;
  try {
    body = (await response.json()) as GraphqlResponse<T>;
  } catch {
    throw new ApiError(i18n.t('errors.noResponse'), 'NO_RESPONSE');
  }
  return body;
}

/** Renews the token when it is more than 3600 s old (§9); "Server rejected user credentials" when refused. */
async function renewIfOld(): Promise<void> {
  const token = storedToken();
  if (!token) return;
  const claims = decodeToken(token);
  if (nowSeconds() - claims.issuedAt <= RENEW_AFTER_SECONDS) return;
  renewing ??= (async () => {
    const body = await post<{ getToken: string }>(
      'mutation GetToken($token: String!) { getToken(token: $token) }',
      { token },
      token,
    );
    if (body.data?.getToken) {
      storeSession(body.data.getToken);
      emit('renewed', body.data.getToken);
      return;
    }
    emit('expired', i18n.t('session.rejected'));
    throw new ApiError(i18n.t('session.rejected'), 'UNAUTHENTICATED');
  })().finally(() => {
    renewing = null;
  });
  await renewing;
}

/** Reports a failure through addClientLog, unless the reporting itself fails (§8). */
function report(message: string): void {
  const token = storedToken();
  void post(
    'mutation AddClientLog($error: String!) { addClientLog(error: $error) }',
    { error: message },
    token,
  ).catch(() => undefined);
}

/** Runs a typed operation. Throws ApiError with the §8 texts. */
export async function request<TResult, TVariables>(
  document: TypedDocumentNode<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const isRenewal = document.definitions.some((d) => 'name' in d && d.name?.value === 'GetToken');
  if (!isRenewal) await renewIfOld();
  const body = await post<TResult>(print(document), variables ?? {}, storedToken());
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? null;
    // the server no longer accepts the stored token (expired, revoked, rejected): the session ends with its message
    if (code === 'UNAUTHENTICATED' && storedToken()) emit('expired', error.message);
    if (code === 'EXTERNAL_TOKEN_INVALID') emit('expired', i18n.t('session.expiredExternal'));
    const message = error.message || i18n.t('errors.generic');
    if (code !== 'BAD_USER_INPUT' && code !== 'UNAUTHENTICATED') report(`${message} (${code ?? 'no code'})`);
    throw new ApiError(message, code, error.extensions?.fieldErrors ?? {});
  }
  if (!body.data) throw new ApiError(i18n.t('errors.generic'), null);
  return body.data;
}
