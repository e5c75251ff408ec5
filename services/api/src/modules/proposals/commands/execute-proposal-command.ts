import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { proposalStreamId } from '@user-office/contracts';
import { EventSourcing, type BatchOutcome } from '../../../platform/cqrs/event-sourcing';
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

/**
 * One command over many proposals (a bulk action): the shared batched path (`EventSourcing.executeMany`): every
 * proposal's stream loaded at once, each decided in memory, all appended in one transaction with each stream's
 * expected version (a refusal of one appends nothing and names it); resolves once the proposals read model shows
 * the batch.
 */
export class ExecuteProposalCommands extends Command<BatchOutcome> {
  constructor(readonly items: readonly { proposalPk: number; command: ProposalCommand; label?: string }[]) {
    super();
  }
}

@CommandHandler(ExecuteProposalCommands)
export class ExecuteProposalCommandsHandler implements ICommandHandler<ExecuteProposalCommands> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ items }: ExecuteProposalCommands): Promise<BatchOutcome> {
    const outcome = await this.events.executeMany(
      proposalDecider,
      items.map((i) => ({ streamId: proposalStreamId(i.proposalPk), command: i.command, label: i.label })),
    );
    if (outcome.position !== null) await this.projections.waitFor(outcome.position, [PROPOSALS_PROJECTION]);
    return outcome;
  }
}
