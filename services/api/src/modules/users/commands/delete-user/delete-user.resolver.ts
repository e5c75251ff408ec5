import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { badInput, notFound } from '../../../../platform/errors/app-error';
import { USER_NOT_FOUND } from '../../domain/user.decide';
import { UserModel } from '../../read-models/users/user.models';
import { UsersRepository, type UserRecord } from '../../read-models/users/users.repository';
import { UsersService } from '../../users.service';

@Resolver()
export class DeleteUserResolver {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  @Mutation(() => UserModel, { description: 'Deletes a user (officers); returns the user as it was' })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteUser(
    @Args('id', { type: () => Int }) id: number,
    @CurrentUser() session: SessionUser,
  ): Promise<UserRecord> {
    if (id === session.id)
      throw badInput('You cannot delete your own account', { id: 'You cannot delete your own account' });
    const user = await this.repository.byId(id);
    if (!user) throw notFound(USER_NOT_FOUND);
    await this.users.execute(id, { type: 'DeleteUser' });
    return user;
  }
}
