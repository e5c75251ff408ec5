import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { TechnicalReviewsService } from '../../technical-reviews.service';

@Resolver()
export class AssignProposalToTechniquesResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => Boolean, {
    description:
      "The proposal's techniques become these (officers; the PI or a co-proposer while it is editable)",
  })
  @RolesAllowed(Role.USER_OFFICER, Role.USER)
  async assignProposalToTechniques(
    @CurrentUser() session: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('techniqueIds', { type: () => [Int] }) techniqueIds: number[],
  ): Promise<boolean> {
    await this.service.assignProposalToTechniques(session, proposalPk, techniqueIds);
    return true;
  }
}
