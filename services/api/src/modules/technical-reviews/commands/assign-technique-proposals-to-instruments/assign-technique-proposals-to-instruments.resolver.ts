import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { TechnicalReviewsService } from '../../technical-reviews.service';

@Resolver()
export class AssignTechniqueProposalsToInstrumentsResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => Boolean, {
    description:
      'Sets the instruments of technique proposals (officers; scientists of their techniques while UNDER_REVIEW)',
  })
  @RequiresFeature(FeatureId.TECHNIQUE_PROPOSALS)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async assignTechniqueProposalsToInstruments(
    @CurrentUser() session: SessionUser,
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
  ): Promise<boolean> {
    await this.service.assignTechniqueProposalsToInstruments(session, proposalPks, instrumentIds);
    return true;
  }
}
