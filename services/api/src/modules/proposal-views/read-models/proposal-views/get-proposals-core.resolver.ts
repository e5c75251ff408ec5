import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { OrderDirection, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import {
  ProposalsFilterInput,
  ProposalsViewResultModel,
  ProposalViewBasicModel,
} from './proposal-view.model';
import { ProposalViewsRepository } from './proposal-views.repository';

/** The staff proposals table: officers (instrument scientists and panels get their filtered views later). */
@Resolver()
export class GetProposalsCoreResolver {
  constructor(private readonly repository: ProposalViewsRepository) {}

  @Query(() => ProposalsViewResultModel, {
    nullable: true,
    description:
      'Proposals of the staff table: filter, sort (sortField: primaryKey, proposalId, title, statusName, statusId, ' +
      'callShortCode, submittedDate, created, finalStatus, principalInvestigator), page (first ≤ 1000, offset)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  getProposalsCore(
    @Args('filter', { type: () => ProposalsFilterInput, nullable: true }) filter?: ProposalsFilterInput,
    @Args('sortField', { nullable: true }) sortField?: string,
    @Args('sortDirection', { type: () => OrderDirection, nullable: true }) sortDirection?: OrderDirection,
    @Args('first', { type: () => Int, nullable: true }) first?: number,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number,
    @Args('searchText', { nullable: true }) searchText?: string,
    @Args('allowEstimatedCount', {
      nullable: true,
      description:
        'true: a totalCount above 5,000 may be estimated (totalCountEstimated); without it the count is exact',
    })
    allowEstimatedCount?: boolean,
  ): Promise<ProposalsViewResultModel> {
    return this.repository.page(filter ?? {}, {
      sortField,
      sortDirection,
      first,
      offset,
      searchText,
      allowEstimatedCount,
    });
  }

  @Query(() => [ProposalViewBasicModel], { description: 'Every proposal matching the filter (select-all)' })
  @RolesAllowed(Role.USER_OFFICER)
  getProposalCoreBasic(
    @Args('filter', { type: () => ProposalsFilterInput, nullable: true }) filter?: ProposalsFilterInput,
    @Args('searchText', { nullable: true }) searchText?: string,
  ): Promise<ProposalViewBasicModel[]> {
    return this.repository.basic(filter ?? {}, searchText);
  }
}
