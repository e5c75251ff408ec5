import { Command } from '@nestjs/cqrs';
import type { PredefinedMessageKey } from '@user-office/contracts';

export class CreatePredefinedMessageCommand extends Command<{ id: number; position: number | null }> {
  constructor(
    readonly title: string,
    readonly message: string,
    readonly key: PredefinedMessageKey,
  ) {
    super();
  }
}
