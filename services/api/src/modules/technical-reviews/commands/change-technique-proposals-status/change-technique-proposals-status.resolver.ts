import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { TechnicalReviewsService } from '../../technical-reviews.service';

@Resolver()
export class ChangeTechniqueProposalsStatusResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => Boolean, {
    description:
      'Sets the status of technique proposals, with the §4 technique table rules for scientists (all or none)',
  })
  @RequiresFeature(FeatureId.TECHNIQUE_PROPOSALS)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async changeTechniqueProposalsStatus(
    @CurrentUser() session: SessionUser,
    @Args('statusId', { type: () => Int }) statusId: number,
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
  ): Promise<boolean> {
    await this.service.changeTechniqueProposalsStatus(session, statusId, proposalPks);
    return true;
  }
}
