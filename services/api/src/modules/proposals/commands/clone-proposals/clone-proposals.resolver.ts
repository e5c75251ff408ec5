import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class CloneProposalsResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
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
}
