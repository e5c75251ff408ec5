import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { apiAccessTokenStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { apiAccessTokenDecider, type ApiAccessTokenCommand } from '../domain/api-access-token.decide';
import { API_ACCESS_TOKENS_PROJECTION } from '../read-models/api-access-tokens/api-access-tokens.projection';

/**
 * Every command on one API access token: load, decide (pure), append; resolves once the API access tokens
 * read model shows it (null when nothing was decided).
 */
export class ExecuteApiAccessTokenCommand extends Command<AppendResult | null> {
  constructor(readonly command: ApiAccessTokenCommand) {
    super();
  }
}

@CommandHandler(ExecuteApiAccessTokenCommand)
export class ExecuteApiAccessTokenCommandHandler implements ICommandHandler<ExecuteApiAccessTokenCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteApiAccessTokenCommand): Promise<AppendResult | null> {
    return this.streams.execute(apiAccessTokenStreamId(command.id), apiAccessTokenDecider, command, [
      API_ACCESS_TOKENS_PROJECTION,
    ]);
  }
}
