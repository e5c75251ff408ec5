import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { pageContentStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { pageContentDecider } from '../../domain/page-content.decide';
import { SetPageContentCommand } from './set-page-content.command';

@CommandHandler(SetPageContentCommand)
export class SetPageContentHandler implements ICommandHandler<SetPageContentCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: SetPageContentCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(pageContentStreamId(command.pageId), pageContentDecider, {
      type: 'SetPageContent',
      pageId: command.pageId,
      content: command.content,
    });
    return { position: result?.position ?? null };
  }
}
