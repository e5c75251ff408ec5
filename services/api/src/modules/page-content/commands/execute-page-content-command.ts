import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { pageContentStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
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
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ command }: ExecutePageContentCommand): Promise<AppendResult | null> {
    const streamId = pageContentStreamId(command.pageId);
    const result = await this.events.execute(streamId, pageContentDecider, command);
    if (result) await this.projections.waitFor(result.position, [PAGE_CONTENT_PROJECTION]);
    return result;
  }
}
