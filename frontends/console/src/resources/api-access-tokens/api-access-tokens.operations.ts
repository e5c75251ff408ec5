import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleApiAccessTokenDocument,
  ConsoleApiAccessTokensDocument,
  ConsoleCreateApiAccessTokenDocument,
  ConsoleDeleteApiAccessTokenDocument,
  ConsoleQueriesAndMutationsDocument,
  ConsoleUpdateApiAccessTokenDocument,
} from '../../gql/graphql';

const input = (data: Record<string, unknown>) => ({
  name: String(data.name ?? '').trim(),
  accessPermissions: String(data.accessPermissions ?? '{}'),
});

/**
 * API access tokens (`/console/ApiAccessTokens`): getList → getAllAccessTokensAndPermissions; getOne →
 * getAccessTokenAndPermissions(accessTokenId); create → createApiAccessToken(input name, accessPermissions),
 * whose answer is the only one that carries the token; update → updateApiAccessToken; delete →
 * deleteApiAccessToken(input accessTokenId).
 */
export const apiAccessTokensOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleApiAccessTokensDocument, {}, (data) =>
      pageOf(data.getAllAccessTokensAndPermissions, params),
    ),
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleApiAccessTokenDocument, { accessTokenId: Number(params.id) }, (data) => {
      if (!data.getAccessTokenAndPermissions) throw new Error('API access token not found');
      return { data: data.getAccessTokenAndPermissions };
    }),
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateApiAccessTokenDocument, { input: input(params.data) }, (data) => ({
      data: data.createApiAccessToken,
    })),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateApiAccessTokenDocument,
      { input: { accessTokenId: Number(params.id), ...input(params.data) } },
      (data) => ({ data: data.updateApiAccessToken }),
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteApiAccessTokenDocument, { input: { accessTokenId: Number(params.id) } }, () => ({
      data: { id: Number(params.id) },
    })),
};

/** The operations a token may be given (getAllQueriesAndMutations): one row per name, queries then mutations. */
export const apiOperationsOperations: ResourceOperations = {
  GET_LIST: () =>
    operation(ConsoleQueriesAndMutationsDocument, {}, (data) => {
      const rows = [
        ...data.getAllQueriesAndMutations.queries.map((name) => ({ id: name, kind: 'query' as const })),
        ...data.getAllQueriesAndMutations.mutations.map((name) => ({ id: name, kind: 'mutation' as const })),
      ];
      return { data: rows, total: rows.length };
    }),
};
