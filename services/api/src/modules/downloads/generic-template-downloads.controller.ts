import { Controller, Get, Param, Res } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { Authenticated } from '../../platform/auth/policy.decorators';
import type { SessionUser } from '../../platform/auth/session';
import { notFound } from '../../platform/errors/app-error';
import { GenericTemplatesRepository } from '../generic-templates';
import { QuestionariesRepository } from '../questionaries';
import { fileNamePart, parseIdList } from './domain/download-names';
import type { StepFacts } from './domain/proposal-template-data';
import { sampleDocumentHtml } from './domain/sample-html';
import { setDownloadHeaders } from './download-headers';
import { PdfRenderer } from './pdf-renderer';
import { ProposalDownloads } from './proposal-downloads.service';

export const genericTemplateDownloadMessages = { notFound: 'Sub template not found' } as const;

/**
 * `/download/pdf/generic-template/{id}` (§3 download kinds, §7 Files and downloads): a sub template item (§3
 * Generic template item) — its title, its proposal, its answers by step (the sample PDF's layout). Who may read the
 * item's proposal may download it (officers every one, the members theirs; an API token naming the route every one).
 */
@Controller('download')
export class GenericTemplateDownloadsController {
  constructor(
    private readonly downloads: ProposalDownloads,
    private readonly genericTemplates: GenericTemplatesRepository,
    private readonly questionaries: QuestionariesRepository,
    private readonly renderer: PdfRenderer,
  ) {}

  @Get('pdf/generic-template/:id')
  @Authenticated()
  async genericTemplatePdf(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    const [genericTemplateId] = parseIdList(id, 1);
    const item = await this.genericTemplates.genericTemplate(genericTemplateId);
    if (!item) throw notFound(genericTemplateDownloadMessages.notFound);
    const seesAll = user?.currentRole === Role.USER_OFFICER;
    const [proposal] = await this.downloads.readable(seesAll ? null : user, [item.proposalPk]);
    const steps = ((await this.questionaries.questionary(item.questionaryId))?.steps ??
      []) as unknown as StepFacts[];
    const html = sampleDocumentHtml(
      { title: item.title, proposalId: proposal.proposalId, proposalTitle: proposal.title },
      [{ heading: 'Answers', steps }],
      { ...(await this.downloads.dateSettings()), fileNames: new Map() },
    );
    const pdf = await this.renderer.render(html);
    setDownloadHeaders(res, `${fileNamePart(`${proposal.proposalId}_${item.title}`)}.pdf`, 'application/pdf');
    res.setHeader('content-length', String(pdf.length));
    res.end(pdf);
  }
}
