import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { SettingsId } from '@user-office/contracts';
import { SettingsModule, SettingsRepository } from '../settings';
import { UsersModule } from '../users';
import { ExternalTokenLoginResolver } from './commands/external-token-login/external-token-login.resolver';
import { SessionTokensResolver } from './commands/session-tokens/session-tokens.resolver';
import { OidcService } from './oidc.service';
import { CheckTokenResolver } from './read-models/sessions/check-token.resolver';
import { EndedSessionsCache } from './read-models/sessions/ended-sessions-cache';
import { EndedSessionsProjection } from './read-models/sessions/ended-sessions.projection';
import { SessionsService } from './sessions.service';

/** Login (OpenID Connect), session tokens, role switching, impersonation, logout (§4 Session, §7 Auth). */
@Module({
  imports: [UsersModule, SettingsModule],
  providers: [
    OidcService,
    SessionsService,
    EndedSessionsCache,
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
    private readonly settings: SettingsRepository,
    private readonly oidc: OidcService,
  ) {}

  /** every request's token is checked against logged-out sessions */
  onModuleInit(): void {
    this.access.revocations = { isRevoked: (sessionId) => this.sessions.isEnded(sessionId) };
    // the portal sends users to the provider's login page unless the facility set one
    this.settings.setFallback(SettingsId.EXTERNAL_AUTH_LOGIN_URL, () => this.oidc.loginUrl());
    this.settings.setFallback(SettingsId.EXTERNAL_AUTH_LOGOUT_URL, () => this.oidc.logoutUrl());
  }
}
