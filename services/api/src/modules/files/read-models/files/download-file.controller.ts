import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Logger, Param, Res } from '@nestjs/common';
import { fileMessages } from '@user-office/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { notFound } from '../../../../platform/errors/app-error';
import { FileAccessRules } from '../../files.policy';
import { FILE_CONTENT_STORE, type FileContentStore } from '../../storage/file-content-store.port';
import { FilesRepository } from './files.repository';

/** RFC 5987 `ext-value` characters: what encodeURIComponent leaves, less `'()*`. */
const rfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The plain `filename=` for old clients: printable ASCII, quotes and backslashes replaced. */
const asciiFallback = (value: string): string => value.replace(/[^\x20-\x7e]|["\\%]/g, '_');

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266). */
export const contentDisposition = (fileName: string): string =>
  `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${rfc5987(fileName)}`;

/**
 * `GET /files/download/{fileId}`: the content, streamed in the stored chunks, as an attachment with the
 * original name (`content-disposition`, and URL-encoded in `x-download-filename`, which the frontends read).
 * 404 when unknown; 403 unless the caller may see the file (FileAccessRules).
 */
@Controller('files')
export class DownloadFileController {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly repository: FilesRepository,
    private readonly access: FileAccessRules,
    @Inject(FILE_CONTENT_STORE) private readonly contents: FileContentStore,
  ) {}

  @Get('download/:fileId')
  @Authenticated()
  async download(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('fileId') fileId: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.repository.byId(fileId);
    if (!file) throw notFound(fileMessages.notFound);
    await this.access.assertMayRead(user, file);
    const content = await this.contents.open(fileId);
    if (!content) throw notFound(fileMessages.notFound);

    res.status(200);
    res.setHeader('content-type', file.mimeType);
    res.setHeader('content-length', String(content.sizeInBytes));
    res.setHeader('content-disposition', contentDisposition(file.originalFileName));
    res.setHeader('x-download-filename', encodeURIComponent(file.originalFileName));
    res.setHeader('access-control-expose-headers', 'content-disposition, x-download-filename');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', 'private, no-store');
    try {
      await pipeline(Readable.from(content.chunks()), res);
    } catch (error) {
      // the headers are sent: the client sees a cut download; a client that went away is not worth a warning
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        this.logger.warn(`Download of file ${fileId} stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
