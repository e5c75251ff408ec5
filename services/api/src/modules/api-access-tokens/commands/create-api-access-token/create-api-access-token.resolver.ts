import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createApiAccessTokenSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { PermissionsWithAccessTokenModel } from '../../read-models/api-access-tokens/api-access-token.model';
import { API_ACCESS_TOKENS_PROJECTION } from '../../read-models/api-access-tokens/api-access-tokens.projection';
import { ApiAccessTokensRepository } from '../../read-models/api-access-tokens/api-access-tokens.repository';
import { toPermissionsWithAccessToken } from '../../read-models/api-access-tokens/to-permissions-with-access-token';
import { permissionsOf } from '../permissions-of';
import { CreateApiAccessTokenCommand } from './create-api-access-token.command';
import { CreateApiAccessTokenInput } from './create-api-access-token.input';

@Resolver()
export class CreateApiAccessTokenResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
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
    const { id, accessToken, position } = await this.commands.execute(
      new CreateApiAccessTokenCommand(valid.name, permissionsOf(valid.accessPermissions)),
    );
    await this.projections.waitFor(position, [API_ACCESS_TOKENS_PROJECTION]);
    const row = await this.repository.byId(id);
    if (!row) throw new Error(`API access token ${id} is missing from its read model`);
    return toPermissionsWithAccessToken(row, accessToken);
  }
}
