import { accessPermissionsJson, HIDDEN_ACCESS_TOKEN } from '@user-office/contracts';
import type { PermissionsWithAccessTokenModel } from './api-access-token.model';
import type { ApiAccessTokenRow } from './api-access-tokens.repository';

/** The GraphQL shape of a stored token; `accessToken` is the plain token only when it was just created. */
export function toPermissionsWithAccessToken(
  row: ApiAccessTokenRow,
  accessToken: string = HIDDEN_ACCESS_TOKEN,
): PermissionsWithAccessTokenModel {
  return {
    id: row.id,
    name: row.name,
    accessToken,
    accessPermissions: accessPermissionsJson(row.accessPermissions),
  };
}
