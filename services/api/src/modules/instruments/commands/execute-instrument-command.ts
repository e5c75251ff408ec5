import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { instrumentStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { instrumentDecider, type InstrumentCommand } from '../domain/instrument.decide';
import { INSTRUMENTS_PROJECTION } from '../read-models/instruments/instruments.projection';

/**
 * Commands on instruments: one command on one instrument's stream, or the same kind of command on several
 * (assigning instruments to a call): each stream is decided before the first append, so a refusal on any of
 * them appends nothing. Resolves once the instruments read model shows the change (null: nothing decided).
 */
export class ExecuteInstrumentCommand extends Command<AppendResult | null> {
  readonly commands: readonly InstrumentCommand[];
  constructor(...commands: InstrumentCommand[]) {
    super();
    this.commands = commands;
  }
}

@CommandHandler(ExecuteInstrumentCommand)
export class ExecuteInstrumentCommandHandler implements ICommandHandler<ExecuteInstrumentCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ commands }: ExecuteInstrumentCommand): Promise<AppendResult | null> {
    if (commands.length > 1) {
      for (const command of commands) {
        const loaded = await this.events.load(
          instrumentStreamId(command.id),
          instrumentDecider.initialState,
          instrumentDecider.evolve,
        );
        instrumentDecider.decide(command, loaded.state);
      }
    }
    let last: AppendResult | null = null;
    for (const command of commands) {
      last = (await this.events.execute(instrumentStreamId(command.id), instrumentDecider, command)) ?? last;
    }
    if (last) await this.projections.waitFor(last.position, [INSTRUMENTS_PROJECTION]);
    return last;
  }
}
