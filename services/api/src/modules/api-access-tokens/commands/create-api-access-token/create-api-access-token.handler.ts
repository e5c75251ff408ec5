import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { apiAccessTokenStreamId, grantedOperations } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { generateApiAccessToken, hashApiAccessToken } from '../../api-access-token.secret';
import { apiAccessTokenDecider } from '../../domain/api-access-token.decide';
import { RootOperations } from '../../read-models/queries-and-mutations/root-operations';
import { assertKnownOperations } from '../assert-known-operations';
import { IdSequences } from '../../../../platform/database/id-sequences';
import {
  CreateApiAccessTokenCommand,
  type CreateApiAccessTokenResult,
} from './create-api-access-token.command';

@CommandHandler(CreateApiAccessTokenCommand)
export class CreateApiAccessTokenHandler implements ICommandHandler<CreateApiAccessTokenCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly ids: IdSequences,
    private readonly operations: RootOperations,
  ) {}

  async execute(command: CreateApiAccessTokenCommand): Promise<CreateApiAccessTokenResult> {
    assertKnownOperations(command.accessPermissions, this.operations.all());
    const id = await this.ids.next('api_access_token_id_seq');
    const accessToken = generateApiAccessToken();
    const result = await this.events.execute(apiAccessTokenStreamId(id), apiAccessTokenDecider, {
      type: 'CreateApiAccessToken',
      id,
      name: command.name,
      tokenHash: hashApiAccessToken(accessToken),
      accessPermissions: grantedOperations(command.accessPermissions),
    });
    if (!result) throw new Error(`API access token ${id}: creating it appended nothing`);
    return { id, accessToken, position: result.position };
  }
}
