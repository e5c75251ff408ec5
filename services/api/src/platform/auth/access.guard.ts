import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { FeatureId } from '@user-office/contracts';
import type { Request } from 'express';
import { RequestContext } from '../context/request-context';
import { forbidden, unauthenticated } from '../errors/app-error';
import { AccessRegistry, type ApiTokenIdentity } from './access-registry';
import { FEATURES_KEY, POLICY_KEY, type Policy } from './policy.decorators';
import type { SessionUser } from './session';
import { INVALID_TOKEN_MESSAGE, TokenService } from './token.service';

export type AuthenticatedRequest = Request & {
  user?: SessionUser | null;
  apiToken?: ApiTokenIdentity | null;
  /** the verification of the bearer credential, shared by every root field of the request */
  authentication?: Promise<void>;
};

export const NO_POLICY_MESSAGE = 'Access denied: this operation declares no access policy';
export const INVALID_API_TOKEN_MESSAGE = 'Invalid API access token';

/**
 * Verifies the bearer credential on every request (a session token, or an API access token) and applies the
 * operation's policy and feature requirements. No policy, no access.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly registry: AccessRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    await this.authenticate(request);
    const targets = [context.getHandler(), context.getClass()];
    const policy = this.reflector.getAllAndOverride<Policy | undefined>(POLICY_KEY, targets);
    if (!policy) throw forbidden(NO_POLICY_MESSAGE);
    const features = this.reflector.getAllAndOverride<FeatureId[] | undefined>(FEATURES_KEY, targets) ?? [];
    for (const feature of features) {
      if (!(await this.registry.features.isEnabled(feature)))
        throw forbidden(`The ${feature} feature is not enabled`);
    }
    if (policy.kind === 'public') return true;
    if (request.apiToken) {
      const operation = operationOf(context);
      if (request.apiToken.accessPermissions.includes(operation)) return true;
      throw forbidden(`This API access token may not call ${operation}`);
    }
    const user = request.user;
    if (!user) throw unauthenticated('You need to log in');
    if (policy.kind === 'authenticated') return true;
    if (!policy.roles.includes(user.currentRole))
      throw forbidden(`Your current role (${user.currentRole}) may not do this`);
    return true;
  }

  /** once per request, however many root fields (their guards run concurrently) */
  private authenticate(request: AuthenticatedRequest): Promise<void> {
    request.authentication ??= this.verify(request);
    return request.authentication;
  }

  private async verify(request: AuthenticatedRequest): Promise<void> {
    const header = request.headers.authorization;
    const credential = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    request.user = null;
    request.apiToken = null;
    if (!credential) return;
    if (isJwt(credential)) {
      const user = this.tokens.verify(credential);
      if (await this.registry.revocations.isRevoked(user.sessionId)) {
        throw unauthenticated(INVALID_TOKEN_MESSAGE, 'TOKEN_REVOKED');
      }
      request.user = user;
      RequestContext.setActor(user.id, user.impersonatingUserId);
    } else {
      const apiToken = await this.registry.apiTokens.verify(credential);
      if (!apiToken) throw unauthenticated(INVALID_API_TOKEN_MESSAGE, 'API_TOKEN_INVALID');
      request.apiToken = apiToken;
    }
  }
}

function isJwt(credential: string): boolean {
  return credential.split('.').length === 3;
}

/** the GraphQL root field name, or METHOD /path for REST routes */
export function operationOf(context: ExecutionContext): string {
  if (context.getType<string>() === 'graphql')
    return GqlExecutionContext.create(context).getInfo<{ fieldName: string }>().fieldName;
  const req = context.switchToHttp().getRequest<Request>();
  return `${req.method} ${req.route?.path ?? req.path}`;
}

export function requestOf(context: ExecutionContext): AuthenticatedRequest {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req: AuthenticatedRequest }>().req;
  }
  return context.switchToHttp().getRequest<AuthenticatedRequest>();
}
