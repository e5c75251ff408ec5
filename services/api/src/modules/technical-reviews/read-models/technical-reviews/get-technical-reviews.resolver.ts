import { Args, Field, Int, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalInstruments, ProposalModel, ProposalReaders } from '../../../proposals';
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

/**
 * Technical reviews: readable by those who may read their proposal (the one rule, `ProposalReaders`), and within
 * that as the caller's role sees them (`TechnicalReviewsService.reviewsFor`).
 */
@Resolver(() => ProposalModel)
export class GetTechnicalReviewsResolver {
  constructor(
    private readonly service: TechnicalReviewsService,
    private readonly repository: TechnicalReviewsRepository,
    private readonly proposalInstruments: ProposalInstruments,
    private readonly instruments: InstrumentsLookup,
    private readonly readers: ProposalReaders,
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
    // a missing review is refused like one of a proposal the caller may not read (officers: null)
    if (!review) return this.readers.missing(session);
    const proposal = await this.readers.readable(session, review.proposalPk);
    const visible = (await this.service.reviewsFor(session, proposal)).find(
      (r) => r.id === technicalReviewId,
    );
    return visible ?? this.readers.missing(session);
  }

  @Query(() => [TechnicalReviewModel], { description: 'The technical reviews of a proposal' })
  @Authenticated()
  async technicalReviews(
    @CurrentUser() session: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<TechnicalReviewModel[]> {
    return this.service.reviewsFor(session, await this.readers.readable(session, proposalPk));
  }

  @ResolveField('technicalReviews', () => [TechnicalReviewModel], {
    description:
      'the staff who review the proposal: every review; the PI and co-proposers: status, public comment and time of submitted ones',
  })
  async proposalTechnicalReviews(
    @CurrentUser() session: SessionUser | null,
    @Parent() proposal: ProposalModel,
  ): Promise<TechnicalReviewModel[]> {
    // an API access token reading a proposal acts for no user: it sees no reviews
    if (!session || !(await this.readers.mayRead(session, proposal))) return [];
    return this.service.reviewsFor(session, proposal);
  }
}
