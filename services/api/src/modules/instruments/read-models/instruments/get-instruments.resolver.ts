import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated, RequiresFeature } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { BasicUserDetailsModel, UsersService } from '../../../users';
import { instrumentsRestrictedTo } from '../../instruments.policy';
import { InstrumentMinimalModel, InstrumentModel, InstrumentsQueryResultModel } from './instrument.models';
import { InstrumentsRepository, type InstrumentRecord } from './instruments.repository';
import { scientistsOf } from './people.loader';

const minimal = ({ id, name, shortCode, description }: InstrumentRecord): InstrumentMinimalModel => ({
  id,
  name,
  shortCode,
  description,
});

/**
 * The instrument queries. §6: officers, FAP reviewers, chairs, secretaries and users get all instruments; the
 * other roles (instrument scientists, internal and safety reviewers) those they manage or are a scientist of.
 */
@Resolver(() => InstrumentModel)
export class GetInstrumentsResolver {
  constructor(
    private readonly repository: InstrumentsRepository,
    private readonly users: UsersService,
  ) {}

  private async visible(
    session: SessionUser | null,
    filter: { callIds?: readonly number[] | null; ids?: readonly number[] } = {},
  ): Promise<InstrumentRecord[]> {
    const ofUser = instrumentsRestrictedTo(session);
    if (filter.ids) {
      const list = await this.repository.byIds(filter.ids);
      if (ofUser === null) return list;
      const own = new Set(await this.repository.idsOfScientist(ofUser));
      return list.filter((i) => own.has(i.id));
    }
    return this.repository.list({ callIds: filter.callIds, ofUser });
  }

  @Query(() => InstrumentsQueryResultModel, {
    description: 'The instruments the caller may use (§6), of any of the calls when callIds are given',
  })
  @Authenticated()
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async instruments(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('callIds', { type: () => [Int], nullable: true }) callIds: number[] | null,
  ): Promise<InstrumentsQueryResultModel> {
    const instruments = await this.visible(session, { callIds });
    return { totalCount: instruments.length, instruments };
  }

  @Query(() => InstrumentModel, { nullable: true })
  @Authenticated()
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async instrument(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<InstrumentModel | null> {
    const [one] = await this.visible(session, { ids: [instrumentId] });
    return one ?? null;
  }

  @Query(() => [InstrumentModel])
  @Authenticated()
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  getInstrumentsByIds(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
  ): Promise<InstrumentModel[]> {
    return this.visible(session, { ids: instrumentIds });
  }

  @Query(() => [InstrumentMinimalModel])
  @Authenticated()
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async getInstrumentsByIdsMinimal(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
  ): Promise<InstrumentMinimalModel[]> {
    return (await this.visible(session, { ids: instrumentIds })).map(minimal);
  }

  @Query(() => [InstrumentMinimalModel], {
    description:
      "The instruments the caller may use (§6), of any of the calls when given (the portal's picker)",
  })
  @Authenticated()
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async getInstrumentsMinimal(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('callIds', { type: () => [Int], nullable: true }) callIds: number[] | null,
  ): Promise<InstrumentMinimalModel[]> {
    return (await this.visible(session, { callIds })).map(minimal);
  }

  @Query(() => [InstrumentMinimalModel], {
    description: 'The instruments the caller manages or is a scientist of (officers: all)',
  })
  @Authenticated()
  @RequiresFeature(FeatureId.INSTRUMENT_MANAGEMENT)
  async getMyInstrumentsMinimal(@CurrentUser() session: SessionUser): Promise<InstrumentMinimalModel[]> {
    const ofUser = session.currentRole === Role.USER_OFFICER ? null : session.id;
    return (await this.repository.list({ ofUser })).map(minimal);
  }

  @ResolveField(() => [BasicUserDetailsModel], { description: 'in the order they were assigned' })
  scientists(
    @Parent() instrument: InstrumentModel,
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Context() context: GraphqlContext,
  ): Promise<BasicUserDetailsModel[]> {
    return scientistsOf(instrument.scientistIds, this.users, session, context);
  }
}
