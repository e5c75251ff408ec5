import { Args, Float, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, ReviewStatus, fapMessages } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { badInput } from '../../../../platform/errors/app-error';
import { FAP_MEMBERS } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import { ProposalPkWithReviewIdInput, ReviewModel } from '../../read-models/faps/fap.models';

/** Grades: updateReview, submitProposalsReview, submitSampleReview. */
@Resolver()
export class ReviewsResolver {
  constructor(private readonly service: FapsService) {}

  @Mutation(() => ReviewModel, {
    description:
      "Saves a panel review: grade 1–10 in steps of GRADE_PRECISION, comment required (≤ 6000, sanitised). A reviewer edits only their own; the panel's chair/secretary and officers any; once SUBMITTED only officers",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  updateReview(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('reviewID', { type: () => Int }) reviewID: number,
    @Args('fapID', { type: () => Int }) fapID: number,
    @Args('grade', { type: () => Float, nullable: true }) grade?: number | null,
    @Args('comment', { type: () => String, nullable: true }) comment?: string | null,
    @Args('status', { type: () => ReviewStatus, nullable: true }) status?: ReviewStatus | null,
    @Args('questionaryID', { type: () => Int, nullable: true }) questionaryID?: number | null,
  ): Promise<ReviewModel> {
    return this.service.updateReview(session, { reviewID, fapID, grade, comment, status, questionaryID });
  }

  @Mutation(() => Boolean, {
    description:
      'Submits reviews (one-way), all or none; refused listing the ids of reviews missing a grade or comment',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  async submitProposalsReview(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('proposals', { type: () => [ProposalPkWithReviewIdInput] })
    proposals: ProposalPkWithReviewIdInput[],
  ): Promise<boolean> {
    await this.service.submitProposalsReview(session, proposals);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Refused: samples have no FAP review in this facility' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  submitSampleReview(@Args('sampleId', { type: () => Int }) _sampleId: number): boolean {
    throw badInput(fapMessages.sampleReviewUnsupported);
  }
}
