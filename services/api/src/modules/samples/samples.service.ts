import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  cloneSubTemplateSchema,
  cloneTitlePrefix,
  createSampleSchema,
  DataType,
  Role,
  SafetyStatus,
  subTemplateMessages,
  updateSampleSchema,
  type SubTemplateOrigin,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { isOfficer, SubTemplatePlacement } from '../generic-templates';
import { ProposalsService, type ProposalModel } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { ExecuteSampleCommand } from './commands/execute-sample-command';
import {
  assertMayAddSamples,
  assertMayChangeSamples,
  type SampleProposalFacts,
} from './domain/sample.decide';
import { SamplesRepository, type SampleRow } from './read-models/samples/samples.repository';
import { SubmittedEsiSamples } from './submitted-esi-samples';

const M = subTemplateMessages;
const SAMPLE_IDS = { sequence: 'sample_id_seq', floor: { table: 'samples', column: 'sample_id' } };

/** The sample use cases (§7 "Samples"): items of a proposal's SAMPLE_DECLARATION questions. */
@Injectable()
export class SamplesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: SamplesRepository,
    private readonly placement: SubTemplatePlacement,
    private readonly proposals: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly submittedEsi: SubmittedEsiSamples,
  ) {}

  async existing(sampleId: number): Promise<SampleRow> {
    const sample = await this.repository.sample(sampleId);
    if (!sample) throw notFound(M.sampleNotFound);
    return sample;
  }

  private proposal(proposalPk: number): Promise<ProposalModel> {
    return this.placement.proposal(proposalPk, M.sampleMissingProposalContext);
  }

  async factsOf(proposal: ProposalModel, session: SessionUser): Promise<SampleProposalFacts> {
    return {
      isMember: isOfficer(session) || this.proposals.isMember(proposal, session.id),
      editable: await this.proposals.isEditable(proposal, session),
      submitted: proposal.submitted,
    };
  }

  /** A sample is read by whoever reads its proposal (the one rule: ProposalReaders, e.g. a safety reviewer). */
  async assertMayRead(sample: SampleRow, session: SessionUser): Promise<void> {
    if (isOfficer(session)) return;
    const proposal = await this.proposal(sample.proposalPk);
    await this.proposals.assertMayRead(proposal, session);
  }

  /** createSample: an empty sample (its questionary of the question's template), PENDING_EVALUATION. */
  async create(
    session: SessionUser,
    input: {
      title: string;
      templateId: number | null;
      proposalPk: number | null;
      questionId: string | null;
      isPostProposalSubmission: boolean | null;
    },
  ): Promise<number> {
    const valid = await validateInput(createSampleSchema, input);
    return this.add(session, {
      proposalPk: valid.proposalPk as number,
      questionId: valid.questionId as string,
      templateId: valid.templateId as number,
      title: valid.title,
      isPostProposalSubmission: valid.isPostProposalSubmission === true,
      origin: null,
    });
  }

  /** cloneSample: a copy with its answers, titled `title` or "Copy of <title>", pending evaluation again. */
  async clone(
    session: SessionUser,
    sampleId: number,
    title: string | null,
    isPostProposalSubmission: boolean | null,
  ): Promise<number> {
    const valid = await validateInput(cloneSubTemplateSchema, { title });
    const source = await this.existing(sampleId);
    return this.add(session, {
      proposalPk: source.proposalPk,
      questionId: source.questionId,
      templateId: source.templateId,
      title: valid.title || `${cloneTitlePrefix} ${source.title}`,
      isPostProposalSubmission: isPostProposalSubmission ?? source.isPostProposalSubmission,
      origin: { sourceQuestionaryId: source.questionaryId, clonedFromId: source.id },
    });
  }

  /**
   * updateSample: the title (members), the safety evaluation (officers; experiment safety reviewers, of the samples
   * of a submitted ESI, which they read).
   */
  async update(
    session: SessionUser,
    input: {
      sampleId: number;
      title: string | null;
      safetyStatus: SafetyStatus | null;
      safetyComment: string | null;
    },
  ): Promise<void> {
    const valid = await validateInput(updateSampleSchema, input);
    const sample = await this.existing(input.sampleId);
    const proposal = await this.proposal(sample.proposalPk);
    const safety =
      valid.safetyStatus == null && valid.safetyComment == null
        ? null
        : { safetyStatus: valid.safetyStatus ?? null, safetyComment: valid.safetyComment ?? null };
    const isSafetyReviewer = session.currentRole === Role.EXPERIMENT_SAFETY_REVIEWER;
    await this.commands.execute(
      new ExecuteSampleCommand(sample.id, {
        type: 'UpdateSample',
        title: valid.title ?? null,
        safety,
        proposal: await this.factsOf(proposal, session),
        actor: {
          id: session.id,
          readsProposal: await this.proposals.mayRead(proposal, session),
          isOfficer: isOfficer(session),
          isSafetyReviewer,
          onSubmittedEsi: safety !== null && isSafetyReviewer && (await this.submittedEsi.has(sample.id)),
        },
      }),
    );
  }

  async delete(session: SessionUser, sampleId: number): Promise<SampleRow> {
    const sample = await this.existing(sampleId);
    const proposal = await this.proposal(sample.proposalPk);
    await this.commands.execute(
      new ExecuteSampleCommand(sample.id, {
        type: 'DeleteSample',
        proposal: await this.factsOf(proposal, session),
      }),
    );
    return sample;
  }

  /** Every rule is checked before the sample's questionary is created, so a refusal appends nothing. */
  private async add(
    session: SessionUser,
    item: {
      proposalPk: number;
      questionId: string;
      templateId: number;
      title: string;
      isPostProposalSubmission: boolean;
      origin: SubTemplateOrigin | null;
    },
  ): Promise<number> {
    const proposal = await this.proposal(item.proposalPk);
    const facts = await this.factsOf(proposal, session);
    assertMayChangeSamples(facts, item.isPostProposalSubmission);
    const config = await this.placement.questionConfig(
      DataType.SAMPLE_DECLARATION,
      proposal,
      item.questionId,
      item.templateId,
    );
    const entries = {
      maxEntries: config.maxEntries ?? null,
      existingCount: await this.repository.declaredCount(item.proposalPk, item.questionId),
      adding: 1,
    };
    assertMayAddSamples(facts, item.isPostProposalSubmission, entries);

    const questionaryId = await this.questionaries.create(item.templateId, session.id);
    if (item.origin) await this.questionaries.copyAnswers(item.origin.sourceQuestionaryId, questionaryId);
    const sampleId = await this.ids.next(SAMPLE_IDS.sequence, SAMPLE_IDS.floor);
    await this.commands.execute(
      new ExecuteSampleCommand(sampleId, {
        type: 'CreateSample',
        sample: {
          sampleId,
          title: item.title,
          creatorId: session.id,
          proposalPk: item.proposalPk,
          questionId: item.questionId,
          templateId: item.templateId,
          questionaryId,
          isPostProposalSubmission: item.isPostProposalSubmission,
          safetyStatus: SafetyStatus.PENDING_EVALUATION,
          origin: item.origin,
        },
        proposal: facts,
        entries,
      }),
    );
    return sampleId;
  }
}
