import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { unauthenticated } from '../../platform/errors/app-error';

type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
type Configuration = import('openid-client', { with: { 'resolution-mode': 'import' } }).Configuration;

export interface ExternalIdentity {
  sub: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
}

export const LOGIN_FAILED = 'Login failed: the authorization server did not accept the code';

/** The api's side of the OpenID Connect authorization-code flow (openid-client, loaded as ESM). */
@Injectable()
export class OidcService {
  private configuration: Promise<{ client: OpenIdClient; config: Configuration }> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly appConfig: AppConfig) {}

  private discover(): Promise<{ client: OpenIdClient; config: Configuration }> {
    if (!this.configuration) {
      const url = this.appConfig.authDiscoveryUrl;
      if (!url) return Promise.reject(unauthenticated('System configuration error', 'AUTH_NOT_CONFIGURED'));
      this.configuration = (async () => {
        const client = await import('openid-client');
        const insecure = url.startsWith('http://') && this.appConfig.nodeEnv !== 'production';
        const config = await client.discovery(
          new URL(url),
          this.appConfig.authClientId,
          this.appConfig.authClientSecret,
          undefined,
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        );
        return { client, config };
      })();
      this.configuration.catch(() => {
        this.configuration = null; // try again on the next login
      });
    }
    return this.configuration;
  }

  /**
   * The provider's login page for this client (authorization endpoint, code flow, openid email profile): the
   * portal adds its redirect_uri. The EXTERNAL_AUTH_LOGIN_URL setting when that is empty; null if unreachable.
   */
  async loginUrl(): Promise<string | null> {
    try {
      const { config } = await this.discover();
      const endpoint = config.serverMetadata().authorization_endpoint;
      if (!endpoint) return null;
      const url = new URL(endpoint);
      url.searchParams.set('client_id', this.appConfig.authClientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'openid email profile');
      return url.toString();
    } catch {
      return null;
    }
  }

  /** The provider's logout page (end_session_endpoint) for this client: the portal adds post_logout_redirect_uri. */
  async logoutUrl(): Promise<string | null> {
    try {
      const { config } = await this.discover();
      const endpoint = config.serverMetadata().end_session_endpoint;
      if (!endpoint) return null;
      const url = new URL(endpoint);
      url.searchParams.set('client_id', this.appConfig.authClientId);
      return url.toString();
    } catch {
      return null;
    }
  }

  /** exchanges an authorization code; the issuer must be the configured one (RFC 9207 `iss`) */
  async exchange(code: string, redirectUri: string, iss: string | null): Promise<ExternalIdentity> {
    let discovered: { client: OpenIdClient; config: Configuration };
    try {
      discovered = await this.discover();
    } catch (error) {
      throw unauthenticated(
        `The authorization server cannot be reached: ${(error as Error).message}`,
        'AUTH_SERVER_UNREACHABLE',
      );
    }
    const { client, config } = discovered;
    const issuer = config.serverMetadata().issuer;
    if (iss && iss !== issuer)
      throw unauthenticated('The login came from an unexpected authorization server', 'ISSUER_MISMATCH');
    let callback: URL;
    try {
      callback = new URL(redirectUri);
    } catch {
      throw unauthenticated('The redirect URI is not a URL', 'BAD_REDIRECT_URI');
    }
    callback.search = '';
    callback.searchParams.set('code', code);
    if (iss) callback.searchParams.set('iss', iss);
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, { idTokenExpected: true });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let info: Record<string, unknown> = { ...claims };
      if (!info.email)
        info = { ...info, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      return {
        sub: claims.sub,
        email: typeof info.email === 'string' ? info.email : null,
        firstname: typeof info.given_name === 'string' ? info.given_name : null,
        lastname: typeof info.family_name === 'string' ? info.family_name : null,
      };
    } catch (error) {
      throw unauthenticated(`${LOGIN_FAILED} (${(error as Error).message})`, 'EXTERNAL_TOKEN_INVALID');
    }
  }

  /** whether the provider still accepts an access token it issued (its userinfo endpoint answers) */
  async isValidExternalToken(token: string): Promise<boolean> {
    try {
      const { client, config } = await this.discover();
      await client.fetchUserInfo(config, token, client.skipSubjectCheck);
      return true;
    } catch {
      return false;
    }
  }
}
