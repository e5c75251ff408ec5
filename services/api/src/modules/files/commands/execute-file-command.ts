import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fileStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { fileDecider, type FileCommand } from '../domain/file.decide';
import { FILES_PROJECTION } from '../read-models/files/files.projection';

/**
 * Every command on one file's record (its content is stored before): load, decide (pure), append; resolves once
 * the files read model shows it (null when nothing was decided).
 */
export class ExecuteFileCommand extends Command<AppendResult | null> {
  constructor(readonly command: FileCommand) {
    super();
  }
}

@CommandHandler(ExecuteFileCommand)
export class ExecuteFileCommandHandler implements ICommandHandler<ExecuteFileCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ command }: ExecuteFileCommand): Promise<AppendResult | null> {
    const result = await this.events.execute(fileStreamId(command.fileId), fileDecider, command);
    if (result) await this.projections.waitFor(result.position, [FILES_PROJECTION]);
    return result;
  }
}
