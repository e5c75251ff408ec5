import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
  FeatureId,
  OrderDirection,
  ROLE_DEFINITIONS,
  Role,
  emailLookupSchema,
  roleByCode,
  userSearchSchema,
} from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated, RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { USER_NOT_FOUND } from '../../domain/user.decide';
import { USER_LISTING_ROLES, assertMayReadUser, isOfficer } from '../../users.policy';
import { BasicUserDetailsModel, RoleModel, UserModel, UserQueryResultModel } from './user.models';
import { UsersRepository, type UserRecord } from './users.repository';

const toRole = (code: Role): RoleModel => roleByCode(code);

@Resolver(() => UserModel)
export class GetUsersResolver {
  constructor(private readonly users: UsersRepository) {}

  @Query(() => UserModel, { nullable: true, description: 'A user (officers: anyone; others: themselves)' })
  @Authenticated()
  async getUser(
    @Args('userId', { type: () => Int }) userId: number,
    @CurrentUser() session: SessionUser,
  ): Promise<UserRecord | null> {
    assertMayReadUser(session, userId);
    return this.users.byId(userId);
  }

  @Query(() => UserModel, { nullable: true, description: 'The logged-in user' })
  @Authenticated()
  getUserMe(@CurrentUser() session: SessionUser): Promise<UserRecord | null> {
    return this.users.byId(session.id);
  }

  @Query(() => UserQueryResultModel, {
    description: 'Users by name or e-mail (search needs at least 3 characters)',
  })
  @RolesAllowed(...USER_LISTING_ROLES)
  async getUsers(
    @CurrentUser() session: SessionUser,
    @Args('filter', { type: () => String, nullable: true }) filter: string | null,
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset: number | null,
    @Args('userRole', { type: () => Role, nullable: true }) userRole: Role | null,
    @Args('subtractUsers', { type: () => [Int], nullable: true }) subtractUsers: number[] | null,
    @Args('orderBy', { type: () => String, nullable: true }) orderBy: string | null,
    @Args('orderDirection', { type: () => OrderDirection, nullable: true })
    orderDirection: OrderDirection | null,
  ): Promise<UserQueryResultModel> {
    const q = await validateInput(userSearchSchema, { filter, first, offset, subtractUsers });
    const result = await this.users.search({ ...q, userRole, orderBy, orderDirection });
    return { totalCount: result.totalCount, users: result.users.map((u) => basic(u, isOfficer(session))) };
  }

  @Query(() => UserQueryResultModel, {
    description: 'People who shared a proposal with the user (themselves or, for officers, anyone)',
  })
  @Authenticated()
  async getPreviousCollaborators(
    @CurrentUser() session: SessionUser,
    @Args('userId', { type: () => Int }) userId: number,
    @Args('filter', { type: () => String, nullable: true }) filter: string | null,
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset: number | null,
    @Args('subtractUsers', { type: () => [Int], nullable: true }) subtractUsers: number[] | null,
    @Args('userRole', { type: () => Role, nullable: true }) userRole: Role | null,
  ): Promise<UserQueryResultModel> {
    assertMayReadUser(session, userId);
    const q = await validateInput(userSearchSchema, { filter, first, offset, subtractUsers });
    // whoever shared a proposal with the user (the users projection learns it from the proposals' events)
    const among = await this.users.collaboratorsOf(userId);
    const result = await this.users.search({ ...q, userRole, among });
    return { totalCount: result.totalCount, users: result.users.map((u) => basic(u, false)) };
  }

  @Query(() => BasicUserDetailsModel, { nullable: true })
  @Authenticated()
  async getBasicUserDetails(
    @Args('userId', { type: () => Int }) userId: number,
    @CurrentUser() session: SessionUser,
  ): Promise<BasicUserDetailsModel | null> {
    const user = await this.users.byId(userId);
    return user ? basic(user, isOfficer(session) || session.id === userId) : null;
  }

  @Query(() => BasicUserDetailsModel, {
    nullable: true,
    description: 'Find a user by e-mail (EMAIL_SEARCH feature)',
  })
  @Authenticated()
  @RequiresFeature(FeatureId.EMAIL_SEARCH)
  async getBasicUserDetailsByEmail(
    @Args('email') email: string,
    @Args('role', { type: () => Role, nullable: true }) role: Role | null,
  ): Promise<BasicUserDetailsModel | null> {
    const valid = await validateInput(emailLookupSchema, { email });
    const user = await this.users.byEmail(valid.email);
    if (!user || (role && !user.roles.includes(role))) return null;
    return basic(user, true);
  }

  @Query(() => [RoleModel], { description: "The logged-in user's roles" })
  @Authenticated()
  async getMyRoles(@CurrentUser() session: SessionUser): Promise<RoleModel[]> {
    const user = await this.users.byId(session.id);
    if (!user) throw notFound(USER_NOT_FOUND);
    return user.roles.map(toRole);
  }

  @Query(() => [RoleModel], { description: 'Every role of §3' })
  @Authenticated()
  getRoles(): RoleModel[] {
    return [...ROLE_DEFINITIONS];
  }

  @ResolveField(() => [RoleModel])
  roles(@Parent() user: UserRecord): RoleModel[] {
    return user.roles.map(toRole);
  }
}

/** What others may see of a user (the e-mail only where the caller may see it). */
export function basic(user: UserRecord, withEmail: boolean): BasicUserDetailsModel {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    preferredname: user.preferredname,
    institutionId: user.institutionId,
    position: user.position,
    created: user.created,
    placeholder: user.placeholder,
    email: withEmail ? user.email : null,
  };
}
