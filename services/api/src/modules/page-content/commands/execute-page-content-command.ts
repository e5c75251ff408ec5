import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { pageContentStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { pageContentDecider, type PageContentCommand } from '../domain/page-content.decide';
import { PAGE_CONTENT_PROJECTION } from '../read-models/page-content/page-content.projection';

/**
 * Every command on one content page: load, decide (pure; the decider sanitises the HTML), append; resolves once
 * the page content read model shows it (null when nothing was decided).
 */
export class ExecutePageContentCommand extends Command<AppendResult | null> {
  constructor(readonly command: PageContentCommand) {
    super();
  }
}

@CommandHandler(ExecutePageContentCommand)
export class ExecutePageContentCommandHandler implements ICommandHandler<ExecutePageContentCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecutePageContentCommand): Promise<AppendResult | null> {
    return this.streams.execute(pageContentStreamId(command.pageId), pageContentDecider, command, [
      PAGE_CONTENT_PROJECTION,
    ]);
  }
}
