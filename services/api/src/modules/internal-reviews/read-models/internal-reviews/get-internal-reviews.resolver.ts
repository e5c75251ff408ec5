import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { internalReviewsFilterSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { BasicUserDetailsModel, basicUserDetails, UsersService } from '../../../users';
import { INTERNAL_REVIEW_READERS } from '../../internal-reviews.policy';
import { InternalReviewsService } from '../../internal-reviews.service';
import { InternalReviewModel, InternalReviewsFilterInput } from './internal-review.model';

@Resolver(() => InternalReviewModel)
export class GetInternalReviewsResolver {
  constructor(
    private readonly service: InternalReviewsService,
    private readonly users: UsersService,
  ) {}

  @Query(() => [InternalReviewModel], {
    description:
      'Internal reviews (§6): of one technical review, or all the caller may see. Officers, scientists, FAP ' +
      'chairs and secretaries see all; an internal reviewer those of the technical reviews they review (and ' +
      'without a filter their own), with the title, comment and files of their own only',
  })
  @RolesAllowed(...INTERNAL_REVIEW_READERS)
  async internalReviews(
    @Args('filter', { type: () => InternalReviewsFilterInput, nullable: true })
    filter: InternalReviewsFilterInput | null,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<InternalReviewModel[]> {
    const valid = await validateInput(internalReviewsFilterSchema, filter ?? {});
    return this.service.list(caller, valid);
  }

  @Query(() => InternalReviewModel, {
    nullable: true,
    description:
      'One internal review (refused like its proposal when it does not exist or the caller may not see it; officers: null when missing)',
  })
  @RolesAllowed(...INTERNAL_REVIEW_READERS)
  internalReview(
    @Args('internalReviewId', { type: () => Int }) internalReviewId: number,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<InternalReviewModel | null> {
    return this.service.one(caller, internalReviewId);
  }

  @ResolveField(() => BasicUserDetailsModel, { nullable: true, description: 'the internal reviewer' })
  async reviewer(@Parent() review: InternalReviewModel): Promise<BasicUserDetailsModel | null> {
    const user = await this.users.byId(review.reviewerId);
    return user ? basicUserDetails(user, false) : null;
  }

  @ResolveField(() => BasicUserDetailsModel, { nullable: true, description: 'the officer who created it' })
  async assignedByUser(@Parent() review: InternalReviewModel): Promise<BasicUserDetailsModel | null> {
    if (review.assignedBy === null) return null;
    const user = await this.users.byId(review.assignedBy);
    return user ? basicUserDetails(user, false) : null;
  }
}
