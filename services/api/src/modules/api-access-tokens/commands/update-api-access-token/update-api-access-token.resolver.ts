import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import {
  apiAccessTokenMessages,
  grantedOperations,
  Role,
  updateApiAccessTokenSchema,
} from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PermissionsWithAccessTokenModel } from '../../read-models/api-access-tokens/api-access-token.model';
import { ApiAccessTokensRepository } from '../../read-models/api-access-tokens/api-access-tokens.repository';
import { toPermissionsWithAccessToken } from '../../read-models/api-access-tokens/to-permissions-with-access-token';
import { RootOperations } from '../../read-models/queries-and-mutations/root-operations';
import { assertKnownOperations } from '../assert-known-operations';
import { ExecuteApiAccessTokenCommand } from '../execute-api-access-token-command';
import { permissionsOf } from '../permissions-of';
import { UpdateApiAccessTokenInput } from './update-api-access-token.input';

@Resolver()
export class UpdateApiAccessTokenResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly operations: RootOperations,
    private readonly repository: ApiAccessTokensRepository,
  ) {}

  @Mutation(() => PermissionsWithAccessTokenModel, {
    description: 'Renames an API access token and sets the operations it may call (the token is unchanged)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateApiAccessToken(
    @Args('input') input: UpdateApiAccessTokenInput,
  ): Promise<PermissionsWithAccessTokenModel> {
    const valid = await validateInput(updateApiAccessTokenSchema, input);
    const permissions = permissionsOf(valid.accessPermissions);
    assertKnownOperations(permissions, this.operations.all());
    await this.commands.execute(
      new ExecuteApiAccessTokenCommand({
        type: 'UpdateApiAccessToken',
        id: valid.accessTokenId,
        name: valid.name,
        accessPermissions: grantedOperations(permissions),
      }),
    );
    const row = await this.repository.byId(valid.accessTokenId);
    if (!row) throw notFound(apiAccessTokenMessages.notFound);
    return toPermissionsWithAccessToken(row);
  }
}
