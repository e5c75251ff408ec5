import { Args, Field, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../../../../platform/auth/policy.decorators';
import { TokenService } from '../../../../platform/auth/token.service';
import { OidcService } from '../../oidc.service';
import { SessionsService } from '../../sessions.service';

@ObjectType('TokenResult')
export class TokenResultModel {
  @Field()
  isValid!: boolean;
}

@Resolver()
export class CheckTokenResolver {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionsService,
    private readonly oidc: OidcService,
  ) {}

  @Query(() => TokenResultModel, {
    description: 'Whether a session token is valid (signed, not expired, not logged out)',
  })
  @Public()
  async checkToken(@Args('token') token: string): Promise<TokenResultModel> {
    try {
      const session = this.tokens.verify(token);
      return { isValid: !(await this.sessions.isEnded(session.sessionId)) };
    } catch {
      return { isValid: false };
    }
  }

  @Query(() => TokenResultModel, {
    description: 'Whether the authorization server still accepts its access token',
  })
  @Public()
  async checkExternalToken(@Args('token') token: string): Promise<TokenResultModel> {
    return { isValid: await this.oidc.isValidExternalToken(token) };
  }
}
