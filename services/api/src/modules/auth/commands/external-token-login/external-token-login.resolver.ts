import { Inject } from '@nestjs/common';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { DEV_ACCOUNTS, Role } from '@user-office/contracts';
import { Public } from '../../../../platform/auth/policy.decorators';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { unauthenticated } from '../../../../platform/errors/app-error';
import { UsersService, type UserRecord } from '../../../users';
import { OidcService } from '../../oidc.service';
import { SessionsService } from '../../sessions.service';

export const NO_EMAIL = 'The authorization server did not share an e-mail address: the user office needs one';

@Resolver()
export class ExternalTokenLoginResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  @Mutation(() => String, {
    description:
      'Exchanges an authorization code from the login page for a session token. The user is found by OIDC subject, then by e-mail, else created from the claims; the first role is current.',
  })
  @Public()
  async externalTokenLogin(
    @Args('externalToken') externalToken: string,
    @Args('redirectUri') redirectUri: string,
    @Args('iss', { type: () => String, nullable: true }) iss: string | null,
  ): Promise<string> {
    const identity = await this.oidc.exchange(externalToken, redirectUri, iss);
    const user = await this.findOrCreate(identity);
    return this.sessions.start(user, user.roles[0], null, 'login');
  }

  private async findOrCreate(identity: Awaited<ReturnType<OidcService['exchange']>>): Promise<UserRecord> {
    const bySub = await this.users.byOidcSub(identity.sub);
    if (bySub) return bySub;
    if (!identity.email) throw unauthenticated(NO_EMAIL, 'NO_EMAIL');
    const byEmail = await this.users.byEmail(identity.email);
    if (byEmail) {
      // an invited placeholder (or an account from another provider) becomes this login's account
      await this.users.execute(byEmail.id, { type: 'LinkOidcSub', oidcSub: identity.sub });
      await this.users.execute(byEmail.id, { type: 'ClearPlaceholder' });
      return (await this.users.byId(byEmail.id)) as UserRecord;
    }
    const devAccount = this.config.devIdp ? DEV_ACCOUNTS.find((a) => a.sub === identity.sub) : undefined;
    const { user } = await this.users.create({
      firstname: identity.firstname ?? identity.email.split('@')[0],
      lastname: identity.lastname ?? '',
      email: identity.email,
      oidcSub: identity.sub,
      placeholder: false,
      roles: devAccount ? [...devAccount.roles] : [Role.USER],
      source: 'login',
    });
    return user;
  }
}
