import { Injectable, Logger } from '@nestjs/common';
import {
  DataType,
  normaliseMimeType,
  proposalRuleMessages,
  SettingsId,
  type FileAnswerItem,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { notFound } from '../../platform/errors/app-error';
import { CallsRepository, type CallModel } from '../calls';
import { FilesService } from '../files';
import { InstitutionsRepository } from '../institutions';
import { ProposalReaders, ProposalsRepository, type ProposalModel } from '../proposals';
import { QuestionariesRepository } from '../questionaries';
import { SamplesRepository } from '../samples';
import { SettingsRepository } from '../settings';
import { TemplatesRepository } from '../templates';
import { UsersService, type UserRecord } from '../users';
import { proposalFileName, severalProposalsFileName } from './domain/download-names';
import {
  buildProposalsDocument,
  type PdfDocument,
  type PdfLayout,
  type ProposalPrint,
} from './domain/proposal-html';
import {
  buildProposalTemplateData,
  type DateSettings,
  type PersonFacts,
  type SampleFacts,
  type StepFacts,
} from './domain/proposal-template-data';
import { PdfRenderer } from './pdf-renderer';

/** A file attached to a FILE_UPLOAD answer of a proposal. */
export interface ProposalAttachment {
  fileId: string;
  fileName: string;
  mimeType: string;
  questionId: string;
}

/** A proposal with everything its PDF and ZIP need, loaded once. */
export interface LoadedProposal {
  proposal: ProposalModel;
  print: ProposalPrint;
  attachments: ProposalAttachment[];
}

const isFileItem = (item: unknown): item is FileAnswerItem =>
  typeof item === 'object' && item !== null && typeof (item as FileAnswerItem).id === 'string';

/**
 * What the proposal downloads read: the proposals the caller may read (ProposalsService's rule: members and
 * officers; an API access token that names the route sees all), their questionaries, calls, PDF templates,
 * people and attached files; and the PDF printed by PdfRenderer.
 */
@Injectable()
export class ProposalDownloads {
  private readonly logger = new Logger('Downloads');

  constructor(
    private readonly proposalsRepository: ProposalsRepository,
    private readonly questionaries: QuestionariesRepository,
    private readonly samples: SamplesRepository,
    private readonly calls: CallsRepository,
    private readonly templates: TemplatesRepository,
    private readonly users: UsersService,
    private readonly institutions: InstitutionsRepository,
    private readonly settings: SettingsRepository,
    private readonly files: FilesService,
    private readonly renderer: PdfRenderer,
    private readonly readers: ProposalReaders,
  ) {}

  /**
   * The proposals in the order asked, by the one read rule: FORBIDDEN ("You may not see this proposal") if any may
   * not be read or does not exist (`caller` null, the officer's rights of an officer or API token: NOT_FOUND).
   */
  async readable(caller: SessionUser | null, proposalPks: readonly number[]): Promise<ProposalModel[]> {
    const found = new Map(
      (await this.proposalsRepository.proposals(proposalPks)).map((p) => [p.primaryKey, p]),
    );
    if (proposalPks.some((pk) => !found.has(pk))) {
      this.readers.missing(caller);
      throw notFound(proposalRuleMessages.notFound);
    }
    const proposals = proposalPks.map((pk) => found.get(pk) as ProposalModel);
    for (const proposal of proposals) await this.readers.assertMayRead(caller, proposal);
    return proposals;
  }

  /** The settings dates are shown with. */
  async dateSettings(): Promise<DateSettings> {
    const settings = new Map((await this.settings.settings()).map((s) => [s.id, s.settingsValue]));
    return {
      dateFormat: settings.get(SettingsId.DATE_FORMAT) || 'dd-MM-yyyy',
      dateTimeFormat: settings.get(SettingsId.DATE_TIME_FORMAT) || 'dd-MM-yyyy HH:mm',
      timeZone: settings.get(SettingsId.TIMEZONE) || 'UTC',
    };
  }

  /** Loads the proposals' template data, layouts and attachments (calls, layouts and people once each). */
  async load(proposals: readonly ProposalModel[], dates?: DateSettings): Promise<LoadedProposal[]> {
    const dateSettings = dates ?? (await this.dateSettings());
    const calls = new Map<number, Promise<CallModel | null>>();
    const layouts = new Map<number, Promise<PdfLayout | null>>();
    const institutions = new Map<number, Promise<string | null>>();
    const callOf = (callId: number) => {
      if (!calls.has(callId)) calls.set(callId, this.calls.call(callId));
      return calls.get(callId) as Promise<CallModel | null>;
    };
    const layoutOf = (templateId: number | null) => {
      if (templateId === null) return Promise.resolve(null);
      if (!layouts.has(templateId)) layouts.set(templateId, this.templates.pdfTemplate(templateId));
      return layouts.get(templateId) as Promise<PdfLayout | null>;
    };
    const institutionOf = (id: number | null) => {
      if (id === null) return Promise.resolve(null);
      if (!institutions.has(id))
        institutions.set(
          id,
          this.institutions.byId(id).then((i) => i?.name ?? null),
        );
      return institutions.get(id) as Promise<string | null>;
    };
    const personOf = async (user: UserRecord): Promise<PersonFacts> => ({
      id: user.id,
      user_title: user.user_title,
      firstname: user.firstname,
      lastname: user.lastname,
      preferredname: user.preferredname,
      email: user.email,
      position: user.position,
      department: user.department,
      institution: await institutionOf(user.institutionId),
    });

    const userIds = [...new Set(proposals.flatMap((p) => [p.proposerId, ...p.userIds]))];
    const users = new Map((await this.users.byIds(userIds)).map((u) => [u.id, u]));

    const loaded: LoadedProposal[] = [];
    for (const proposal of proposals) {
      const [questionary, call] = await Promise.all([
        this.questionaries.questionary(proposal.questionaryId),
        callOf(proposal.callId),
      ]);
      const steps: StepFacts[] = questionary?.steps ?? [];
      const answered = steps.flatMap((step) =>
        step.fields
          .filter((f) => f.question.dataType === DataType.FILE_UPLOAD && Array.isArray(f.value))
          .flatMap((f) =>
            (f.value as unknown[])
              .filter(isFileItem)
              .map((item) => ({ fileId: item.id, questionId: f.question.id })),
          ),
      );
      const metadata = new Map(
        (await this.files.metadata(answered.map((a) => a.fileId))).map((m) => [m.fileId, m]),
      );
      const attachments = answered.flatMap((a): ProposalAttachment[] => {
        const file = metadata.get(a.fileId);
        return file
          ? [
              {
                fileId: a.fileId,
                questionId: a.questionId,
                fileName: file.originalFileName,
                mimeType: normaliseMimeType(file.mimeType),
              },
            ]
          : [];
      });

      const samples = await this.declaredSamples(proposal.primaryKey, steps);
      const pi = users.get(proposal.proposerId);
      const coProposers = proposal.userIds
        .filter((id) => id !== proposal.proposerId)
        .map((id) => users.get(id))
        .filter((u): u is UserRecord => u !== undefined);
      const data = buildProposalTemplateData(
        {
          proposal,
          principalInvestigator: pi ? await personOf(pi) : null,
          coProposers: await Promise.all(coProposers.map(personOf)),
          call: call
            ? {
                id: call.id,
                shortCode: call.shortCode,
                title: call.title,
                allocationTimeUnit: call.allocationTimeUnit,
              }
            : null,
          steps,
          samples,
        },
        dateSettings,
        new Map([...metadata.values()].map((m) => [m.fileId, m.originalFileName])),
      );
      loaded.push({
        proposal,
        print: { data, layout: await layoutOf(call?.pdfTemplateId ?? null) },
        attachments,
      });
    }
    return loaded;
  }

  /** The samples declared in the proposal's SAMPLE_DECLARATION questions, with their declaration's answers. */
  private async declaredSamples(proposalPk: number, steps: readonly StepFacts[]): Promise<SampleFacts[]> {
    const questionIds = steps.flatMap((step) =>
      step.fields
        .filter((f) => f.question.dataType === DataType.SAMPLE_DECLARATION)
        .map((f) => f.question.id),
    );
    if (questionIds.length === 0) return [];
    const declared = await this.samples.declaredOf(proposalPk, questionIds);
    return Promise.all(
      declared.map(async (sample) => ({
        id: sample.id,
        title: sample.title,
        questionId: sample.questionId,
        steps: ((await this.questionaries.questionary(sample.questionaryId))?.steps ?? []) as StepFacts[],
      })),
    );
  }

  /** The HTML document of the proposals, in the order given, each from a new page. */
  document(loaded: readonly LoadedProposal[]): PdfDocument {
    return buildProposalsDocument(
      loaded.map((l) => l.print),
      (error, print) =>
        this.logger.warn(
          `The PDF template of proposal ${print.data.proposal.proposalId} failed (${error.message}); the built-in layout was used`,
        ),
    );
  }

  /** One PDF of the proposals, in the order given, each from a new page. */
  async pdf(loaded: readonly LoadedProposal[]): Promise<Buffer> {
    const document = this.document(loaded);
    return this.renderer.render(document.html, {
      headerTemplate: document.headerTemplate,
      footerTemplate: document.footerTemplate,
    });
  }

  /** The download's name: `<proposalId>_<title>.<ext>` for one proposal, `proposals_<date>.<ext>` for several. */
  async fileName(
    proposals: readonly ProposalModel[],
    extension: string,
    dates?: DateSettings,
  ): Promise<string> {
    if (proposals.length === 1) return proposalFileName(proposals[0], extension);
    const { timeZone } = dates ?? (await this.dateSettings());
    return severalProposalsFileName(extension, new Date(), timeZone);
  }

  /** The content of an attached file in chunks (null when its content is gone). */
  open(fileId: string) {
    return this.files.open(fileId);
  }
}
