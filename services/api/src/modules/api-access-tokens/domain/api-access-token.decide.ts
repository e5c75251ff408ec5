import {
  API_ACCESS_TOKEN_CREATED,
  API_ACCESS_TOKEN_DELETED,
  API_ACCESS_TOKEN_UPDATED,
  apiAccessTokenMessages,
  type ApiAccessTokenCreatedData,
  type ApiAccessTokenDeletedData,
  type ApiAccessTokenUpdatedData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { conflict, notFound } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  evolveApiAccessToken,
  initialApiAccessTokenState,
  type ApiAccessTokenState,
} from './api-access-token.state';

/** `accessPermissions` are the granted root operations; `tokenHash` is the token's SHA-256, never the token. */
export type ApiAccessTokenCommand =
  | {
      type: 'CreateApiAccessToken';
      id: number;
      name: string;
      tokenHash: string;
      accessPermissions: readonly string[];
    }
  | { type: 'UpdateApiAccessToken'; id: number; name: string; accessPermissions: readonly string[] }
  | { type: 'DeleteApiAccessToken'; id: number };

const normalized = (names: readonly string[]): string[] => [...new Set(names)].sort();

const sameNames = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/** Pure: the events an API access token command leads to (nothing when an update changes nothing). */
export function decideApiAccessToken(command: ApiAccessTokenCommand, state: ApiAccessTokenState): NewEvent[] {
  switch (command.type) {
    case 'CreateApiAccessToken': {
      if (state.status !== 'none') throw conflict(`API access token ${command.id} already exists`);
      const data: ApiAccessTokenCreatedData = {
        id: command.id,
        name: command.name,
        tokenHash: command.tokenHash,
        accessPermissions: normalized(command.accessPermissions),
      };
      return [{ type: API_ACCESS_TOKEN_CREATED, data }];
    }
    case 'UpdateApiAccessToken': {
      if (state.status !== 'active') throw notFound(apiAccessTokenMessages.notFound);
      const accessPermissions = normalized(command.accessPermissions);
      if (state.name === command.name && sameNames(normalized(state.accessPermissions), accessPermissions)) {
        return [];
      }
      const data: ApiAccessTokenUpdatedData = { id: state.id, name: command.name, accessPermissions };
      return [{ type: API_ACCESS_TOKEN_UPDATED, data }];
    }
    case 'DeleteApiAccessToken': {
      if (state.status !== 'active') throw notFound(apiAccessTokenMessages.notFound);
      const data: ApiAccessTokenDeletedData = { id: state.id };
      return [{ type: API_ACCESS_TOKEN_DELETED, data }];
    }
  }
}

export const apiAccessTokenDecider: Decider<ApiAccessTokenState, ApiAccessTokenCommand> = {
  initialState: initialApiAccessTokenState,
  evolve: evolveApiAccessToken,
  decide: decideApiAccessToken,
};
