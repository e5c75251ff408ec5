import { Controller, Get, Logger, Param, ParseIntPipe, Res } from '@nestjs/common';
import { FeatureId } from '@user-office/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../platform/auth/session';
import { forbidden } from '../../../platform/errors/app-error';
import { newWorkbookWriter, setDownloadHeaders, type WorkbookWriter } from '../../downloads';
import { FAP_STAFF } from '../faps.policy';
import { FapsService } from '../faps.service';
import { FapSheets } from './fap-sheets';
import { fapResultsColumns, fapSheetColumns, safeSheetName } from './fap-sheet-rows';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The FAP spreadsheets (§7), streamed with exceljs:
 * - `/download/xlsx/fap/{fapId}/call/{callId}` → `Fap-<code>-<callShortCode>.xlsx`, a sheet per instrument;
 * - `/download/xlsx/call_fap/{callId}` → `<callShortCode>_FAP_Results.xlsx`, a sheet per panel with an instrument
 *   heading row before its rows.
 * Officers; the panel's chairs and secretaries (call_fap: their panels only; none → 403).
 */
@Controller('download/xlsx')
export class FapXlsxController {
  private readonly logger = new Logger('Downloads');

  constructor(
    private readonly service: FapsService,
    private readonly sheets: FapSheets,
  ) {}

  @Get('fap/:fapId/call/:callId')
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async fap(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('fapId', ParseIntPipe) fapId: number,
    @Param('callId', ParseIntPipe) callId: number,
    @Res() res: Response,
  ): Promise<void> {
    const fap = await this.service.existingFap(fapId);
    await this.service.assertStaffOf(user, fapId);
    const call = await this.sheets.call(callId);
    const groups = await this.sheets.byInstrument(fapId, callId);
    await this.write(res, `Fap-${fap.code}-${call.shortCode}.xlsx`, async (workbook) => {
      const used = new Set<string>();
      for (const group of groups) {
        const sheet = workbook.addWorksheet(safeSheetName(group.instrumentName, used));
        sheet.columns = fapSheetColumns.map((c) => ({ header: c.header, width: c.width }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        for (const row of group.rows) sheet.addRow(fapSheetColumns.map((c) => c.value(row))).commit();
        sheet.commit();
      }
    });
  }

  @Get('call_fap/:callId')
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async callFap(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('callId', ParseIntPipe) callId: number,
    @Res() res: Response,
  ): Promise<void> {
    const call = await this.sheets.call(callId);
    const actor = await this.service.actor(user);
    const faps = (await this.sheets.fapsOfCall(callId)).filter(
      (f) => actor.isOfficer || actor.staffOfFapIds.includes(f.id),
    );
    if (!actor.isOfficer && faps.length === 0) throw forbidden();
    const groupsByFap: {
      fap: { id: number; code: string };
      groups: Awaited<ReturnType<FapSheets['byInstrument']>>;
    }[] = [];
    for (const fap of faps) groupsByFap.push({ fap, groups: await this.sheets.byInstrument(fap.id, callId) });
    await this.write(res, `${call.shortCode}_FAP_Results.xlsx`, async (workbook) => {
      const used = new Set<string>();
      for (const { fap, groups } of groupsByFap) {
        const sheet = workbook.addWorksheet(safeSheetName(fap.code, used));
        sheet.columns = fapResultsColumns.map((c) => ({ header: c.header, width: c.width }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        for (const group of groups) {
          const heading = sheet.addRow([group.instrumentName]);
          heading.font = { bold: true };
          heading.commit();
          for (const row of group.rows) sheet.addRow(fapResultsColumns.map((c) => c.value(row))).commit();
        }
        sheet.commit();
      }
    });
  }

  private async write(
    res: Response,
    fileName: string,
    fill: (workbook: WorkbookWriter) => Promise<void>,
  ): Promise<void> {
    setDownloadHeaders(res, fileName, XLSX);
    try {
      const workbook = newWorkbookWriter(res);
      await fill(workbook);
      await workbook.commit();
      res.end();
    } catch (error) {
      this.logger.warn(`FAP XLSX ${fileName} stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
