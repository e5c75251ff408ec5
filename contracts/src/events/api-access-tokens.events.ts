import { defineEvent, registerEvents } from './catalogue';

/** One stream per API access token: `api-access-token-<id>`, the id drawn from a database sequence. */
export const API_ACCESS_TOKEN_STREAM = 'api-access-token';
export const apiAccessTokenStreamId = (id: number): string => `${API_ACCESS_TOKEN_STREAM}-${id}`;

export const API_ACCESS_TOKEN_CREATED = 'ApiAccessTokenCreated';
export const API_ACCESS_TOKEN_UPDATED = 'ApiAccessTokenUpdated';
export const API_ACCESS_TOKEN_DELETED = 'ApiAccessTokenDeleted';

export interface ApiAccessTokenCreatedData {
  readonly id: number;
  readonly name: string;
  /** SHA-256 (hex) of the token; the token itself is shown once to its creator and stored nowhere. */
  readonly tokenHash: string;
  /** The root operations (queries and mutations) the token may call. */
  readonly accessPermissions: readonly string[];
}

export interface ApiAccessTokenUpdatedData {
  readonly id: number;
  readonly name: string;
  readonly accessPermissions: readonly string[];
}

export interface ApiAccessTokenDeletedData {
  readonly id: number;
}

const permissionsText = (names: readonly string[]): string =>
  names.length === 0 ? 'no operations' : names.join(', ');

export const apiAccessTokenCreatedEvent = defineEvent<
  ApiAccessTokenCreatedData,
  typeof API_ACCESS_TOKEN_CREATED
>(API_ACCESS_TOKEN_CREATED, {
  stream: API_ACCESS_TOKEN_STREAM,
  description: (data) =>
    `API access token ${JSON.stringify(data.name)} created with access to ${permissionsText(data.accessPermissions)}`,
  changedObjectId: (data) => String(data.id),
});

export const apiAccessTokenUpdatedEvent = defineEvent<
  ApiAccessTokenUpdatedData,
  typeof API_ACCESS_TOKEN_UPDATED
>(API_ACCESS_TOKEN_UPDATED, {
  stream: API_ACCESS_TOKEN_STREAM,
  description: (data) =>
    `API access token ${JSON.stringify(data.name)} updated: access to ${permissionsText(data.accessPermissions)}`,
  changedObjectId: (data) => String(data.id),
});

export const apiAccessTokenDeletedEvent = defineEvent<
  ApiAccessTokenDeletedData,
  typeof API_ACCESS_TOKEN_DELETED
>(API_ACCESS_TOKEN_DELETED, {
  stream: API_ACCESS_TOKEN_STREAM,
  description: (data) => `API access token #${data.id} deleted`,
  changedObjectId: (data) => String(data.id),
});

/** Any event of an API access token's stream. */
export type ApiAccessTokenEvent =
  | { readonly type: typeof API_ACCESS_TOKEN_CREATED; readonly data: ApiAccessTokenCreatedData }
  | { readonly type: typeof API_ACCESS_TOKEN_UPDATED; readonly data: ApiAccessTokenUpdatedData }
  | { readonly type: typeof API_ACCESS_TOKEN_DELETED; readonly data: ApiAccessTokenDeletedData };

export const API_ACCESS_TOKEN_EVENTS = [
  apiAccessTokenCreatedEvent,
  apiAccessTokenUpdatedEvent,
  apiAccessTokenDeletedEvent,
] as const;

registerEvents(...API_ACCESS_TOKEN_EVENTS);
