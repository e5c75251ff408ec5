import { Args, ArgsType, Field, Int, Mutation, Resolver } from '@nestjs/graphql';
import { updateUserSchema, type UserProfile } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { badInput } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { UserModel } from '../../read-models/users/user.models';
import { UsersRepository, type UserRecord } from '../../read-models/users/users.repository';
import { assertMayUpdateUser } from '../../users.policy';
import { EMAIL_TAKEN, UsersService } from '../../users.service';

@ArgsType()
export class UpdateUserArgs {
  @Field(() => Int) id!: number;
  @Field(() => String, { nullable: true }) user_title?: string | null;
  @Field(() => String, { nullable: true }) username?: string | null;
  @Field(() => String, { nullable: true }) firstname?: string;
  @Field(() => String, { nullable: true }) lastname?: string;
  @Field(() => String, { nullable: true }) preferredname?: string | null;
  @Field(() => String, { nullable: true }) gender?: string | null;
  @Field(() => String, { nullable: true }) birthdate?: string | null;
  @Field(() => Int, { nullable: true }) institutionId?: number | null;
  @Field(() => String, { nullable: true }) department?: string | null;
  @Field(() => String, { nullable: true }) position?: string | null;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) telephone?: string | null;
  @Field(() => Int, { nullable: true }) country?: number | null;
}

@Resolver()
export class UpdateUserResolver {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  @Mutation(() => UserModel, {
    description: 'Changes the given profile fields (yourself, or anyone as an officer)',
  })
  @Authenticated()
  async updateUser(
    @Args() args: UpdateUserArgs,
    @CurrentUser() session: SessionUser,
  ): Promise<UserRecord | null> {
    const { id, ...changes } = await validateInput(updateUserSchema, args);
    assertMayUpdateUser(session, id, changes);
    if (changes.email) {
      const holder = await this.repository.byEmail(changes.email);
      if (holder && holder.id !== id) throw badInput(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    }
    await this.users.execute(id, { type: 'UpdateUser', changes: changes as Partial<UserProfile> });
    return this.repository.byId(id);
  }
}
