import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteApiAccessTokenSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { API_ACCESS_TOKENS_PROJECTION } from '../../read-models/api-access-tokens/api-access-tokens.projection';
import { DeleteApiAccessTokenCommand } from './delete-api-access-token.command';
import { DeleteApiAccessTokenInput } from './delete-api-access-token.input';

@Resolver()
export class DeleteApiAccessTokenResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
  ) {}

  @Mutation(() => Boolean, { description: 'Deletes an API access token: it stops working at once' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteApiAccessToken(@Args('input') input: DeleteApiAccessTokenInput): Promise<boolean> {
    const valid = await validateInput(deleteApiAccessTokenSchema, input);
    const { position } = await this.commands.execute(new DeleteApiAccessTokenCommand(valid.accessTokenId));
    if (position !== null) await this.projections.waitFor(position, [API_ACCESS_TOKENS_PROJECTION]);
    return true;
  }
}
