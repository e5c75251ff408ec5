import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { PermissionsWithAccessTokenModel } from './api-access-token.model';
import { ApiAccessTokensRepository } from './api-access-tokens.repository';
import { toPermissionsWithAccessToken } from './to-permissions-with-access-token';

/** Officers list and read API access tokens; the tokens themselves never show again. */
@Resolver()
export class GetApiAccessTokensResolver {
  constructor(private readonly repository: ApiAccessTokensRepository) {}

  @Query(() => [PermissionsWithAccessTokenModel], {
    description: 'Every API access token with its permissions (the tokens read "********")',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getAllAccessTokensAndPermissions(): Promise<PermissionsWithAccessTokenModel[]> {
    return (await this.repository.list()).map((row) => toPermissionsWithAccessToken(row));
  }

  @Query(() => PermissionsWithAccessTokenModel, {
    nullable: true,
    description: 'One API access token with its permissions, or null (the token reads "********")',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getAccessTokenAndPermissions(
    @Args('accessTokenId', { type: () => Int }) accessTokenId: number,
  ): Promise<PermissionsWithAccessTokenModel | null> {
    const row = await this.repository.byId(accessTokenId);
    return row ? toPermissionsWithAccessToken(row) : null;
  }
}
