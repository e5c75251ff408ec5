import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  parseDummyData,
  PDF_TEMPLATE_PARTS,
  pdfTemplateMessages,
  pdfTemplatePreviewSchema,
  Role,
} from '@user-office/contracts';
import type { Response } from 'express';
import { RolesAllowed } from '../../platform/auth/policy.decorators';
import { badInput } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { setDownloadHeaders } from './download-headers';
import { buildTemplatePreviewDocument, PdfTemplatePartError } from './domain/proposal-html';
import { PdfRenderer } from './pdf-renderer';

/**
 * The PDF template editor's preview (`/console/PdfTemplateEditor/{id}`): `POST /download/pdf/template-preview` with
 * JSON `{ templateData, templateHeader, templateFooter, templateSampleDeclaration, dummyData }` (the unsaved texts;
 * the request body at most 100 kB, each part within the limits updatePdfTemplate has) answers `application/pdf`,
 * printed by the same Handlebars and Chromium as a proposal's PDF. Officers only. Dummy data that is not a JSON
 * object, or a part that does not compile or run, is a 400 `BAD_USER_INPUT` whose message names the part and
 * Handlebars' reason (`fieldErrors` keyed by the part).
 */
@Controller('download')
export class PdfTemplatePreviewController {
  constructor(private readonly renderer: PdfRenderer) {}

  @Post('pdf/template-preview')
  @HttpCode(HttpStatus.OK)
  @RolesAllowed(Role.USER_OFFICER)
  async preview(@Body() body: unknown, @Res() res: Response): Promise<void> {
    const input = await validateInput(pdfTemplatePreviewSchema, body ?? {});
    const data = parseDummyData(input.dummyData);
    if (!data.ok) throw badInput(data.message, { dummyData: data.message });
    let document;
    try {
      document = buildTemplatePreviewDocument(input, data.value);
    } catch (error) {
      if (!(error instanceof PdfTemplatePartError)) throw error;
      const message = pdfTemplateMessages.partFailed(PDF_TEMPLATE_PARTS[error.part], error.reason);
      throw badInput(message, { [error.part]: message });
    }
    const pdf = await this.renderer.render(document.html, {
      headerTemplate: document.headerTemplate,
      footerTemplate: document.footerTemplate,
    });
    setDownloadHeaders(res, 'pdf-template-preview.pdf', 'application/pdf', 'inline');
    res.setHeader('content-length', String(pdf.length));
    res.end(pdf);
  }
}
