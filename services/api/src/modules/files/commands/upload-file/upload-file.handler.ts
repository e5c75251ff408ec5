import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fileStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { fileAlreadyUploaded, fileDecider } from '../../domain/file.decide';
import { UploadFileCommand } from './upload-file.command';

@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute({ file }: UploadFileCommand): Promise<{ position: number }> {
    const result = await this.events.execute(fileStreamId(file.fileId), fileDecider, {
      type: 'UploadFile',
      ...file,
    });
    if (!result) throw fileAlreadyUploaded();
    return { position: result.position };
  }
}
