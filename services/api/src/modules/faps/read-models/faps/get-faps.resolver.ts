import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { FeatureId, ReviewStatus, ReviewerFilter, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated, RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalModel, ProposalsService } from '../../../proposals';
import { BasicUserDetailsModel, UsersService, basicUserDetails } from '../../../users';
import { FAP_LIST_READERS, FAP_MEMBERS, FAP_STAFF } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import {
  FapInstrumentModel,
  FapMeetingDecisionChangeModel,
  FapMeetingDecisionModel,
  FapMemberModel,
  FapMinimalModel,
  FapModel,
  FapProposalModel,
  FapsFilterInput,
  FapsQueryResultModel,
  ReviewModel,
  ReviewsFilterInput,
  UserWithReviewsModel,
} from './fap.models';
import { FapsRepository } from './faps.repository';

/** The panels and their proposals, reviews and meeting decisions (§7 FAPs and reviews). */
@Resolver()
export class GetFapsResolver {
  constructor(private readonly service: FapsService) {}

  @Query(() => FapModel, { nullable: true, description: 'A panel (officers; its members)' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  async getFap(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<FapModel> {
    await this.service.existingFap(id);
    await this.service.assertMayReadFap(session, id);
    return this.service.fapModel(id);
  }

  @Query(() => FapsQueryResultModel, { description: 'Panels by code (officers: all; members: theirs)' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  getFaps(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('filter', { type: () => FapsFilterInput, nullable: true }) filter?: FapsFilterInput | null,
    @Args('first', { type: () => Int, nullable: true }) first?: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number | null,
  ): Promise<FapsQueryResultModel> {
    return this.service.getFaps(session, filter ?? {}, { first, offset });
  }

  @Query(() => [FapMinimalModel], {
    description: 'Every live panel: id, code, description, active (staff pickers)',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_LIST_READERS)
  async getFapsMinimal(
    @Args('filter', { type: () => FapsFilterInput, nullable: true }) filter?: FapsFilterInput | null,
  ): Promise<FapMinimalModel[]> {
    return (await this.service.getFaps(null, filter ?? {})).faps.map(({ id, code, description, active }) => ({
      id,
      code,
      description,
      active,
    }));
  }

  @Query(() => [FapModel], {
    description: "The caller's panels (an officer: any user's), optionally in one role",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @Authenticated()
  getUserFaps(
    @CurrentUser() session: SessionUser | null,
    @Args('userId', { type: () => Int, nullable: true }) userId?: number | null,
    @Args('role', { type: () => Role, nullable: true }) role?: Role | null,
  ): Promise<FapModel[]> {
    return this.service.getUserFaps(session, userId ?? null, role ?? null);
  }

  @Query(() => [FapMemberModel], { description: 'The members of a panel in every role' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  async fapMembers(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
  ): Promise<FapMemberModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertMayReadFap(session, fapId);
    return this.service.members(fapId);
  }

  @Query(() => [FapMemberModel], { description: 'The reviewers (FAP_REVIEWER members) of a panel' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  async fapReviewers(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
  ): Promise<FapMemberModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertMayReadFap(session, fapId);
    return this.service.members(fapId, [Role.FAP_REVIEWER]);
  }

  @Query(() => [FapProposalModel], {
    description:
      "The panel's proposals (of a call), with grades, calibrated score, ranking and meeting decision",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async fapProposals(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int, nullable: true }) callId?: number | null,
  ): Promise<FapProposalModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.fapProposals(fapId, { callId });
  }

  @Query(() => FapProposalModel, { nullable: true, description: 'One proposal of the panel' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async fapProposal(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<FapProposalModel | null> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return (await this.service.fapProposals(fapId, { proposalPks: [proposalPk] }))[0] ?? null;
  }

  @Query(() => [FapProposalModel], {
    description: "The panel's proposals on one instrument of a call, ranked with the cut line",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async fapProposalsByInstrument(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int }) callId: number,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<FapProposalModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.fapProposals(fapId, { callId, instrumentId });
  }

  @Query(() => [FapInstrumentModel], {
    description: 'The instruments the panel reviews in a call, with availability',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async instrumentsByFap(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int }) callId: number,
  ): Promise<FapInstrumentModel[]> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.instrumentsByFap(fapId, callId);
  }

  @Query(() => ReviewModel, {
    nullable: true,
    description: 'A panel review ("Review not found" when not visible)',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  getReview(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('reviewId', { type: () => Int }) reviewId: number,
  ): Promise<ReviewModel> {
    return this.service.getReview(session, reviewId);
  }

  @Query(() => [ReviewModel], {
    description:
      "Panel reviews the caller may see (officers all; chair/secretary their panels'; reviewers their proposals')",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  reviews(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('filter', { type: () => ReviewsFilterInput, nullable: true }) filter?: ReviewsFilterInput | null,
  ): Promise<ReviewModel[]> {
    return this.service.visibleReviews(session, { ...(filter ?? {}) });
  }

  @Query(() => [ReviewModel], { description: 'The panel reviews of a proposal the caller may see' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  proposalReviews(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<ReviewModel[]> {
    return this.service.visibleReviews(session, { proposalPk });
  }

  @Query(() => UserWithReviewsModel, {
    nullable: true,
    description:
      '"Proposals to grade": reviewer ME (default) the caller\'s reviews, ALL every review of their panels',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_MEMBERS)
  userWithReviews(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('userId', { type: () => Int, nullable: true }) userId?: number | null,
    @Args('callId', { type: () => Int, nullable: true }) callId?: number | null,
    @Args('instrumentId', { type: () => Int, nullable: true }) instrumentId?: number | null,
    @Args('status', { type: () => ReviewStatus, nullable: true }) status?: ReviewStatus | null,
    @Args('reviewer', { type: () => ReviewerFilter, nullable: true }) reviewer?: ReviewerFilter | null,
  ): Promise<UserWithReviewsModel | null> {
    return this.service.userWithReviews(session, {
      userId,
      callId,
      instrumentId,
      status,
      all: reviewer === ReviewerFilter.ALL,
    });
  }
}

@Resolver(() => ReviewModel)
export class ReviewFieldsResolver {
  constructor(private readonly users: UsersService) {}

  @ResolveField('reviewer', () => BasicUserDetailsModel, { nullable: true })
  async reviewer(@Parent() review: ReviewModel): Promise<BasicUserDetailsModel | null> {
    const user = await this.users.byId(review.userID);
    return user ? basicUserDetails(user, false) : null;
  }
}

@Resolver(() => FapMeetingDecisionModel)
export class FapMeetingDecisionFieldsResolver {
  constructor(
    private readonly service: FapsService,
    private readonly users: UsersService,
  ) {}

  @ResolveField('history', () => [FapMeetingDecisionChangeModel])
  history(@Parent() decision: FapMeetingDecisionModel): Promise<FapMeetingDecisionChangeModel[]> {
    return this.service.decisionHistory(decision.proposalPk, decision.instrumentId);
  }

  @ResolveField('submittedByUser', () => BasicUserDetailsModel, { nullable: true })
  async submittedByUser(@Parent() decision: FapMeetingDecisionModel): Promise<BasicUserDetailsModel | null> {
    if (decision.submittedBy === null) return null;
    const user = await this.users.byId(decision.submittedBy);
    return user ? basicUserDetails(user, false) : null;
  }
}

@Resolver(() => FapProposalModel)
export class FapProposalFieldsResolver {
  constructor(private readonly proposals: ProposalsService) {}

  @ResolveField('proposal', () => ProposalModel, { nullable: true })
  proposal(@Parent() row: FapProposalModel): Promise<ProposalModel | null> {
    return this.proposals.existing(row.proposalPk).catch(() => null);
  }
}

/** A proposal's panels, panel reviews and meeting decisions (§3 Proposal relations), for the staff who see them. */
@Resolver(() => ProposalModel)
export class ProposalFapFieldsResolver {
  constructor(
    private readonly service: FapsService,
    private readonly repository: FapsRepository,
  ) {}

  private static staff(session: SessionUser | null): boolean {
    return !!session && (FAP_MEMBERS as readonly Role[]).includes(session.currentRole);
  }

  @ResolveField('faps', () => [FapModel], { description: 'the panels reviewing it (FAP staff and officers)' })
  async faps(
    @CurrentUser() session: SessionUser | null,
    @Parent() proposal: ProposalModel,
  ): Promise<FapModel[]> {
    if (!ProposalFapFieldsResolver.staff(session)) return [];
    const rows = await this.repository.fapProposals({ proposalPks: [proposal.primaryKey] });
    return this.service.toModels(await this.repository.byIds([...new Set(rows.map((r) => r.fapId))]));
  }

  @ResolveField('reviews', () => [ReviewModel], { description: 'its panel reviews the caller may see' })
  reviews(
    @CurrentUser() session: SessionUser | null,
    @Parent() proposal: ProposalModel,
  ): Promise<ReviewModel[]> {
    if (!ProposalFapFieldsResolver.staff(session)) return Promise.resolve([]);
    return this.service.visibleReviews(session, { proposalPk: proposal.primaryKey });
  }

  @ResolveField('fapMeetingDecisions', () => [FapMeetingDecisionModel], {
    description: 'the meeting decisions per instrument (officers, FAP chairs and secretaries)',
  })
  async fapMeetingDecisions(
    @CurrentUser() session: SessionUser | null,
    @Parent() proposal: ProposalModel,
  ): Promise<FapMeetingDecisionModel[]> {
    if (!session || !(FAP_STAFF as readonly Role[]).includes(session.currentRole)) return [];
    return this.repository.decisions([proposal.primaryKey]);
  }
}
