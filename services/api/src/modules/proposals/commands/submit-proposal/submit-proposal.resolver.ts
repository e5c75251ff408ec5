import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class SubmitProposalResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => ProposalModel, {
    nullable: true,
    description:
      'Submits: every step complete and every answer valid (checked again here), not yet submitted, call open ' +
      '(internally open for internal users; officers always); the reference comes from the call format',
  })
  @Authenticated()
  async submitProposal(
    @CurrentUser() user: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<ProposalModel | null> {
    await this.proposals.submit(user, proposalPk);
    return this.repository.proposal(proposalPk);
  }
}
