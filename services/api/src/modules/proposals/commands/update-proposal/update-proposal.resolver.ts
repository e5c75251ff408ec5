import { Args, Extensions, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { NORMALISED_TEXT } from '../../../../platform/graphql/argument-guard.plugin';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class UpdateProposalResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => ProposalModel, {
    nullable: true,
    description:
      'Title (trimmed), abstract (non-printable and non-ASCII characters become spaces), co-proposers (users) and PI',
  })
  // §5: the abstract's control characters become spaces (updateProposalSchema), not a refusal
  @Extensions({ [NORMALISED_TEXT]: ['abstract'] })
  @Authenticated()
  async updateProposal(
    @CurrentUser() user: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('title', { nullable: true }) title?: string,
    @Args('abstract', { nullable: true }) abstract?: string,
    @Args('users', { type: () => [Int], nullable: true }) users?: number[],
    @Args('proposerId', { type: () => Int, nullable: true }) proposerId?: number,
  ): Promise<ProposalModel | null> {
    await this.proposals.update(user, { proposalPk, title, abstract, users, proposerId });
    return this.repository.proposal(proposalPk);
  }
}
