import { Command } from '@nestjs/cqrs';
import type { ConflictResolutionStrategy, UnitData } from '@user-office/contracts';

/** Imports valid units (contracts' readUnitsImport); `strategies` by unit id, for units that differ. */
export class ImportUnitsCommand extends Command<{ position: number | null }> {
  constructor(
    readonly units: readonly UnitData[],
    readonly strategies: ReadonlyMap<string, ConflictResolutionStrategy>,
  ) {
    super();
  }
}
