import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';

@Resolver()
export class DeleteProposalResolver {
  constructor(private readonly proposals: ProposalsService) {}

  @Mutation(() => ProposalModel, { nullable: true, description: 'Deletes a draft; only its PI may' })
  @Authenticated()
  deleteProposal(
    @CurrentUser() user: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<ProposalModel> {
    return this.proposals.delete(user, proposalPk);
  }
}
