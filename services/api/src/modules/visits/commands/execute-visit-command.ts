import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { visitStreamId } from '@user-office/contracts';
import { EventSourcing, type BatchOutcome } from '../../../platform/cqrs/event-sourcing';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { visitDecider, type VisitCommand } from '../domain/visit.decide';
import { VISITS_PROJECTION } from '../read-models/visits/visits.projection';

/**
 * One command on the visit of one experiment (`visit-<experimentPk>`). `dryRun`: decide only (throws the rule
 * broken, appends nothing) — asked before a questionary is created, so a refusal leaves nothing behind. Resolves once the read model shows the change (null:
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

/**
 * Commands over the visits of several experiments (the registrations' bulk approval): the shared batched path
 * (`EventSourcing.executeMany`): every visit's stream loaded at once, each item decided in memory, all appended in
 * one transaction with each stream's expected version (a refusal of one appends nothing and names it); resolves
 * once the visits read model shows the batch.
 */
export class ExecuteVisitCommands extends Command<BatchOutcome> {
  constructor(readonly items: readonly { experimentPk: number; command: VisitCommand; label?: string }[]) {
    super();
  }
}

@CommandHandler(ExecuteVisitCommands)
export class ExecuteVisitCommandsHandler implements ICommandHandler<ExecuteVisitCommands> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ items }: ExecuteVisitCommands): Promise<BatchOutcome> {
    const outcome = await this.events.executeMany(
      visitDecider,
      items.map((i) => ({ streamId: visitStreamId(i.experimentPk), command: i.command, label: i.label })),
    );
    if (outcome.position !== null) await this.projections.waitFor(outcome.position, [VISITS_PROJECTION]);
    return outcome;
  }
}
