import { Command } from '@nestjs/cqrs';

export class CreateInstitutionCommand extends Command<{ id: number; position: number | null }> {
  constructor(
    readonly name: string,
    readonly country: number,
    readonly rorId: string | null,
  ) {
    super();
  }
}
