import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { apiAccessTokenMessages, Role, updateApiAccessTokenSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PermissionsWithAccessTokenModel } from '../../read-models/api-access-tokens/api-access-token.model';
import { API_ACCESS_TOKENS_PROJECTION } from '../../read-models/api-access-tokens/api-access-tokens.projection';
import { ApiAccessTokensRepository } from '../../read-models/api-access-tokens/api-access-tokens.repository';
import { toPermissionsWithAccessToken } from '../../read-models/api-access-tokens/to-permissions-with-access-token';
import { permissionsOf } from '../permissions-of';
import { UpdateApiAccessTokenCommand } from './update-api-access-token.command';
import { UpdateApiAccessTokenInput } from './update-api-access-token.input';

@Resolver()
export class UpdateApiAccessTokenResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
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
    const { position } = await this.commands.execute(
      new UpdateApiAccessTokenCommand(
        valid.accessTokenId,
        valid.name,
        permissionsOf(valid.accessPermissions),
      ),
    );
    if (position !== null) await this.projections.waitFor(position, [API_ACCESS_TOKENS_PROJECTION]);
    const row = await this.repository.byId(valid.accessTokenId);
    if (!row) throw notFound(apiAccessTokenMessages.notFound);
    return toPermissionsWithAccessToken(row);
  }
}
