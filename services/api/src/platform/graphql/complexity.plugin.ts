import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/**
 * An operation's cost by its document (the document store hands the same parsed document to every request of the
 * same text) and operation name. The variables change a cost only through `@include` and `@skip` (no field of the
 * schema has a complexity function of its arguments): a document with a directive is costed at each request.
 */
const costs = new WeakMap<DocumentNode, Map<string, number>>();

/** Rejects operations whose estimated cost exceeds `max` before they execute. */
export function complexityPlugin(max: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const cacheable = typeof request.query === 'string' && !request.query.includes('@');
          const name = request.operationName ?? '';
          let complexity = cacheable ? costs.get(document)?.get(name) : undefined;
          if (complexity === undefined) {
            try {
              complexity = getComplexity({
                schema,
                operationName: request.operationName ?? undefined,
                query: document,
                variables: request.variables ?? {},
                estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
              });
            } catch {
              return; // invalid variables: execution reports them to the client as BAD_USER_INPUT
            }
            if (cacheable) {
              const byName = costs.get(document) ?? new Map<string, number>();
              byName.set(name, complexity);
              costs.set(document, byName);
            }
          }
          if (complexity > max) {
            throw new GraphQLError(
              `Query is too complex: ${complexity}. Maximum allowed complexity: ${max}`,
              {
                extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
              },
            );
          }
        },
      };
    },
  };
}
