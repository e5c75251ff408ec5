import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/** Rejects operations whose estimated cost exceeds `max` before they execute. */
export function complexityPlugin(max: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let complexity: number;
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
