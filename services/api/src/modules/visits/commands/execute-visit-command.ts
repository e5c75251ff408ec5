import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { visitStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { visitDecider, type VisitCommand } from '../domain/visit.decide';
import { VISITS_PROJECTION } from '../read-models/visits/visits.projection';

/**
 * One command on the visit of one experiment (`visit-<experimentPk>`). `dryRun`: decide only (throws the rule
 * broken, appends nothing) — asked before a questionary is created, and on every visit of a bulk approval before
 * the first append, so a refusal leaves nothing behind. Resolves once the read model shows the change (null:
 * nothing was decided).
 */
export class ExecuteVisitCommand extends Command<AppendResult | null> {
  constructor(
    readonly experimentPk: number,
    readonly command: VisitCommand,
    readonly dryRun = false,
  ) {
    super();
  }
}

@CommandHandler(ExecuteVisitCommand)
export class ExecuteVisitCommandHandler implements ICommandHandler<ExecuteVisitCommand> {
  constructor(
    private readonly streams: StreamCommands,
    private readonly events: EventSourcing,
  ) {}

  async execute({ experimentPk, command, dryRun }: ExecuteVisitCommand): Promise<AppendResult | null> {
    const streamId = visitStreamId(experimentPk);
    if (dryRun) {
      const { state } = await this.events.load(streamId, visitDecider.initialState, visitDecider.evolve);
      visitDecider.decide(command, state);
      return null;
    }
    return this.streams.execute(streamId, visitDecider, command, [VISITS_PROJECTION]);
  }
}
