import {
  API_ACCESS_TOKEN_CREATED,
  API_ACCESS_TOKEN_DELETED,
  API_ACCESS_TOKEN_UPDATED,
  type ApiAccessTokenCreatedData,
  type ApiAccessTokenUpdatedData,
} from '@user-office/contracts';

/** One API access token as folded from its `api-access-token-<id>` stream. */
export type ApiAccessTokenState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; id: number; name: string; accessPermissions: readonly string[] };

export const initialApiAccessTokenState: ApiAccessTokenState = { status: 'none' };

export function evolveApiAccessToken(
  state: ApiAccessTokenState,
  event: { type: string; data: unknown },
): ApiAccessTokenState {
  switch (event.type) {
    case API_ACCESS_TOKEN_CREATED: {
      const { id, name, accessPermissions } = event.data as ApiAccessTokenCreatedData;
      return { status: 'active', id, name, accessPermissions };
    }
    case API_ACCESS_TOKEN_UPDATED: {
      if (state.status === 'none') return state;
      const { name, accessPermissions } = event.data as ApiAccessTokenUpdatedData;
      return { ...state, name, accessPermissions };
    }
    case API_ACCESS_TOKEN_DELETED:
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
