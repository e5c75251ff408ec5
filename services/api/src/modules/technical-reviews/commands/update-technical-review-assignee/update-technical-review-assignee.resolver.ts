import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { TechnicalReviewsService } from '../../technical-reviews.service';

import { TechnicalReviewModel } from '../../read-models/technical-reviews/technical-review.model';

@Resolver()
export class UpdateTechnicalReviewAssigneeResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => [TechnicalReviewModel], {
    description:
      "Re-assigns the proposals' reviews of the instrument to a scientist or the manager of it; submitted ones " +
      'are unaffected',
  })
  @RequiresFeature(FeatureId.TECHNICAL_REVIEW)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  updateTechnicalReviewAssignee(
    @CurrentUser() session: SessionUser,
    @Args('userId', { type: () => Int }) userId: number,
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<TechnicalReviewModel[]> {
    return this.service.updateTechnicalReviewAssignee(session, userId, proposalPks, instrumentId);
  }
}
