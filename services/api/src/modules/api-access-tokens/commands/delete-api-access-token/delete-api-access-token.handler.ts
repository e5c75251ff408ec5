import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { apiAccessTokenStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { apiAccessTokenDecider } from '../../domain/api-access-token.decide';
import { DeleteApiAccessTokenCommand } from './delete-api-access-token.command';

@CommandHandler(DeleteApiAccessTokenCommand)
export class DeleteApiAccessTokenHandler implements ICommandHandler<DeleteApiAccessTokenCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: DeleteApiAccessTokenCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(
      apiAccessTokenStreamId(command.accessTokenId),
      apiAccessTokenDecider,
      { type: 'DeleteApiAccessToken', id: command.accessTokenId },
    );
    return { position: result?.position ?? null };
  }
}
