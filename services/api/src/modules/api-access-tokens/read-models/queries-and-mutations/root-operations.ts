import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';

export interface RootOperationNames {
  queries: string[];
  mutations: string[];
}

/**
 * The root fields of the running GraphQL schema: what an API access token may be permitted to call.
 * Looked up lazily (the schema exists only in api mode, once the app has started).
 */
@Injectable()
export class RootOperations {
  constructor(private readonly moduleRef: ModuleRef) {}

  names(): RootOperationNames {
    const schema = this.moduleRef.get(GraphQLSchemaHost, { strict: false }).schema;
    const fieldsOf = (type: { getFields(): Record<string, unknown> } | null | undefined): string[] =>
      Object.keys(type?.getFields() ?? {}).sort();
    return { queries: fieldsOf(schema.getQueryType()), mutations: fieldsOf(schema.getMutationType()) };
  }

  all(): string[] {
    const { queries, mutations } = this.names();
    return [...queries, ...mutations];
  }
}
