import { Command } from '@nestjs/cqrs';
import type { PredefinedMessageKey } from '@user-office/contracts';

export class UpdatePredefinedMessageCommand extends Command<{ position: number | null }> {
  constructor(
    readonly id: number,
    readonly title: string,
    readonly message: string,
    /** undefined keeps the current key */
    readonly key: PredefinedMessageKey | undefined,
  ) {
    super();
  }
}
