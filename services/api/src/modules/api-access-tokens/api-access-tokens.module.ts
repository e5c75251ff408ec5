import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { hashApiAccessToken } from './api-access-token.secret';
import { CreateApiAccessTokenResolver } from './commands/create-api-access-token/create-api-access-token.resolver';
import { ExecuteApiAccessTokenCommandHandler } from './commands/execute-api-access-token-command';
import { DeleteApiAccessTokenResolver } from './commands/delete-api-access-token/delete-api-access-token.resolver';
import { UpdateApiAccessTokenResolver } from './commands/update-api-access-token/update-api-access-token.resolver';
import { ApiAccessTokensProjection } from './read-models/api-access-tokens/api-access-tokens.projection';
import { ApiAccessTokensRepository } from './read-models/api-access-tokens/api-access-tokens.repository';
import { GetApiAccessTokensResolver } from './read-models/api-access-tokens/get-api-access-tokens.resolver';
import { GetAllQueriesAndMutationsResolver } from './read-models/queries-and-mutations/get-all-queries-and-mutations.resolver';
import { RootOperations } from './read-models/queries-and-mutations/root-operations';

/**
 * API access tokens (§3, §7): officers create, update, delete and list machine credentials; a token may call
 * exactly the root operations it names. Only the token's SHA-256 is stored; the token is shown once.
 */
@Module({
  providers: [
    ApiAccessTokensProjection,
    ApiAccessTokensRepository,
    RootOperations,
    GetApiAccessTokensResolver,
    GetAllQueriesAndMutationsResolver,
    ExecuteApiAccessTokenCommandHandler,
    CreateApiAccessTokenResolver,
    UpdateApiAccessTokenResolver,
    DeleteApiAccessTokenResolver,
  ],
})
export class ApiAccessTokensModule implements OnModuleInit {
  constructor(
    private readonly access: AccessRegistry,
    private readonly repository: ApiAccessTokensRepository,
  ) {}

  /** the access guard asks this for a bearer credential that is not a session token */
  onModuleInit(): void {
    this.access.apiTokens = {
      verify: async (token) => {
        const row = await this.repository.byHash(hashApiAccessToken(token));
        return row && { id: row.id, name: row.name, accessPermissions: row.accessPermissions };
      },
    };
  }
}
