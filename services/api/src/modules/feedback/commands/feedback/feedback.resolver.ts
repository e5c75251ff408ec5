import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, FeedbackStatus, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { FeedbackService } from '../../feedback.service';
import { FeedbackModel } from '../../read-models/feedback/feedback.model';

/** Give feedback (§4): a proposer of a completed experiment, once; DRAFT then SUBMITTED. */
@Resolver()
export class FeedbackResolver {
  constructor(private readonly service: FeedbackService) {}

  @Mutation(() => FeedbackModel, {
    description: "Starts the caller's feedback on a completed experiment of their proposal (one per user)",
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  createFeedback(
    @CurrentUser() session: SessionUser,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
  ): Promise<FeedbackModel> {
    return this.service.create(session, experimentPk);
  }

  @Mutation(() => FeedbackModel, { description: 'status SUBMITTED submits a complete feedback (final)' })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  updateFeedback(
    @CurrentUser() session: SessionUser,
    @Args('feedbackId', { type: () => Int }) feedbackId: number,
    @Args('status', { type: () => FeedbackStatus }) status: FeedbackStatus,
  ): Promise<FeedbackModel> {
    return this.service.update(session, feedbackId, status);
  }
}
