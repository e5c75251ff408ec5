import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Logger, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import depthLimit from 'graphql-depth-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { argumentGuardPlugin } from './argument-guard.plugin';
import { complexityPlugin } from './complexity.plugin';
import { createErrorFormatter } from './format-error';
import { Loaders, type GraphqlContext } from './loaders';
import './register-enums';

const logger = new Logger('GraphQL');

/** POST /graphql: code-first schema, error codes, depth and cost limits, per-request DataLoaders. */
@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ApolloDriverConfig => ({
        path: '/graphql',
        autoSchemaFile: true,
        sortSchema: true,
        // Nest checks the built schema by running a whole introspection query on it at every start (about a
        // quarter of the schema's build, paid by every api start and test file); graphql-js validates the schema
        // anyway before the first request is executed, and `npm run schema:check` compares it with the committed SDL
        buildSchemaOptions: { skipCheck: true },
        introspection: config.nodeEnv !== 'production',
        playground: false,
        includeStacktraceInErrorResponses: false,
        context: ({ req }: Pick<GraphqlContext, 'req'>): GraphqlContext => ({ req, loaders: new Loaders() }),
        formatError: createErrorFormatter((error) =>
          logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error)),
        ),
        validationRules: [depthLimit(config.maxQueryDepth)],
        // no cache hints are used: without Apollo's cache-control plugin, no resolver of any field is wrapped to
        // call plugin hooks (willResolveField), which cost about a tenth of a large page's execution
        plugins: [
          ApolloServerPluginCacheControlDisabled(),
          argumentGuardPlugin(),
          complexityPlugin(config.maxQueryComplexity),
        ],
      }),
    }),
  ],
})
export class GraphqlPlatformModule {}
