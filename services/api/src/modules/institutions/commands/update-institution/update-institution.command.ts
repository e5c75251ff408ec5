import { Command } from '@nestjs/cqrs';

export class UpdateInstitutionCommand extends Command<{ position: number | null }> {
  constructor(
    readonly id: number,
    readonly name: string,
    readonly country: number,
    readonly rorId: string | null,
  ) {
    super();
  }
}
