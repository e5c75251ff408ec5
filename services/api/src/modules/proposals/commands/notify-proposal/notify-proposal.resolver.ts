import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { notifyProposalSchema, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ProposalsService } from '../../proposals.service';
import { decisionActor } from '../../proposals.policy';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';
import { ExecuteProposalCommand } from '../execute-proposal-command';

@Resolver()
export class NotifyProposalResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => ProposalModel, {
    nullable: true,
    description:
      'Tells the proposers the final decision (§4: after the management decision): the PI gets an e-mail with ' +
      'the final status and the comment for the user. Once; needs a final status and a submitted decision',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async notifyProposal(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
  ): Promise<ProposalModel | null> {
    await validateInput(notifyProposalSchema, { proposalPk });
    await this.proposals.existing(proposalPk);
    await this.commands.execute(
      new ExecuteProposalCommand(proposalPk, { type: 'NotifyProposal', actor: decisionActor(user) }),
    );
    return this.repository.proposal(proposalPk);
  }
}
