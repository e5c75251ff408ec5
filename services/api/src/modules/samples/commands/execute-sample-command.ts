import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sampleStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { sampleDecider, type SampleCommand } from '../domain/sample.decide';
import { SAMPLES_PROJECTION } from '../read-models/samples/samples.projection';

/** Every command on one sample: load, decide (pure), append; resolves once the samples read model shows it. */
export class ExecuteSampleCommand extends Command<AppendResult | null> {
  constructor(
    readonly sampleId: number,
    readonly command: SampleCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteSampleCommand)
export class ExecuteSampleCommandHandler implements ICommandHandler<ExecuteSampleCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ sampleId, command }: ExecuteSampleCommand): Promise<AppendResult | null> {
    const result = await this.events.execute(sampleStreamId(sampleId), sampleDecider, command);
    if (result) await this.projections.waitFor(result.position, [SAMPLES_PROJECTION]);
    return result;
  }
}
