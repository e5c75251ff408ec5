import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { Authenticated } from '../../platform/auth/policy.decorators';
import type { SessionUser } from '../../platform/auth/session';
import { notFound } from '../../platform/errors/app-error';
import { ExperimentSafetyRepository } from '../experiments';
import { QuestionariesRepository } from '../questionaries';
import { ProposalReaders } from '../proposals';
import { SamplesRepository } from '../samples';
import { fileNamePart, parseIdList } from './domain/download-names';
import type { StepFacts } from './domain/proposal-template-data';
import { sampleDocumentHtml, type SampleSection } from './domain/sample-html';
import { setDownloadHeaders } from './download-headers';
import { PdfRenderer } from './pdf-renderer';
import { ProposalDownloads } from './proposal-downloads.service';

/**
 * `/download/pdf/sample/{id}` (§7 Files and downloads): the sample's declaration answers and, for each experiment
 * it is on, its sample safety input (ESI) answers. Officers and experiment safety reviewers read every sample;
 * the others the samples of proposals they may read (as the proposal PDF).
 */
@Controller('download')
export class SampleDownloadsController {
  constructor(
    private readonly downloads: ProposalDownloads,
    private readonly samples: SamplesRepository,
    private readonly questionaries: QuestionariesRepository,
    private readonly safety: ExperimentSafetyRepository,
    private readonly renderer: PdfRenderer,
    private readonly readers: ProposalReaders,
  ) {}

  @Get('pdf/sample/:id')
  @Authenticated()
  async samplePdf(
    @CurrentUser({ allowApiToken: true }) user: SessionUser | null,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    const [sampleId] = parseIdList(id, 1);
    const sample = await this.samples.sample(sampleId);
    if (!sample) {
      this.readers.missing(user);
      throw notFound('Sample not found');
    }
    // whoever reads the sample's proposal (the one rule: a safety reviewer once one of its ESIs is submitted)
    const [proposal] = await this.downloads.readable(user, [sample.proposalPk]);
    const stepsOf = async (questionaryId: number): Promise<StepFacts[]> =>
      ((await this.questionaries.questionary(questionaryId))?.steps ?? []) as unknown as StepFacts[];
    const sections: SampleSection[] = [
      { heading: 'Sample declaration', steps: await stepsOf(sample.questionaryId) },
    ];
    for (const onExperiment of await this.safety.ofSample(sampleId))
      sections.push({
        heading: `Sample safety input, experiment ${onExperiment.experimentPk}`,
        steps: await stepsOf(onExperiment.sampleEsiQuestionaryId),
      });
    const html = sampleDocumentHtml(
      { title: sample.title, proposalId: proposal.proposalId, proposalTitle: proposal.title },
      sections,
      { ...(await this.downloads.dateSettings()), fileNames: new Map() },
    );
    const pdf = await this.renderer.render(html);
    setDownloadHeaders(
      res,
      `${fileNamePart(`${proposal.proposalId}_${sample.title}`)}.pdf`,
      'application/pdf',
    );
    res.setHeader('content-length', String(pdf.length));
    res.end(pdf);
  }
}
