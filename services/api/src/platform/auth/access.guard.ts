import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import { RequestContext } from '../context/request-context';
import { forbidden, unauthenticated } from '../errors/app-error';
import { POLICY_KEY, type Policy } from './policy.decorators';
import type { SessionUser } from './session';
import { TokenService } from './token.service';

export type AuthenticatedRequest = Request & { user?: SessionUser | null };

export const NO_POLICY_MESSAGE = 'Access denied: this operation declares no access policy';

/** Verifies the session token on every request and applies the operation's policy (deny by default). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = requestOf(context);
    const user = this.authenticate(request);
    const policy = this.reflector.getAllAndOverride<Policy | undefined>(POLICY_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) throw forbidden(NO_POLICY_MESSAGE);
    if (policy.kind === 'public') return true;
    if (!user) throw unauthenticated('You need to log in');
    if (policy.kind === 'authenticated') return true;
    if (!policy.roles.includes(user.currentRole)) {
      throw forbidden(`Your current role (${user.currentRole}) may not do this`);
    }
    return true;
  }

  private authenticate(request: AuthenticatedRequest): SessionUser | null {
    if (request.user !== undefined) return request.user;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const user = token ? this.tokens.verify(token) : null;
    request.user = user;
    RequestContext.setActor(user?.id ?? null, user?.impersonatingUserId ?? null);
    return user;
  }
}

export function requestOf(context: ExecutionContext): AuthenticatedRequest {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req: AuthenticatedRequest }>().req;
  }
  return context.switchToHttp().getRequest<AuthenticatedRequest>();
}
