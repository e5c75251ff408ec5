import { Logger } from '@nestjs/common';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Public } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';

/** The longest client error kept in the log, in characters. */
export const CLIENT_LOG_MAX = 10000;

/**
 * Public: the portal reports crashes even when the session is gone. Not an event (it changes nothing):
 * a warning in the server log with who reported it.
 */
@Resolver()
export class AddClientLogResolver {
  private readonly logger = new Logger('ClientLog');

  @Mutation(() => Boolean, { description: 'Records an error seen in the browser in the server log' })
  @Public()
  addClientLog(
    @Args('error', { type: () => String }) error: string,
    @CurrentUser() user: SessionUser | null,
  ): boolean {
    const who = user
      ? `user ${user.id} (${user.currentRole}${user.impersonatingUserId !== null ? `, impersonated by ${user.impersonatingUserId}` : ''})`
      : 'anonymous';
    const text = error.length > CLIENT_LOG_MAX ? `${error.slice(0, CLIENT_LOG_MAX)}… [truncated]` : error;
    this.logger.warn(`Client error reported by ${who}: ${text}`);
    return true;
  }
}
