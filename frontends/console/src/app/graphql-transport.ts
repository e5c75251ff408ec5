import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { request } from '@user-office/frontend-shared/graphql-client';
import type { DocumentNode } from 'graphql';
import type { Options } from 'ra-data-graphql';

type Variables = Record<string, unknown>;

/**
 * What ra-data-graphql asks of its client (query and mutate), answered by the shared GraphQL client: the same
 * session token, renewal after 3600 s and the §8 failed-call texts as the portal, one request per operation.
 */
export const graphqlTransport = {
  query: async ({ query, variables }: { query: DocumentNode; variables?: Variables }) => ({
    data: await request(query as TypedDocumentNode<unknown, Variables>, variables ?? {}),
  }),
  mutate: async ({ mutation, variables }: { mutation: DocumentNode; variables?: Variables }) => ({
    data: await request(mutation as TypedDocumentNode<unknown, Variables>, variables ?? {}),
  }),
};

export type GraphqlTransport = typeof graphqlTransport;

/** ra-data-graphql types its client as Apollo's; only query and mutate are called. */
export function asApolloClient(transport: GraphqlTransport): NonNullable<Options['client']> {
  return transport as unknown as NonNullable<Options['client']>;
}
