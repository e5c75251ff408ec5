import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalReaders } from '../../proposal-readers';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class CloneProposalsResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  @Mutation(() => [ProposalModel], {
    description: 'Copies proposals into an open call ("Copy of …"), with the answers the templates share',
  })
  @Authenticated()
  async cloneProposals(
    @CurrentUser() user: SessionUser,
    @Args('callId', { type: () => Int }) callId: number,
    @Args('proposalsToClonePk', { type: () => [Int] }) proposalsToClonePk: number[],
  ): Promise<ProposalModel[]> {
    return this.repository.proposals(await this.proposals.clone(user, callId, proposalsToClonePk));
  }

  /**
   * `getProposalToClone(primaryKey)` (§7): the proposal the clone dialog copies (its title, questionary and
   * answers), for whoever may clone it: its PI or a co-proposer, or an officer (the rule of cloneProposals). A
   * missing one is null for officers and, for anyone else, refused like a proposal they may not see (the read rule:
   * a single read says nothing about whether the thing exists).
   */
  @Query(() => ProposalModel, {
    nullable: true,
    description:
      'The proposal to clone, with its questionary, for those who may clone it (its proposers, officers); officers get null when absent',
  })
  @Authenticated()
  async getProposalToClone(
    @CurrentUser() user: SessionUser,
    @Args('primaryKey', { type: () => Int }) primaryKey: number,
  ): Promise<ProposalModel | null> {
    const proposal = await this.repository.proposal(primaryKey);
    if (!proposal) return this.readers.missing(user);
    this.proposals.assertMemberOrOfficer(proposal, user);
    return proposal;
  }
}
