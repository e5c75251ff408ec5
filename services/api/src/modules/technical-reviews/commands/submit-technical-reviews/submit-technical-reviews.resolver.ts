import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { TechnicalReviewsService } from '../../technical-reviews.service';

import { SubmitTechnicalReviewInput } from '../../read-models/technical-reviews/technical-review.model';
import { REVIEW_EDITORS } from '../add-technical-review/add-technical-review.resolver';

@Resolver()
export class SubmitTechnicalReviewsResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => Boolean, {
    description:
      'Submits technical reviews (one-way): all or none; the caller must be allowed to edit each of them',
  })
  @RequiresFeature(FeatureId.TECHNICAL_REVIEW)
  @RolesAllowed(...REVIEW_EDITORS)
  async submitTechnicalReviews(
    @CurrentUser() session: SessionUser,
    @Args('technicalReviews', { type: () => [SubmitTechnicalReviewInput] })
    technicalReviews: SubmitTechnicalReviewInput[],
  ): Promise<boolean> {
    await this.service.submitTechnicalReviews(session, technicalReviews);
    return true;
  }
}
