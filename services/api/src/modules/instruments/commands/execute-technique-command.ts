import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { techniqueStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { techniqueDecider, type TechniqueCommand } from '../domain/technique.decide';
import { INSTRUMENTS_PROJECTION } from '../read-models/instruments/instruments.projection';

/** Every command on one technique: load, decide (pure), append; resolves once the read model shows it. */
export class ExecuteTechniqueCommand extends Command<AppendResult | null> {
  constructor(readonly command: TechniqueCommand) {
    super();
  }
}

@CommandHandler(ExecuteTechniqueCommand)
export class ExecuteTechniqueCommandHandler implements ICommandHandler<ExecuteTechniqueCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteTechniqueCommand): Promise<AppendResult | null> {
    return this.streams.execute(techniqueStreamId(command.id), techniqueDecider, command, [
      INSTRUMENTS_PROJECTION,
    ]);
  }
}
