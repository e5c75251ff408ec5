import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { FeatureId, OrderDirection, ReviewerFilter, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import {
  ProposalsFilterInput,
  ProposalsViewResultModel,
  ProposalViewBasicModel,
  ProposalViewsRepository,
  type ViewScope,
} from '../../../proposal-views';
import { InstrumentsLookup } from '../../instruments-lookup';

/** §7/§2: the status hidden from staff lists by default (EXPIRED in a fresh installation). */
export const EXCLUDED_STATUS_ID = 9;

const excluding = (filter: ProposalsFilterInput, statusId: number): ProposalsFilterInput =>
  filter.proposalStatusId === statusId
    ? filter
    : { ...filter, excludeProposalStatusIds: [...(filter.excludeProposalStatusIds ?? []), statusId] };

/** The scientists' proposal lists: the staff table's rows, limited to the caller's instruments or techniques. */
@Resolver()
export class GetScientistProposalsResolver {
  constructor(
    private readonly views: ProposalViewsRepository,
    private readonly instruments: InstrumentsLookup,
  ) {}

  @Query(() => ProposalsViewResultModel, {
    nullable: true,
    description:
      "Proposals on the caller's instruments (officers: all); filter.reviewer ME: those with a technical review " +
      'assigned to the caller; status 9 only when asked for',
  })
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async getInstrumentScientistProposals(
    @CurrentUser() session: SessionUser,
    @Args('filter', { type: () => ProposalsFilterInput, nullable: true }) filter?: ProposalsFilterInput,
    @Args('sortField', { nullable: true }) sortField?: string,
    @Args('sortDirection', { type: () => OrderDirection, nullable: true }) sortDirection?: OrderDirection,
    @Args('first', { type: () => Int, nullable: true }) first?: number,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number,
    @Args('searchText', { nullable: true }) searchText?: string,
  ): Promise<ProposalsViewResultModel> {
    const f = filter ?? {};
    const scope: ViewScope = {};
    if (session.currentRole !== Role.USER_OFFICER)
      scope.instrumentIds = await this.instruments.idsOfScientist(session.id);
    if (f.reviewer === ReviewerFilter.ME) scope.assigneeId = session.id;
    return this.views.page(excluding(f, EXCLUDED_STATUS_ID), {
      sortField,
      sortDirection,
      first,
      offset,
      searchText,
      scope,
    });
  }

  private async techniqueScope(session: SessionUser, filter: ProposalsFilterInput) {
    if (session.currentRole === Role.USER_OFFICER)
      return { filter, scope: { anyTechnique: true } satisfies ViewScope };
    const techniqueIds = await this.instruments.techniqueIdsOfScientist(session.id);
    const f: ProposalsFilterInput = {
      ...filter,
      // EXPIRED (status 9) is shown only to officers
      proposalStatusId: filter.proposalStatusId === EXCLUDED_STATUS_ID ? -1 : filter.proposalStatusId,
      excludeProposalStatusIds: [...(filter.excludeProposalStatusIds ?? []), EXCLUDED_STATUS_ID],
    };
    return { filter: f, scope: { techniqueIds } satisfies ViewScope };
  }

  @Query(() => ProposalsViewResultModel, {
    nullable: true,
    description:
      "Proposals of the caller's techniques (officers: every technique proposal); status 9 for officers only",
  })
  @RequiresFeature(FeatureId.TECHNIQUE_PROPOSALS)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async getTechniqueScientistProposals(
    @CurrentUser() session: SessionUser,
    @Args('filter', { type: () => ProposalsFilterInput, nullable: true }) filter?: ProposalsFilterInput,
    @Args('sortField', { nullable: true }) sortField?: string,
    @Args('sortDirection', { type: () => OrderDirection, nullable: true }) sortDirection?: OrderDirection,
    @Args('first', { type: () => Int, nullable: true }) first?: number,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number,
    @Args('searchText', { nullable: true }) searchText?: string,
  ): Promise<ProposalsViewResultModel> {
    const { filter: f, scope } = await this.techniqueScope(session, filter ?? {});
    return this.views.page(f, { sortField, sortDirection, first, offset, searchText, scope });
  }

  @Query(() => [ProposalViewBasicModel], {
    description: 'Every proposal of getTechniqueScientistProposals matching the filter (select-all)',
  })
  @RequiresFeature(FeatureId.TECHNIQUE_PROPOSALS)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async getTechniqueScientistProposalsBasic(
    @CurrentUser() session: SessionUser,
    @Args('filter', { type: () => ProposalsFilterInput, nullable: true }) filter?: ProposalsFilterInput,
    @Args('searchText', { nullable: true }) searchText?: string,
  ): Promise<ProposalViewBasicModel[]> {
    const { filter: f, scope } = await this.techniqueScope(session, filter ?? {});
    return this.views.basic(f, searchText, scope);
  }
}
