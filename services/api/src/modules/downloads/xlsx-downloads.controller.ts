import { Controller, Get, Logger, Param, Res } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../platform/auth/policy.decorators';
import type { SessionUser } from '../../platform/auth/session';
import { formatDate } from './domain/format-date';
import { parseIdList, proposalFileName, severalProposalsFileName } from './domain/download-names';
import { proposalSheet, techniqueSheet, type SheetCell, type SheetColumn } from './domain/xlsx-sheets';
import { setDownloadHeaders } from './download-headers';
import { ProposalDownloads } from './proposal-downloads.service';
import { XlsxDownloads } from './xlsx-downloads.service';
import { streamSheet } from './xlsx-stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How many proposals one sheet may name (ranges `a-b` keep the address short). */
export const MAX_XLSX_IDS = 100_000;

/**
 * The XLSX downloads (§7), streamed row batch by row batch with exceljs:
 * - `/download/xlsx/proposal/{ids}` (officers): Proposal ID, Title, Principal Investigator, Instrument, Technical
 *   status, Technical comment, Time (in the call's unit), Comment for management, Decision;
 * - `/download/xlsx/technique/{ids}` (officers and instrument scientists; a scientist only of proposals the one read
 *   rule lets them read: those of their instruments and techniques, or whose technical review they are assigned):
 *   Proposal ID, Title, PI, PI e-mail, Date submitted, Technique, Instrument, Status.
 * Ids are comma-separated, ranges allowed (`1-10000`). A sheet is a list: a scientist's leaves out the proposals they
 * may not read and those that do not exist, and one left with none is refused as the proposal itself is (403 "You
 * may not see this proposal"); officers get every proposal named, or 404 "Proposal not found" when one does not
 * exist (nothing written).
 */
@Controller('download/xlsx')
export class XlsxDownloadsController {
  private readonly logger = new Logger('Downloads');

  constructor(
    private readonly sheets: XlsxDownloads,
    private readonly downloads: ProposalDownloads,
  ) {}

  @Get('proposal/:ids')
  @RolesAllowed(Role.USER_OFFICER)
  async proposals(@Param('ids') ids: string, @Res() res: Response): Promise<void> {
    const { pks, units } = await this.sheets.readable(null, parseIdList(ids, MAX_XLSX_IDS));
    const sheet = proposalSheet(units);
    await this.send(res, pks, 'Proposals', sheet.columns, sheet.rows, this.sheets.proposalItems(pks));
  }

  @Get('technique/:ids')
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async techniques(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('ids') ids: string,
    @Res() res: Response,
  ): Promise<void> {
    const { pks } = await this.sheets.readable(user, parseIdList(ids, MAX_XLSX_IDS));
    const sheet = techniqueSheet(await this.downloads.dateSettings());
    await this.send(
      res,
      pks,
      'Technique proposals',
      sheet.columns,
      sheet.rows,
      this.sheets.techniqueItems(pks),
    );
  }

  private async send<T>(
    res: Response,
    pks: readonly number[],
    sheetName: string,
    columns: readonly SheetColumn[],
    rows: (item: T) => SheetCell[][],
    items: AsyncIterable<readonly T[]>,
  ): Promise<void> {
    const dates = await this.downloads.dateSettings();
    const fileName =
      pks.length === 1
        ? proposalFileName(await this.sheets.first(pks[0]), 'xlsx')
        : sheetName === 'Proposals'
          ? severalProposalsFileName('xlsx', new Date(), dates.timeZone)
          : `technique_proposals_${formatDate(new Date(), 'yyyy-MM-dd', dates.timeZone)}.xlsx`;
    setDownloadHeaders(res, fileName, XLSX);
    try {
      await streamSheet(res, sheetName, columns, rows, items);
      res.end();
    } catch (error) {
      // the headers are sent: the client sees a cut download
      this.logger.warn(`XLSX of ${pks.length} proposals stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
