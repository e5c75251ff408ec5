import { Command } from '@nestjs/cqrs';

export class DeletePredefinedMessageCommand extends Command<{ position: number | null }> {
  constructor(readonly id: number) {
    super();
  }
}
