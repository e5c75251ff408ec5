import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { unitStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { conflict } from '../../../platform/errors/app-error';
import {
  ConcurrencyError,
  type AppendResult,
  type NewEvent,
} from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { unitDecider, type UnitCommand } from '../domain/unit.decide';
import { UNITS_PROJECTION } from '../read-models/units/units.projection';

type ImportUnit = Extract<UnitCommand, { type: 'ImportUnit' }>;

const unitIdOf = (command: UnitCommand): string =>
  command.type === 'DeleteUnit' ? command.id : command.unit.id;

/**
 * Every command on one unit: load, decide (pure), append; resolves once the units read model shows it. An
 * import is one `ImportUnit` per unit of the file, each on its unit's stream: every unit is decided before the
 * first append, so a rule broken by any of them (an unresolved conflict) appends nothing; only a concurrent
 * change between deciding and appending can leave an import half done, and is reported as such.
 */
export class ExecuteUnitCommand extends Command<AppendResult | null> {
  constructor(
    readonly target:
      { kind: 'unit'; command: UnitCommand } | { kind: 'import'; commands: readonly ImportUnit[] },
  ) {
    super();
  }
}

@CommandHandler(ExecuteUnitCommand)
export class ExecuteUnitCommandHandler implements ICommandHandler<ExecuteUnitCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ target }: ExecuteUnitCommand): Promise<AppendResult | null> {
    const result =
      target.kind === 'unit'
        ? await this.events.execute(unitStreamId(unitIdOf(target.command)), unitDecider, target.command)
        : await this.import(target.commands);
    if (result) await this.projections.waitFor(result.position, [UNITS_PROJECTION]);
    return result;
  }

  private async import(commands: readonly ImportUnit[]): Promise<AppendResult | null> {
    const decided: { streamId: string; events: NewEvent[]; version: number }[] = [];
    for (const command of commands) {
      const streamId = unitStreamId(unitIdOf(command));
      const { state, version } = await this.events.load(
        streamId,
        unitDecider.initialState,
        unitDecider.evolve,
      );
      const events = unitDecider.decide(command, state);
      if (events.length > 0) decided.push({ streamId, events, version });
    }

    let last: AppendResult | null = null;
    for (const [index, { streamId, events, version }] of decided.entries()) {
      try {
        last = await this.events.append(streamId, events, version);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        throw conflict(
          `A unit was changed by someone else during the import (${index} of ${decided.length} units were ` +
            'imported). Check the file again and import it again.',
        );
      }
    }
    return last;
  }
}
