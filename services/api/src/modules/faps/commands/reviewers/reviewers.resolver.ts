import { Args, Float, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { FeatureId } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { FAP_STAFF } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import {
  AutomaticAssignmentPairInput,
  AutomaticAssignmentPreviewModel,
  FapProposalModel,
  ReviewModel,
  ReviewerConflictsModel,
} from '../../read-models/faps/fap.models';

/**
 * Reviewers to proposals, with the conflicts of interest checked by the server on every path, the automatic
 * assignment (preview, then apply), reviewer rank and FAP time.
 */
@Resolver()
export class ReviewersResolver {
  constructor(private readonly service: FapsService) {}

  @Mutation(() => ReviewModel, {
    description:
      "Gives a member of the proposal's panel the proposal to review (a DRAFT review). A PI or co-proposer is refused; a soft conflict (institution, co-authorship) needs overrideReason",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async addUserForReview(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('userID', { type: () => Int }) userID: number,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('fapID', { type: () => Int }) fapID: number,
    @Args('overrideReason', { type: () => String, nullable: true }) overrideReason?: string | null,
  ): Promise<ReviewModel> {
    await this.service.existingFap(fapID);
    return this.service.addUserForReview(session, userID, proposalPk, fapID, overrideReason ?? null);
  }

  @Mutation(() => Boolean, { description: 'Takes a review (and its reviewer) off a proposal' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async removeUserForReview(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('reviewId', { type: () => Int }) reviewId: number,
    @Args('fapId', { type: () => Int }) fapId: number,
  ): Promise<boolean> {
    await this.service.existingFap(fapId);
    await this.service.removeUserForReview(session, reviewId, fapId);
    return true;
  }

  @Query(() => [ReviewerConflictsModel], {
    description:
      'Every member of the panel with their conflicts of interest with the proposal (none: an empty list)',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async conflictsOfInterest(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<ReviewerConflictsModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.conflictsOfInterest(fapId, proposalPk);
  }

  @Query(() => AutomaticAssignmentPreviewModel, {
    description:
      "The reviewers the automatic assignment would give the panel's proposals of the call (min-cost flow: numberRatingsRequired each, no conflicted pair, within maxLoad, balanced), with each pair's reason; writes nothing",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async previewAutomaticAssignment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int }) callId: number,
    @Args('maxLoad', { type: () => Int, nullable: true }) maxLoad?: number | null,
  ): Promise<AutomaticAssignmentPreviewModel> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.previewAutomaticAssignment(fapId, callId, maxLoad ?? null);
  }

  @Mutation(() => [ReviewModel], {
    description: 'Assigns the accepted (possibly edited) pairs, every rule checked again; all or none',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async applyAutomaticAssignment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int }) callId: number,
    @Args('pairs', { type: () => [AutomaticAssignmentPairInput] }) pairs: AutomaticAssignmentPairInput[],
  ): Promise<ReviewModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.applyAutomaticAssignment(fapId, callId, pairs);
  }

  @Mutation(() => Boolean, { description: "Sets the reviewer's rank of a review (≥ 1; null clears it)" })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async saveReviewerRank(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('reviewId', { type: () => Int }) reviewId: number,
    @Args('rank', { type: () => Int, nullable: true }) rank?: number | null,
  ): Promise<boolean> {
    await this.service.saveReviewerRank(session, proposalPk, reviewId, rank ?? null);
    return true;
  }

  @Mutation(() => FapProposalModel, {
    description: 'Sets the FAP time of a proposal of the panel (≥ 0; null clears it)',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async updateFapTimeAllocation(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('fapTimeAllocation', { type: () => Float, nullable: true }) fapTimeAllocation?: number | null,
  ): Promise<FapProposalModel> {
    await this.service.existingFap(fapId);
    return this.service.updateFapTimeAllocation(session, fapId, proposalPk, fapTimeAllocation ?? null);
  }
}
