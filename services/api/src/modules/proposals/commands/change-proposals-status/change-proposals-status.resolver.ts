import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { proposalMessages, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import { WorkflowsRepository } from '../../../workflows';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';
import { ExecuteProposalCommand } from '../execute-proposal-command';

export const statusNotInWorkflow = (statusId: number, proposalId: string) =>
  `Status ${statusId} is not part of the workflow of proposal ${proposalId}`;

@Resolver()
export class ChangeProposalsStatusResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
    private readonly workflows: WorkflowsRepository,
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
    const proposals = await Promise.all(proposalPks.map((pk) => this.proposals.existing(pk)));
    const plans = [];
    for (const proposal of proposals) {
      const call = await this.proposals.callOf(proposal.callId);
      const connection = (await this.workflows.connections(call.proposalWorkflowId)).find(
        (c) => c.statusId === statusId,
      );
      if (!connection) throw badInput(statusNotInWorkflow(statusId, proposal.proposalId));
      plans.push({ proposal, connectionId: connection.id });
    }
    for (const { proposal, connectionId } of plans) {
      await this.commands.execute(
        new ExecuteProposalCommand(proposal.primaryKey, { type: 'ChangeStatus', statusId, connectionId }),
      );
    }
    return this.repository.proposals(proposalPks);
  }
}
