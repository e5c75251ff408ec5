import { Controller, Get, Param, Res } from '@nestjs/common';
import { proposalRuleMessages, Role, SettingsId, shipmentRuleMessages } from '@user-office/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { Authenticated } from '../../platform/auth/policy.decorators';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { ExperimentsRepository } from '../experiments';
import { ProposalReaders } from '../proposals';
import { SamplesRepository } from '../samples';
import { SettingsRepository } from '../settings';
import { ShipmentsRepository } from '../shipments';
import { fileNamePart, parseIdList } from './domain/download-names';
import { formatDate } from './domain/format-date';
import { addressLines, shipmentBarcodeSvg, shipmentLabelHtml } from './domain/shipment-label-html';
import { setDownloadHeaders } from './download-headers';
import { PdfRenderer } from './pdf-renderer';
import { ProposalDownloads } from './proposal-downloads.service';

/**
 * `/download/pdf/shipment-label/{id}` (§3 download kinds, §7 Files and downloads): the label to stick on a
 * shipment's parcel — the facility's name and address (ORGANISATION_NAME, FACILITY_ADDRESS), a Code 128 barcode of
 * the shipment id and the id in text, the shipment, its proposal (and experiment) and its samples. Who may read the
 * shipment's proposal may download it, as the proposal and sample PDFs: officers every one, the proposal's members
 * theirs; an API token that names the route every one.
 */
@Controller('download')
export class ShipmentDownloadsController {
  constructor(
    private readonly downloads: ProposalDownloads,
    private readonly shipments: ShipmentsRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly samples: SamplesRepository,
    private readonly settings: SettingsRepository,
    private readonly renderer: PdfRenderer,
    private readonly readers: ProposalReaders,
  ) {}

  /** The label's HTML (also what the benchmark prints): NOT_FOUND, FORBIDDEN as the download. */
  async labelHtml(user: SessionUser | null, shipmentId: number): Promise<{ html: string; fileName: string }> {
    const shipment = await this.shipments.get(shipmentId);
    if (!shipment) {
      this.readers.missing(user);
      throw notFound(shipmentRuleMessages.notFound);
    }
    // shipments are the proposal's members' (and officers'): other readers of the proposal are refused alike
    if (user && user.currentRole !== Role.USER_OFFICER && user.currentRole !== Role.USER)
      throw forbidden(proposalRuleMessages.mayNotRead);
    const [proposal] = await this.downloads.readable(user, [shipment.proposalPk]);
    const settings = new Map((await this.settings.settings()).map((s) => [s.id, s.settingsValue]));
    const dates = await this.downloads.dateSettings();
    const experiment =
      shipment.experimentPk === null ? null : await this.experiments.get(shipment.experimentPk);
    const samples = (await Promise.all(shipment.sampleIds.map((id) => this.samples.sample(id)))).flatMap(
      (s) => (s && !s.deleted ? [{ id: s.id, title: s.title }] : []),
    );
    const html = shipmentLabelHtml(
      {
        shipment: {
          id: shipment.id,
          title: shipment.title,
          status: shipment.status,
          created: formatDate(shipment.created, dates.dateFormat, dates.timeZone),
        },
        facility: {
          name: settings.get(SettingsId.ORGANISATION_NAME) ?? '',
          addressLines: addressLines(settings.get(SettingsId.FACILITY_ADDRESS) ?? ''),
        },
        proposal: { proposalId: proposal.proposalId, title: proposal.title },
        experimentId: experiment?.experimentId ?? null,
        samples,
      },
      shipmentBarcodeSvg(shipment.id),
    );
    return {
      html,
      fileName: `${fileNamePart(`${proposal.proposalId}_shipment_${shipment.id}_${shipment.title}`)}.pdf`,
    };
  }

  @Get('pdf/shipment-label/:id')
  @Authenticated()
  async shipmentLabelPdf(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    const [shipmentId] = parseIdList(id, 1);
    const { html, fileName } = await this.labelHtml(user, shipmentId);
    const pdf = await this.renderer.render(html);
    setDownloadHeaders(res, fileName, 'application/pdf');
    res.setHeader('content-length', String(pdf.length));
    res.end(pdf);
  }
}
