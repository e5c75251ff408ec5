import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, roleById } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated, Public } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { INVALID_TOKEN_MESSAGE, TokenService } from '../../../../platform/auth/token.service';
import { forbidden, notFound, unauthenticated } from '../../../../platform/errors/app-error';
import { UsersService, type UserRecord } from '../../../users';
import { SessionsService } from '../../sessions.service';

export const ROLE_NOT_HELD = 'You do not hold this role';
export const USER_NOT_FOUND = 'User not found';

@Resolver()
export class SessionTokensResolver {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
  ) {}

  /** a live session: valid signature, not expired, not logged out, user still there */
  private async live(token: string): Promise<{ session: SessionUser; user: UserRecord }> {
    const session = this.tokens.verify(token);
    if (await this.sessions.isEnded(session.sessionId))
      throw unauthenticated(INVALID_TOKEN_MESSAGE, 'TOKEN_REVOKED');
    const user = await this.users.byId(session.id);
    if (!user) throw unauthenticated(INVALID_TOKEN_MESSAGE, 'USER_GONE');
    return { session, user };
  }

  @Mutation(() => String, { description: 'Renews a session token (with the roles the user holds now)' })
  @Public()
  async getToken(@Args('token') token: string): Promise<string> {
    const { session, user } = await this.live(token);
    const role = user.roles.includes(session.currentRole) ? session.currentRole : user.roles[0];
    return this.sessions.start(user, role, session.impersonatingUserId, 'renewal');
  }

  @Mutation(() => String, { description: 'Switches the current role to one the user holds' })
  @Public()
  async selectRole(
    @Args('token') token: string,
    @Args('selectedRoleId', { type: () => Int }) selectedRoleId: number,
  ): Promise<string> {
    const { session, user } = await this.live(token);
    const role = roleById(selectedRoleId);
    if (!role || !user.roles.includes(role.shortCode)) throw forbidden(ROLE_NOT_HELD);
    return this.sessions.start(user, role.shortCode, session.impersonatingUserId, 'role');
  }

  @Mutation(() => String, {
    description:
      "Officers: a token acting as another user (impersonation, recorded in the event log). Called while impersonating with the officer's own id, it ends the impersonation.",
  })
  @Authenticated()
  async getTokenForUser(
    @Args('userId', { type: () => Int }) userId: number,
    @CurrentUser() session: SessionUser,
  ): Promise<string> {
    if (session.impersonatingUserId !== null && session.impersonatingUserId === userId) {
      const officer = await this.users.byId(userId);
      if (!officer) throw notFound(USER_NOT_FOUND);
      const role = officer.roles.includes(Role.USER_OFFICER) ? Role.USER_OFFICER : officer.roles[0];
      return this.sessions.start(officer, role, null, 'impersonation-ended');
    }
    if (session.currentRole !== Role.USER_OFFICER)
      throw forbidden('Only the user office may act as another user');
    const user = await this.users.byId(userId);
    if (!user) throw notFound(USER_NOT_FOUND);
    return this.sessions.start(user, user.roles[0], session.id, 'impersonation');
  }

  @Mutation(() => Boolean, { description: 'Ends the session: the token is refused afterwards' })
  @Public()
  async logout(@Args('token') token: string): Promise<boolean> {
    let session: SessionUser;
    try {
      session = this.tokens.verify(token);
    } catch {
      return true; // an expired or foreign token is no session to end
    }
    await this.sessions.end(session);
    return true;
  }
}
