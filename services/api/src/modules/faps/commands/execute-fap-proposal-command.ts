import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fapProposalStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { PROPOSAL_VIEWS_PROJECTION } from '../../proposal-views';
import { fapProposalDecider, type FapProposalCommand } from '../domain/fap-proposal.decide';
import { FAPS_PROJECTION } from '../read-models/faps/faps.projection';

/**
 * Commands on the FAP side of proposals (`fap-proposal-<proposalPk>`). A batch (one request over several
 * proposals or reviews) is decided on every stream before the first append: a refusal appends nothing.
 * Resolves once the faps read model and the proposal views show it; the last append, or null.
 */
export class ExecuteFapProposalCommand extends Command<AppendResult | null> {
  readonly commands: readonly FapProposalCommand[];
  /** decide only (every refusal), append nothing */
  readonly dryRun: boolean;
  constructor(
    commands: FapProposalCommand | readonly FapProposalCommand[],
    options: { dryRun?: boolean } = {},
  ) {
    super();
    this.commands = Array.isArray(commands) ? commands : [commands as FapProposalCommand];
    this.dryRun = options.dryRun ?? false;
  }
}

@CommandHandler(ExecuteFapProposalCommand)
export class ExecuteFapProposalCommandHandler implements ICommandHandler<ExecuteFapProposalCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ commands, dryRun }: ExecuteFapProposalCommand): Promise<AppendResult | null> {
    if (commands.length > 1 || dryRun) {
      // every refusal first, folding the earlier commands of the same proposal in
      const states = new Map<number, ReturnType<typeof fapProposalDecider.evolve>>();
      for (const command of commands) {
        let state = states.get(command.proposalPk);
        if (!state)
          state = (
            await this.events.load(
              fapProposalStreamId(command.proposalPk),
              fapProposalDecider.initialState,
              fapProposalDecider.evolve,
            )
          ).state;
        const decided = fapProposalDecider.decide(command, state);
        states.set(
          command.proposalPk,
          decided.reduce((s, e) => fapProposalDecider.evolve(s, e as { type: string; data: unknown }), state),
        );
      }
    }
    if (dryRun) return null;
    let last: AppendResult | null = null;
    for (const command of commands) {
      const result = await this.events.execute(
        fapProposalStreamId(command.proposalPk),
        fapProposalDecider,
        command,
      );
      last = result ?? last;
    }
    if (last) await this.projections.waitFor(last.position, [FAPS_PROJECTION, PROPOSAL_VIEWS_PROJECTION]);
    return last;
  }
}
