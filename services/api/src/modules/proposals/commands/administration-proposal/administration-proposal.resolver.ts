import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { administrationProposalSchema, ProposalEndStatus, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ProposalInstruments } from '../../proposal-instruments';
import { ProposalsService } from '../../proposals.service';
import { decisionActor, mayAdminister } from '../../proposals.policy';
import { ProposalModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';
import { ExecuteProposalCommand } from '../execute-proposal-command';
import { ManagementTimeAllocationsInput } from './administration-proposal.input';

@Resolver()
export class AdministrationProposalResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
    private readonly instruments: ProposalInstruments,
  ) {}

  @Mutation(() => ProposalModel, {
    nullable: true,
    description:
      'The management decision on a submitted proposal (§5 Administration): final status (required), comments ' +
      '(left out: kept), management time per assigned instrument (0 to 100000; an empty list removes them) and ' +
      'whether the decision is submitted (then only officers change it)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async administrationProposal(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('finalStatus', { type: () => ProposalEndStatus, nullable: true })
    finalStatus?: ProposalEndStatus | null,
    @Args('commentForUser', { type: () => String, nullable: true }) commentForUser?: string | null,
    @Args('commentForManagement', { type: () => String, nullable: true })
    commentForManagement?: string | null,
    @Args('managementTimeAllocations', { type: () => [ManagementTimeAllocationsInput], nullable: true })
    managementTimeAllocations?: ManagementTimeAllocationsInput[] | null,
    @Args('managementDecisionSubmitted', { type: () => Boolean, nullable: true })
    managementDecisionSubmitted?: boolean | null,
  ): Promise<ProposalModel | null> {
    const valid = await validateInput(administrationProposalSchema, {
      proposalPk,
      finalStatus,
      commentForUser,
      commentForManagement,
      managementTimeAllocations,
      managementDecisionSubmitted,
    });
    await this.proposals.existing(proposalPk);
    await this.commands.execute(
      new ExecuteProposalCommand(proposalPk, {
        type: 'AdministerProposal',
        actor: decisionActor(user),
        administers: mayAdminister(user),
        finalStatus: valid.finalStatus as ProposalEndStatus,
        commentForUser: valid.commentForUser,
        commentForManagement: valid.commentForManagement,
        managementTimeAllocations: valid.managementTimeAllocations?.map((a) => ({
          instrumentId: a.instrumentId as number,
          value: a.value,
        })),
        managementDecisionSubmitted: valid.managementDecisionSubmitted,
        assignedInstrumentIds: await this.instruments.assigned(proposalPk),
      }),
    );
    return this.repository.proposal(proposalPk);
  }
}
