import { Command } from '@nestjs/cqrs';

export class DeleteInstitutionCommand extends Command<{ position: number | null }> {
  constructor(readonly id: number) {
    super();
  }
}
