import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { BuildQueryResult } from 'ra-data-graphql';

/** react-admin's fetch types a resource may map onto §7 operations (ra-data-graphql's names). */
export type RaFetchType =
  'GET_LIST' | 'GET_ONE' | 'GET_MANY' | 'GET_MANY_REFERENCE' | 'CREATE' | 'UPDATE' | 'DELETE';

/**
 * How one resource's react-admin calls become §7 operations: per fetch type, a function of react-admin's params
 * returning the typed document, its variables and how to read the answer. No generic CRUD guessing: a call a
 * resource does not list is refused.
 */
export type ResourceOperations = Partial<Record<RaFetchType, (params: never) => BuildQueryResult>>;

/** One §7 operation for ra-data-graphql: the typed document, its variables, and the reading of its data. */
export function operation<TResult, TVariables, TOut>(
  query: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
  read: (data: TResult) => TOut,
): BuildQueryResult {
  return {
    query,
    variables: variables as Record<string, unknown>,
    parseResponse: (response: { data: TResult }) => read(response.data),
  };
}
