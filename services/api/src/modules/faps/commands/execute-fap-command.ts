import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fapStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { fapDecider, type FapCommand } from '../domain/fap.decide';
import { FAPS_PROJECTION } from '../read-models/faps/faps.projection';

/** Commands on one panel (`fap-<id>`); resolves once the faps read model shows it (null: nothing decided). */
export class ExecuteFapCommand extends Command<AppendResult | null> {
  constructor(readonly command: FapCommand) {
    super();
  }
}

@CommandHandler(ExecuteFapCommand)
export class ExecuteFapCommandHandler implements ICommandHandler<ExecuteFapCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteFapCommand): Promise<AppendResult | null> {
    return this.streams.execute(fapStreamId(command.id), fapDecider, command, [FAPS_PROJECTION]);
  }
}
