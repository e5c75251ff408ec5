import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { experimentStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { experimentDecider, type ExperimentCommand } from '../domain/experiment.decide';
import { EXPERIMENTS_PROJECTION } from '../read-models/experiments/experiments.projection';

/**
 * One command on one experiment's stream. `experimentPk` 0 stands for "no experiment" (a scheduler message for
 * an event that has none): the command is decided on the empty state and nothing is appended (it refuses, or
 * decides nothing). Resolves once the experiments read model shows the change (null: nothing decided).
 */
export class ExecuteExperimentCommand extends Command<AppendResult | null> {
  constructor(readonly command: ExperimentCommand) {
    super();
  }
}

@CommandHandler(ExecuteExperimentCommand)
export class ExecuteExperimentCommandHandler implements ICommandHandler<ExecuteExperimentCommand> {
  constructor(private readonly streams: StreamCommands) {}

  async execute({ command }: ExecuteExperimentCommand): Promise<AppendResult | null> {
    if (command.experimentPk === 0) {
      if (experimentDecider.decide(command, experimentDecider.initialState).length > 0)
        throw new Error('An experiment needs a pk before anything is appended for it');
      return null;
    }
    return this.streams.execute(experimentStreamId(command.experimentPk), experimentDecider, command, [
      EXPERIMENTS_PROJECTION,
    ]);
  }
}
