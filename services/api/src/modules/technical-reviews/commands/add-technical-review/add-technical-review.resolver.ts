import { Args, Float, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role, TechnicalReviewStatus } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { TechnicalReviewModel } from '../../read-models/technical-reviews/technical-review.model';
import { TechnicalReviewsService } from '../../technical-reviews.service';

export const REVIEW_EDITORS = [
  Role.USER_OFFICER,
  Role.INSTRUMENT_SCIENTIST,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
];

@Resolver()
export class AddTechnicalReviewResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => TechnicalReviewModel, {
    description:
      'Saves the technical review of (proposal, instrument): officers, its assignee, FAP chair/secretary when ' +
      'FAP_SECS_EDIT_TECH_REVIEWS is "true"; a submitted review only officers (who may un-submit it)',
  })
  @RequiresFeature(FeatureId.TECHNICAL_REVIEW)
  @RolesAllowed(...REVIEW_EDITORS)
  addTechnicalReview(
    @CurrentUser() session: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
    @Args('status', { type: () => TechnicalReviewStatus, nullable: true })
    status?: TechnicalReviewStatus | null,
    @Args('timeAllocation', { type: () => Float, nullable: true }) timeAllocation?: number | null,
    @Args('comment', { type: () => String, nullable: true }) comment?: string | null,
    @Args('publicComment', { type: () => String, nullable: true }) publicComment?: string | null,
    @Args('submitted', { type: () => Boolean, nullable: true }) submitted?: boolean | null,
    @Args('reviewerId', { type: () => Int, nullable: true }) reviewerId?: number | null,
    @Args('files', { type: () => [String], nullable: true }) files?: string[] | null,
    @Args('questionaryId', { type: () => Int, nullable: true }) questionaryId?: number | null,
  ): Promise<TechnicalReviewModel> {
    return this.service.addTechnicalReview(session, {
      proposalPk,
      instrumentId,
      status: status ?? null,
      timeAllocation,
      comment,
      publicComment,
      submitted: submitted ?? false,
      reviewerId,
      files: files ?? [],
      questionaryId,
    });
  }
}
