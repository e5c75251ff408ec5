import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, HttpStatus, Logger, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ZipFile } from 'yazl';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { Authenticated } from '../../platform/auth/policy.decorators';
import type { SessionUser } from '../../platform/auth/session';
import {
  downloadMessages,
  fileNamePart,
  NO_ATTACHMENTS,
  parseIdList,
  parseQuestionIds,
  proposalFileName,
  UniqueNames,
} from './domain/download-names';
import { setDownloadHeaders } from './download-headers';
import { ProposalDownloads, type LoadedProposal } from './proposal-downloads.service';

/** Types whose content is compressed already: stored in the ZIP as they are. */
const STORED =
  /^(image\/(jpeg|png|gif|webp)|video\/|audio\/|application\/(pdf|zip|gzip|x-7z-compressed|vnd\.openxmlformats))/;

type ZipEntry =
  | { kind: 'pdf'; path: string; loaded: LoadedProposal }
  | {
      kind: 'file';
      path: string;
      compress: boolean;
      content: NonNullable<Awaited<ReturnType<ProposalDownloads['open']>>>;
    };

/**
 * Proposal downloads (§7 Files and downloads), GET with a bearer token:
 * - `/download/pdf/proposal/{ids}`: one PDF of the proposals (ids comma-separated), each from a new page;
 * - `/download/zip/proposal/{ids}`: a streamed ZIP with, per proposal under `<proposalId>/`, its PDF and the
 *   files attached to its FILE_UPLOAD answers;
 * - `/download/zip/attachment/{ids}?questionIds=a,b`: the same ZIP without PDFs, with the files of the given
 *   questions only (all file questions when omitted).
 * Every id must exist (404) and be readable by the caller (403), or nothing is produced; malformed ids: 400.
 * A ZIP with nothing in it answers 404 `{ code: "NO_ATTACHMENTS", message: "No attachments found" }`.
 */
@Controller('download')
export class ProposalDownloadsController {
  private readonly logger = new Logger('Downloads');

  constructor(private readonly downloads: ProposalDownloads) {}

  @Get('pdf/proposal/:ids')
  @Authenticated()
  async pdf(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('ids') ids: string,
    @Res() res: Response,
  ): Promise<void> {
    const proposals = await this.downloads.readable(user, parseIdList(ids));
    const dates = await this.downloads.dateSettings();
    const pdf = await this.downloads.pdf(await this.downloads.load(proposals, dates));
    setDownloadHeaders(res, await this.downloads.fileName(proposals, 'pdf', dates), 'application/pdf');
    res.setHeader('content-length', String(pdf.length));
    res.end(pdf);
  }

  @Get('zip/proposal/:ids')
  @Authenticated()
  async proposalZip(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('ids') ids: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.zip(user, parseIdList(ids), { withPdf: true, questionIds: null }, res);
  }

  @Get('zip/attachment/:ids')
  @Authenticated()
  async attachmentZip(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('ids') ids: string,
    @Query('questionIds') questionIds: unknown,
    @Res() res: Response,
  ): Promise<void> {
    await this.zip(
      user,
      parseIdList(ids),
      { withPdf: false, questionIds: parseQuestionIds(questionIds) },
      res,
    );
  }

  private async zip(
    user: SessionUser | null,
    proposalPks: number[],
    options: { withPdf: boolean; questionIds: string[] | null },
    res: Response,
  ): Promise<void> {
    const proposals = await this.downloads.readable(user, proposalPks);
    const dates = await this.downloads.dateSettings();
    const loaded = await this.downloads.load(proposals, dates);
    const entries = await this.plan(loaded, options);
    if (entries.length === 0) {
      res
        .status(HttpStatus.NOT_FOUND)
        .json({ code: NO_ATTACHMENTS, message: downloadMessages.noAttachments });
      return;
    }
    // the first PDF before the headers: a renderer failure is still a clean error response
    const first = entries[0].kind === 'pdf' ? await this.downloads.pdf([entries[0].loaded]) : null;

    setDownloadHeaders(res, await this.downloads.fileName(proposals, 'zip', dates), 'application/zip');
    const zip = new ZipFile();
    const sent = pipeline(zip.outputStream, res);
    // a client that goes away ends the pipeline; nothing more is rendered for it
    let stopped = false;
    sent.catch(() => {
      stopped = true;
    });
    try {
      const mtime = new Date();
      for (const [index, entry] of entries.entries()) {
        if (stopped) break;
        if (entry.kind === 'pdf') {
          const pdf = index === 0 && first ? first : await this.downloads.pdf([entry.loaded]);
          zip.addBuffer(pdf, entry.path, { compress: false, mtime });
        } else {
          zip.addReadStream(Readable.from(entry.content.chunks()), entry.path, {
            compress: entry.compress,
            size: entry.content.sizeInBytes,
            mtime,
          });
        }
      }
      zip.end();
      await sent;
    } catch (error) {
      // the headers are sent: the client sees a cut download
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        this.logger.warn(`ZIP of proposals ${proposalPks.join(',')} stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }

  /** The entries of the ZIP, in order: per proposal folder, its PDF, then its attachments that still have content. */
  private async plan(
    loaded: readonly LoadedProposal[],
    options: { withPdf: boolean; questionIds: string[] | null },
  ): Promise<ZipEntry[]> {
    const folders = new UniqueNames();
    const entries: ZipEntry[] = [];
    for (const item of loaded) {
      const folder = folders.take(fileNamePart(item.proposal.proposalId) || String(item.proposal.primaryKey));
      const names = new UniqueNames();
      if (options.withPdf)
        entries.push({
          kind: 'pdf',
          path: `${folder}/${names.take(proposalFileName(item.proposal, 'pdf'))}`,
          loaded: item,
        });
      const seen = new Set<string>();
      for (const attachment of item.attachments) {
        if (options.questionIds && !options.questionIds.includes(attachment.questionId)) continue;
        if (seen.has(attachment.fileId)) continue;
        seen.add(attachment.fileId);
        const content = await this.downloads.open(attachment.fileId);
        if (!content) {
          this.logger.warn(
            `File ${attachment.fileId} of proposal ${item.proposal.primaryKey} has no content`,
          );
          continue;
        }
        entries.push({
          kind: 'file',
          path: `${folder}/${names.take(fileNamePart(attachment.fileName, 200) || attachment.fileId)}`,
          compress: !STORED.test(attachment.mimeType),
          content,
        });
      }
    }
    return entries;
  }
}
