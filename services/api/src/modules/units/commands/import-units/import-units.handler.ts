import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictResolutionStrategy, unitStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { conflict } from '../../../../platform/errors/app-error';
import { ConcurrencyError, type NewEvent } from '../../../../platform/event-store/event-store.port';
import { unitDecider } from '../../domain/unit.decide';
import { ImportUnitsCommand } from './import-units.command';

/**
 * One `UnitImported` per new or replaced unit, on that unit's stream. Every unit is decided before the first
 * append, so a rule broken by any of them (an unresolved conflict) appends nothing; only a concurrent change
 * between deciding and appending can leave an import half done, and is reported as such.
 */
@CommandHandler(ImportUnitsCommand)
export class ImportUnitsHandler implements ICommandHandler<ImportUnitsCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: ImportUnitsCommand): Promise<{ position: number | null }> {
    const decided: { streamId: string; events: NewEvent[]; version: number }[] = [];
    for (const unit of command.units) {
      const streamId = unitStreamId(unit.id);
      const { state, version } = await this.events.load(
        streamId,
        unitDecider.initialState,
        unitDecider.evolve,
      );
      const strategy = command.strategies.get(unit.id) ?? ConflictResolutionStrategy.UNRESOLVED;
      const events = unitDecider.decide({ type: 'ImportUnit', unit, strategy }, state);
      if (events.length > 0) decided.push({ streamId, events, version });
    }

    let position: number | null = null;
    for (const [index, { streamId, events, version }] of decided.entries()) {
      try {
        position = (await this.events.append(streamId, events, version)).position;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        throw conflict(
          `A unit was changed by someone else during the import (${index} of ${decided.length} units were ` +
            'imported). Check the file again and import it again.',
        );
      }
    }
    return { position };
  }
}
