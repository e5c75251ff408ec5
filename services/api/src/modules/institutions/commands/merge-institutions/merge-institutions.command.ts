import { Command } from '@nestjs/cqrs';

export class MergeInstitutionsCommand extends Command<{ position: number | null }> {
  constructor(
    readonly institutionIdFrom: number,
    readonly institutionIdInto: number,
    readonly newTitle: string,
  ) {
    super();
  }
}
