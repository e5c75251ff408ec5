import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { predefinedMessageStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { predefinedMessageDecider } from '../../domain/predefined-message.decide';
import { DeletePredefinedMessageCommand } from './delete-predefined-message.command';

@CommandHandler(DeletePredefinedMessageCommand)
export class DeletePredefinedMessageHandler implements ICommandHandler<DeletePredefinedMessageCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: DeletePredefinedMessageCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(
      predefinedMessageStreamId(command.id),
      predefinedMessageDecider,
      { type: 'DeletePredefinedMessage', id: command.id },
    );
    return { position: result?.position ?? null };
  }
}
