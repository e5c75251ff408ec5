import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { predefinedMessageStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { predefinedMessageDecider } from '../../domain/predefined-message.decide';
import { UpdatePredefinedMessageCommand } from './update-predefined-message.command';

@CommandHandler(UpdatePredefinedMessageCommand)
export class UpdatePredefinedMessageHandler implements ICommandHandler<UpdatePredefinedMessageCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: UpdatePredefinedMessageCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(
      predefinedMessageStreamId(command.id),
      predefinedMessageDecider,
      {
        type: 'UpdatePredefinedMessage',
        id: command.id,
        title: command.title,
        message: command.message,
        key: command.key,
      },
    );
    return { position: result?.position ?? null };
  }
}
