import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fileStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
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
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteFileCommand): Promise<AppendResult | null> {
    return this.streams.execute(fileStreamId(command.fileId), fileDecider, command, [FILES_PROJECTION]);
  }
}
