import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { deleteApiAccessTokenSchema, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ExecuteApiAccessTokenCommand } from '../execute-api-access-token-command';
import { DeleteApiAccessTokenInput } from './delete-api-access-token.input';

@Resolver()
export class DeleteApiAccessTokenResolver {
  constructor(private readonly commands: CommandBus) {}

  @Mutation(() => Boolean, { description: 'Deletes an API access token: it stops working at once' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteApiAccessToken(@Args('input') input: DeleteApiAccessTokenInput): Promise<boolean> {
    const valid = await validateInput(deleteApiAccessTokenSchema, input);
    await this.commands.execute(
      new ExecuteApiAccessTokenCommand({ type: 'DeleteApiAccessToken', id: valid.accessTokenId }),
    );
    return true;
  }
}
