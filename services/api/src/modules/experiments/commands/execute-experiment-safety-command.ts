import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { experimentSafetyStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { experimentSafetyDecider, type ExperimentSafetyCommand } from '../domain/experiment-safety.decide';
import { EXPERIMENT_SAFETY_PROJECTION } from '../read-models/experiment-safety/experiment-safety.projection';

/**
 * One command on the safety input of one experiment (`experiment-safety-<experimentPk>`). `dryRun`: decide only
 * (throws the rule broken, appends nothing) — a use case that must create a questionary first asks this before,
 * so a refusal leaves no questionary behind. Resolves once the read model shows the change (null: nothing).
 */
export class ExecuteExperimentSafetyCommand extends Command<AppendResult | null> {
  constructor(
    readonly experimentPk: number,
    readonly command: ExperimentSafetyCommand,
    readonly dryRun = false,
  ) {
    super();
  }
}

@CommandHandler(ExecuteExperimentSafetyCommand)
export class ExecuteExperimentSafetyCommandHandler implements ICommandHandler<ExecuteExperimentSafetyCommand> {
  constructor(
    private readonly streams: StreamCommands,
    private readonly events: EventSourcing,
  ) {}

  async execute({
    experimentPk,
    command,
    dryRun,
  }: ExecuteExperimentSafetyCommand): Promise<AppendResult | null> {
    const streamId = experimentSafetyStreamId(experimentPk);
    if (dryRun) {
      const { state } = await this.events.load(
        streamId,
        experimentSafetyDecider.initialState,
        experimentSafetyDecider.evolve,
      );
      experimentSafetyDecider.decide(command, state);
      return null;
    }
    return this.streams.execute(streamId, experimentSafetyDecider, command, [EXPERIMENT_SAFETY_PROJECTION]);
  }
}
