import { Module } from '@nestjs/common';
import { CallsModule } from '../calls';
import { ExperimentsModule } from '../experiments';
import { FilesModule } from '../files';
import { GenericTemplatesModule } from '../generic-templates';
import { InstitutionsModule } from '../institutions';
import { InstrumentsModule } from '../instruments';
import { ProposalViewsModule } from '../proposal-views';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule } from '../questionaries';
import { SamplesModule } from '../samples';
import { SettingsModule } from '../settings';
import { ShipmentsModule } from '../shipments';
import { TechnicalReviewsModule } from '../technical-reviews';
import { TemplatesModule } from '../templates';
import { UsersModule } from '../users';
import { GenericTemplateDownloadsController } from './generic-template-downloads.controller';
import { PdfRenderer } from './pdf-renderer';
import { PdfTemplatePreviewController } from './pdf-template-preview.controller';
import { ProposalDownloadsController } from './proposal-downloads.controller';
import { ProposalDownloads } from './proposal-downloads.service';
import { ProposalsWithAttachmentsResolver } from './proposals-with-attachments.resolver';
import { SampleDownloadsController } from './sample-downloads.controller';
import { ShipmentDownloadsController } from './shipment-downloads.controller';
import { XlsxDownloadsController } from './xlsx-downloads.controller';
import { XlsxDownloads } from './xlsx-downloads.service';

/**
 * Downloads (§7 Files and downloads, §8 Downloads): proposal PDFs printed from the call's PDF template (or a
 * built-in layout) by one shared Chromium, and streamed proposal / attachment ZIPs. REST, GET with a bearer
 * token, the file name in `x-download-filename`; the sample, shipment label and sub template PDFs; the proposal and technique XLSX sheets streamed by exceljs; and the PDF template editor's preview (POST, officers).
 */
@Module({
  imports: [
    CallsModule,
    ExperimentsModule,
    FilesModule,
    GenericTemplatesModule,
    InstitutionsModule,
    InstrumentsModule,
    ProposalsModule,
    ProposalViewsModule,
    QuestionariesModule,
    SamplesModule,
    SettingsModule,
    ShipmentsModule,
    TechnicalReviewsModule,
    TemplatesModule,
    UsersModule,
  ],
  controllers: [
    ProposalDownloadsController,
    XlsxDownloadsController,
    PdfTemplatePreviewController,
    SampleDownloadsController,
    ShipmentDownloadsController,
    GenericTemplateDownloadsController,
  ],
  providers: [PdfRenderer, ProposalDownloads, XlsxDownloads, ProposalsWithAttachmentsResolver],
  exports: [PdfRenderer],
})
export class DownloadsModule {}
