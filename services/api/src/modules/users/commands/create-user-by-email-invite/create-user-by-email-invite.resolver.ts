import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role, createUserByEmailInviteSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated, RequiresFeature } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { assertMayInvite } from '../../users.policy';
import { UsersService } from '../../users.service';

@Resolver()
export class CreateUserByEmailInviteResolver {
  constructor(private readonly users: UsersService) {}

  @Mutation(() => Int, {
    description:
      'Creates a placeholder user and e-mails an invitation (EMAIL_INVITE); anyone may invite a USER, officers any role. Returns the new user id.',
  })
  @Authenticated()
  @RequiresFeature(FeatureId.EMAIL_INVITE)
  async createUserByEmailInvite(
    @CurrentUser() session: SessionUser,
    @Args('firstname') firstname: string,
    @Args('lastname') lastname: string,
    @Args('email') email: string,
    @Args('userRole', { type: () => Role }) userRole: Role,
  ): Promise<number> {
    const valid = await validateInput(createUserByEmailInviteSchema, {
      firstname,
      lastname,
      email,
      userRole,
    });
    assertMayInvite(session, valid.userRole);
    const { user } = await this.users.create(
      {
        firstname: valid.firstname,
        lastname: valid.lastname,
        email: valid.email,
        oidcSub: null,
        placeholder: true,
        roles: [valid.userRole],
        source: 'invite',
      },
      { role: valid.userRole, invitedBy: session.id },
    );
    return user.id;
  }
}
