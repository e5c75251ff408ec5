import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { predefinedMessageStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { predefinedMessageDecider, type PredefinedMessageCommand } from '../domain/predefined-message.decide';
import { PREDEFINED_MESSAGES_PROJECTION } from '../read-models/predefined-messages/predefined-messages.projection';

/**
 * Every command on one predefined message: load, decide (pure), append; resolves once the predefined messages
 * read model shows it (null when nothing was decided).
 */
export class ExecutePredefinedMessageCommand extends Command<AppendResult | null> {
  constructor(readonly command: PredefinedMessageCommand) {
    super();
  }
}

@CommandHandler(ExecutePredefinedMessageCommand)
export class ExecutePredefinedMessageCommandHandler implements ICommandHandler<ExecutePredefinedMessageCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecutePredefinedMessageCommand): Promise<AppendResult | null> {
    return this.streams.execute(predefinedMessageStreamId(command.id), predefinedMessageDecider, command, [
      PREDEFINED_MESSAGES_PROJECTION,
    ]);
  }
}
