import { Command } from '@nestjs/cqrs';
import type { PageName } from '@user-office/contracts';

export class SetPageContentCommand extends Command<{ position: number | null }> {
  constructor(
    readonly pageId: PageName,
    /** HTML as sent: the decider sanitises it */
    readonly content: string,
  ) {
    super();
  }
}
