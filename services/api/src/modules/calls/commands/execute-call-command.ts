import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { callStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { callDecider, type CallCommand } from '../domain/call.decide';
import { CALLS_PROJECTION } from '../read-models/calls/calls.projection';

/** Every command on one call: load, decide (pure), append; resolves once the calls read model shows it. */
export class ExecuteCallCommand extends Command<{ position: number | null }> {
  constructor(
    readonly callId: number,
    readonly command: CallCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteCallCommand)
export class ExecuteCallCommandHandler implements ICommandHandler<ExecuteCallCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ callId, command }: ExecuteCallCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(callStreamId(callId), callDecider, command);
    if (!result) return { position: null };
    await this.projections.waitFor(result.position, [CALLS_PROJECTION]);
    return { position: result.position };
  }
}
