import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { statusActionsLogStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { statusActionsLogDecider, type StatusActionsLogCommand } from '../domain/status-actions-log.decide';

/** A command on one status actions log entry: load, decide (pure), append with the expected version. */
export class ExecuteStatusActionsLogCommand extends Command<AppendResult | null> {
  constructor(
    readonly logKey: string,
    readonly command: StatusActionsLogCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteStatusActionsLogCommand)
export class ExecuteStatusActionsLogCommandHandler implements ICommandHandler<ExecuteStatusActionsLogCommand> {
  constructor(private readonly events: EventSourcing) {}

  execute({ logKey, command }: ExecuteStatusActionsLogCommand): Promise<AppendResult | null> {
    return this.events.execute(statusActionsLogStreamId(logKey), statusActionsLogDecider, command);
  }
}
