import { Args, Field, Int, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalInstruments, ProposalModel, ProposalsService } from '../../../proposals';
import { InstrumentsLookup } from '../../instruments-lookup';
import { TechnicalReviewsService } from '../../technical-reviews.service';
import { TechnicalReviewModel } from './technical-review.model';
import { TechnicalReviewsRepository } from './technical-reviews.repository';

/** An instrument the proposal is on (§3 Proposal.instruments). */
@ObjectType('ProposalInstrument')
export class ProposalInstrumentModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
}

/** Technical reviews: staff read them all; the proposal's members the submitted ones' public part. */
@Resolver(() => ProposalModel)
export class GetTechnicalReviewsResolver {
  constructor(
    private readonly service: TechnicalReviewsService,
    private readonly repository: TechnicalReviewsRepository,
    private readonly proposals: ProposalsService,
    private readonly proposalInstruments: ProposalInstruments,
    private readonly instruments: InstrumentsLookup,
  ) {}

  @ResolveField('instruments', () => [ProposalInstrumentModel], {
    description:
      'the instruments the proposal is on, by id (the Admin tab allocates management time on each)',
  })
  async proposalInstrumentList(@Parent() proposal: ProposalModel): Promise<ProposalInstrumentModel[]> {
    const ids = await this.proposalInstruments.assigned(proposal.primaryKey);
    if (ids.length === 0) return [];
    const found = await this.instruments.byIds(ids);
    return ids.flatMap((id) => {
      const i = found.find((x) => x.id === id);
      return i ? [{ id: i.id, name: i.name, shortCode: i.shortCode }] : [];
    });
  }

  @Query(() => TechnicalReviewModel, { nullable: true, description: 'A technical review by its id' })
  @Authenticated()
  async getTechnicalReview(
    @CurrentUser() session: SessionUser,
    @Args('technicalReviewId', { type: () => Int }) technicalReviewId: number,
  ): Promise<TechnicalReviewModel | null> {
    const review = await this.repository.review(technicalReviewId);
    if (!review) return null;
    const proposal = await this.proposals.existing(review.proposalPk);
    return (await this.service.reviewsFor(session, proposal)).find((r) => r.id === technicalReviewId) ?? null;
  }

  @Query(() => [TechnicalReviewModel], { description: 'The technical reviews of a proposal' })
  @Authenticated()
  async technicalReviews(
    @CurrentUser() session: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<TechnicalReviewModel[]> {
    return this.service.reviewsFor(session, await this.proposals.existing(proposalPk));
  }

  @ResolveField('technicalReviews', () => [TechnicalReviewModel], {
    description:
      'staff: every review; the PI and co-proposers: status, public comment and time of submitted ones',
  })
  async proposalTechnicalReviews(
    @CurrentUser() session: SessionUser | null,
    @Parent() proposal: ProposalModel,
  ): Promise<TechnicalReviewModel[]> {
    // an API access token reading a proposal acts for no user: it sees no reviews
    return session ? this.service.reviewsFor(session, proposal) : [];
  }
}
