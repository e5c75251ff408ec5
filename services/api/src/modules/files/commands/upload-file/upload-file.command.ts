import { Command } from '@nestjs/cqrs';
import type { FileUploadedData } from '@user-office/contracts';

/** Records an uploaded file whose content is already stored under `file.fileId`. */
export class UploadFileCommand extends Command<{ position: number }> {
  constructor(readonly file: FileUploadedData) {
    super();
  }
}
