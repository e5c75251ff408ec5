import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fapProposalStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult, StreamAppend } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { PROPOSAL_VIEWS_PROJECTION } from '../../proposal-views';
import { QUESTIONARIES_PROJECTION } from '../../questionaries';
import { fapProposalDecider, type FapProposalCommand } from '../domain/fap-proposal.decide';
import { FAPS_PROJECTION } from '../read-models/faps/faps.projection';

/**
 * Commands on the FAP side of proposals (`fap-proposal-<proposalPk>`). A batch (one request over several
 * proposals or reviews) is decided on every stream before the first append: a refusal appends nothing.
 * Resolves once the faps read model and the proposal views show it; the last append, or null.
 */
export class ExecuteFapProposalCommand extends Command<AppendResult | null> {
  readonly commands: readonly FapProposalCommand[];
  /** the new streams that go with the decided events, in the same append (the reviews' questionaries) */
  readonly alongside?: (decided: readonly StreamAppend[]) => StreamAppend[];
  constructor(
    commands: FapProposalCommand | readonly FapProposalCommand[],
    options: { alongside?: (decided: readonly StreamAppend[]) => StreamAppend[] } = {},
  ) {
    super();
    this.commands = Array.isArray(commands) ? commands : [commands as FapProposalCommand];
    this.alongside = options.alongside;
  }
}

@CommandHandler(ExecuteFapProposalCommand)
export class ExecuteFapProposalCommandHandler implements ICommandHandler<ExecuteFapProposalCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ commands, alongside }: ExecuteFapProposalCommand): Promise<AppendResult | null> {
    // the shared bulk path: every stream loaded at once, its commands decided in order in memory, one append of
    // all streams (all or nothing)
    const outcome = await this.events.executeMany(
      fapProposalDecider,
      commands.map((command) => ({
        streamId: fapProposalStreamId(command.proposalPk),
        command,
        label: `Proposal ${command.proposalPk}`,
      })),
      { alongside },
    );
    if (outcome.position === null) return null;
    await this.projections.waitFor(outcome.position, [
      FAPS_PROJECTION,
      PROPOSAL_VIEWS_PROJECTION,
      ...(alongside ? [QUESTIONARIES_PROJECTION] : []),
    ]);
    return outcome.results.filter((r): r is AppendResult => r !== null).at(-1) ?? null;
  }
}
