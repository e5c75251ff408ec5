import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { UsersModule } from '../users';
import { ExternalTokenLoginResolver } from './commands/external-token-login/external-token-login.resolver';
import { SessionTokensResolver } from './commands/session-tokens/session-tokens.resolver';
import { OidcService } from './oidc.service';
import { CheckTokenResolver } from './read-models/sessions/check-token.resolver';
import { EndedSessionsProjection } from './read-models/sessions/ended-sessions.projection';
import { SessionsService } from './sessions.service';

/** Login (OpenID Connect), session tokens, role switching, impersonation, logout (§4 Session, §7 Auth). */
@Module({
  imports: [UsersModule],
  providers: [
    OidcService,
    SessionsService,
    EndedSessionsProjection,
    ExternalTokenLoginResolver,
    SessionTokensResolver,
    CheckTokenResolver,
  ],
})
export class AuthModule implements OnModuleInit {
  constructor(
    private readonly access: AccessRegistry,
    private readonly sessions: SessionsService,
  ) {}

  /** every request's token is checked against logged-out sessions */
  onModuleInit(): void {
    this.access.revocations = { isRevoked: (sessionId) => this.sessions.isEnded(sessionId) };
  }
}
