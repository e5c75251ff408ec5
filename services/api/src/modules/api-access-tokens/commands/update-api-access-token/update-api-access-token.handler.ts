import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { apiAccessTokenStreamId, grantedOperations } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { apiAccessTokenDecider } from '../../domain/api-access-token.decide';
import { RootOperations } from '../../read-models/queries-and-mutations/root-operations';
import { assertKnownOperations } from '../assert-known-operations';
import { UpdateApiAccessTokenCommand } from './update-api-access-token.command';

@CommandHandler(UpdateApiAccessTokenCommand)
export class UpdateApiAccessTokenHandler implements ICommandHandler<UpdateApiAccessTokenCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly operations: RootOperations,
  ) {}

  async execute(command: UpdateApiAccessTokenCommand): Promise<{ position: number | null }> {
    assertKnownOperations(command.accessPermissions, this.operations.all());
    const result = await this.events.execute(
      apiAccessTokenStreamId(command.accessTokenId),
      apiAccessTokenDecider,
      {
        type: 'UpdateApiAccessToken',
        id: command.accessTokenId,
        name: command.name,
        accessPermissions: grantedOperations(command.accessPermissions),
      },
    );
    return { position: result?.position ?? null };
  }
}
