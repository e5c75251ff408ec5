import { Command } from '@nestjs/cqrs';
import type { UnitData } from '@user-office/contracts';

export class CreateUnitCommand extends Command<{ position: number | null }> {
  constructor(readonly unit: UnitData) {
    super();
  }
}
