import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, roleById, updateUserRolesSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { UserModel } from '../../read-models/users/user.models';
import { UsersRepository, type UserRecord } from '../../read-models/users/users.repository';
import { UsersService } from '../../users.service';

@Resolver()
export class UpdateUserRolesResolver {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  @Mutation(() => UserModel, {
    description: "Sets a user's roles by role id (officers); takes effect at the next token renewal",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateUserRoles(
    @Args('id', { type: () => Int }) id: number,
    @Args('roles', { type: () => [Int] }) roles: number[],
  ): Promise<UserRecord | null> {
    const valid = await validateInput(updateUserRolesSchema, { id, roles });
    const codes = valid.roles.map((roleId) => {
      const role = roleById(roleId);
      if (!role) throw badInput(`Unknown role id ${roleId}`, { roles: `Unknown role id ${roleId}` });
      return role.shortCode;
    });
    await this.users.execute(id, { type: 'SetUserRoles', roles: codes });
    return this.repository.byId(id);
  }
}
