import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { proposalMessages, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

export { statusNotInWorkflow } from '../../proposals.service';

@Resolver()
export class ChangeProposalsStatusResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => [ProposalModel], {
    description:
      "Sets the status of proposals by hand (a status of each proposal's workflow); the status actions of the " +
      'connection into it run as when the workflow moves',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async changeProposalsStatus(
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('statusId', { type: () => Int, nullable: true }) statusId?: number,
  ): Promise<ProposalModel[]> {
    if (statusId == null)
      throw badInput(proposalMessages.statusRequired, { statusId: proposalMessages.statusRequired });
    await this.proposals.changeStatus(proposalPks, statusId);
    return this.repository.proposals(proposalPks);
  }
}
