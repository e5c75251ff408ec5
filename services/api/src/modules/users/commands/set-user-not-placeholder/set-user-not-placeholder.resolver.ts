import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { UserModel } from '../../read-models/users/user.models';
import { UsersRepository, type UserRecord } from '../../read-models/users/users.repository';
import { UsersService } from '../../users.service';

@Resolver()
export class SetUserNotPlaceholderResolver {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  @Mutation(() => UserModel, {
    description: 'Marks an invited (placeholder) user as a real account (officers)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async setUserNotPlaceholder(@Args('id', { type: () => Int }) id: number): Promise<UserRecord | null> {
    await this.users.execute(id, { type: 'ClearPlaceholder' });
    return this.repository.byId(id);
  }
}
