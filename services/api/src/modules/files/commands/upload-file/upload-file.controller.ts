import { Controller, HttpCode, Post, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { fileMessages } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { badInput } from '../../../../platform/errors/app-error';
import { FilesService, toFileMetadata, type FileMetadata } from '../../files.service';
import { UploadErrorsFilter } from './upload-errors.filter';

/** The form field that carries the file (§7). */
export const UPLOAD_FIELD = 'file';

/** What multer's memory storage gives the route (the fields used here). */
interface ReceivedFile {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/**
 * `POST /files/upload`, multipart with the file in the field `file` (limits: FilesModule's multer options):
 * answers 200 with the file's metadata (§3) as JSON. The guard runs first, so an anonymous upload is refused
 * before its body is read.
 */
@Controller('files')
export class UploadFileController {
  constructor(private readonly files: FilesService) {}

  @Post('upload')
  @HttpCode(200)
  @Authenticated()
  @UseFilters(UploadErrorsFilter)
  @UseInterceptors(FileInterceptor(UPLOAD_FIELD))
  async upload(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @UploadedFile() file: ReceivedFile | undefined,
  ): Promise<FileMetadata> {
    if (!file) throw badInput(fileMessages.fileRequired, { file: fileMessages.fileRequired });
    const record = await this.files.upload(
      { fileName: file.originalname, claimedMimeType: file.mimetype, bytes: file.buffer },
      user?.id ?? null,
    );
    return toFileMetadata(record);
  }
}
