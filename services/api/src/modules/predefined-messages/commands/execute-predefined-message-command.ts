import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { predefinedMessageStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
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
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ command }: ExecutePredefinedMessageCommand): Promise<AppendResult | null> {
    const streamId = predefinedMessageStreamId(command.id);
    const result = await this.events.execute(streamId, predefinedMessageDecider, command);
    if (result) await this.projections.waitFor(result.position, [PREDEFINED_MESSAGES_PROJECTION]);
    return result;
  }
}
