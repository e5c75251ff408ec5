import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { forbidden } from '../errors/app-error';
import { operationOf, requestOf } from './access.guard';
import { POLICY_KEY, type Policy } from './policy.decorators';
import type { SessionUser } from './session';

export interface CurrentUserOptions {
  /** the operation serves API access tokens too: null then stands for the token (no user) */
  allowApiToken?: boolean;
}

/**
 * The verified session user of the request: null when anonymous on a public operation (and in field resolvers,
 * which declare no policy). An API access token acts for no user: it reaches an operation that takes the
 * current user only where that operation says so (`allowApiToken`, then null), otherwise it is refused here,
 * before the resolver runs.
 */
export const CurrentUser = createParamDecorator(
  (options: CurrentUserOptions | undefined, context: ExecutionContext): SessionUser | null => {
    const request = requestOf(context);
    if (request.user) return request.user;
    if (!request.apiToken || options?.allowApiToken) return null;
    const policy = Reflect.getMetadata(POLICY_KEY, context.getHandler()) as Policy | undefined;
    if (!policy || policy.kind === 'public') return null;
    throw forbidden(`An API access token cannot call ${operationOf(context)}: it needs a signed-in user`);
  },
);
