import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { predefinedMessageStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { predefinedMessageDecider } from '../../domain/predefined-message.decide';
import { CreatePredefinedMessageCommand } from './create-predefined-message.command';
import { IdSequences } from '../../../../platform/database/id-sequences';

@CommandHandler(CreatePredefinedMessageCommand)
export class CreatePredefinedMessageHandler implements ICommandHandler<CreatePredefinedMessageCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly ids: IdSequences,
  ) {}

  async execute(command: CreatePredefinedMessageCommand): Promise<{ id: number; position: number | null }> {
    const id = await this.ids.next('predefined_message_id_seq');
    const result = await this.events.execute(predefinedMessageStreamId(id), predefinedMessageDecider, {
      type: 'CreatePredefinedMessage',
      id,
      title: command.title,
      message: command.message,
      key: command.key,
    });
    return { id, position: result?.position ?? null };
  }
}
