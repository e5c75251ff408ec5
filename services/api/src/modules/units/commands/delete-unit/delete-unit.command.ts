import { Command } from '@nestjs/cqrs';

export class DeleteUnitCommand extends Command<{ position: number | null }> {
  constructor(readonly id: string) {
    super();
  }
}
