import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { proposalStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { proposalDecider, type ProposalCommand } from '../domain/proposal.decide';
import { PROPOSALS_PROJECTION } from '../read-models/proposals/proposals.projection';

/** Every command on one proposal: load, decide (pure), append; resolves once the proposals read model shows it. */
export class ExecuteProposalCommand extends Command<AppendResult | null> {
  constructor(
    readonly proposalPk: number,
    readonly command: ProposalCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteProposalCommand)
export class ExecuteProposalCommandHandler implements ICommandHandler<ExecuteProposalCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ proposalPk, command }: ExecuteProposalCommand): Promise<AppendResult | null> {
    const result = await this.events.execute(proposalStreamId(proposalPk), proposalDecider, command);
    if (result) await this.projections.waitFor(result.position, [PROPOSALS_PROJECTION]);
    return result;
  }
}
