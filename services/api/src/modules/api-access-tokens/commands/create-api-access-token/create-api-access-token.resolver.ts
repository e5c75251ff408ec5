import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createApiAccessTokenSchema, grantedOperations, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { validateInput } from '../../../../platform/validation/validate-input';
import { generateApiAccessToken, hashApiAccessToken } from '../../api-access-token.secret';
import { PermissionsWithAccessTokenModel } from '../../read-models/api-access-tokens/api-access-token.model';
import { ApiAccessTokensRepository } from '../../read-models/api-access-tokens/api-access-tokens.repository';
import { toPermissionsWithAccessToken } from '../../read-models/api-access-tokens/to-permissions-with-access-token';
import { RootOperations } from '../../read-models/queries-and-mutations/root-operations';
import { assertKnownOperations } from '../assert-known-operations';
import { ExecuteApiAccessTokenCommand } from '../execute-api-access-token-command';
import { permissionsOf } from '../permissions-of';
import { CreateApiAccessTokenInput } from './create-api-access-token.input';

@Resolver()
export class CreateApiAccessTokenResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly operations: RootOperations,
    private readonly repository: ApiAccessTokensRepository,
  ) {}

  @Mutation(() => PermissionsWithAccessTokenModel, {
    description: 'Creates an API access token; the response is the only time the token is shown',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async createApiAccessToken(
    @Args('input') input: CreateApiAccessTokenInput,
  ): Promise<PermissionsWithAccessTokenModel> {
    const valid = await validateInput(createApiAccessTokenSchema, input);
    const permissions = permissionsOf(valid.accessPermissions);
    assertKnownOperations(permissions, this.operations.all());
    const id = await this.ids.next('api_access_token_id_seq');
    // the plain token: returned to the creator once, stored nowhere
    const accessToken = generateApiAccessToken();
    const result = await this.commands.execute(
      new ExecuteApiAccessTokenCommand({
        type: 'CreateApiAccessToken',
        id,
        name: valid.name,
        tokenHash: hashApiAccessToken(accessToken),
        accessPermissions: grantedOperations(permissions),
      }),
    );
    if (!result) throw new Error(`API access token ${id}: creating it appended nothing`);
    const row = await this.repository.byId(id);
    if (!row) throw new Error(`API access token ${id} is missing from its read model`);
    return toPermissionsWithAccessToken(row, accessToken);
  }
}
