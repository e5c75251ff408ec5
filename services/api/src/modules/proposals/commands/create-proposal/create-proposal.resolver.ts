import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class CreateProposalResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => ProposalModel, {
    nullable: true,
    description:
      "A draft proposal in an open call, the caller its PI, with a questionary of the call's template",
  })
  @Authenticated()
  async createProposal(
    @CurrentUser() user: SessionUser,
    @Args('callId', { type: () => Int }) callId: number,
  ): Promise<ProposalModel | null> {
    return this.repository.proposal(await this.proposals.create(callId, user));
  }
}
