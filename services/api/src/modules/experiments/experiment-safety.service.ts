import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DataType,
  ExperimentSafetyDecision,
  ProposalEndStatus,
  Role,
  TemplateGroupId,
  experimentMessages,
  experimentSafetyMessages,
  type ExperimentSafetyReviewer,
  type SafetyStatus,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { notFound } from '../../platform/errors/app-error';
import { CallsRepository } from '../calls';
import { InstrumentsRepository } from '../instruments';
import { ProposalsRepository, ProposalsService } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { SamplesRepository, SamplesService } from '../samples';
import { TemplatesRepository } from '../templates';
import { ExecuteExperimentSafetyCommand } from './commands/execute-experiment-safety-command';
import type { ExperimentSafetyCommand, SafetyActor } from './domain/experiment-safety.decide';
import type { ExperimentModel } from './read-models/experiments/experiment.model';
import { ExperimentsRepository } from './read-models/experiments/experiments.repository';
import type {
  ExperimentSafetyModel,
  ExperimentSampleModel,
} from './read-models/experiment-safety/experiment-safety.model';
import { ExperimentSafetyRepository } from './read-models/experiment-safety/experiment-safety.repository';

const M = experimentSafetyMessages;

/** Who reads every ESI (the review queue): officers and safety reviewers; scientists read their instruments'. */
export const SAFETY_REVIEW_READERS = [
  Role.USER_OFFICER,
  Role.EXPERIMENT_SAFETY_REVIEWER,
  Role.INSTRUMENT_SCIENTIST,
] as const;

/**
 * The experiment safety input (ESI) use cases: the facts the decider needs (who the caller is to the
 * experiment, completeness of the questionaries, the templates), questionaries created only once the decider
 * would accept, then the command, then the read model.
 */
@Injectable()
export class ExperimentSafetyService {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: ExperimentSafetyRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly ids: IdSequences,
    private readonly proposals: ProposalsRepository,
    private readonly proposalsService: ProposalsService,
    private readonly instruments: InstrumentsRepository,
    private readonly calls: CallsRepository,
    private readonly questionaries: QuestionariesService,
    private readonly samples: SamplesRepository,
    private readonly samplesService: SamplesService,
    private readonly templates: TemplatesRepository,
  ) {}

  async experiment(experimentPk: number): Promise<ExperimentModel> {
    const experiment = await this.experiments.get(experimentPk);
    if (!experiment) throw notFound(experimentMessages.experimentNotFound);
    return experiment;
  }

  async existing(experimentSafetyPk: number): Promise<ExperimentSafetyModel> {
    const safety = await this.repository.get(experimentSafetyPk);
    if (!safety) throw notFound(M.notFound);
    return safety;
  }

  private async existingOf(experimentPk: number): Promise<ExperimentSafetyModel> {
    const safety = await this.repository.ofExperiment(experimentPk);
    if (!safety) throw notFound(M.notFound);
    return safety;
  }

  /** The caller as the rules see them for this experiment (null session: an API token, an officer's rights). */
  async actor(
    session: SessionUser | null,
    target: { proposalPk: number; instrumentId: number },
  ): Promise<SafetyActor> {
    if (!session)
      return {
        id: null,
        isOfficer: true,
        isMember: false,
        isInstrumentScientist: false,
        isSafetyReviewer: false,
      };
    const role = session.currentRole;
    const proposal = await this.proposals.proposal(target.proposalPk);
    return {
      id: session.id,
      isOfficer: role === Role.USER_OFFICER,
      isMember: role === Role.USER && !!proposal && this.proposalsService.isMember(proposal, session.id),
      isInstrumentScientist:
        role === Role.INSTRUMENT_SCIENTIST &&
        (await this.instruments.idsOfScientist(session.id)).includes(target.instrumentId),
      isSafetyReviewer: role === Role.EXPERIMENT_SAFETY_REVIEWER,
    };
  }

  /** May the caller see this ESI (its members, officers, safety reviewers once submitted, the instrument's scientists)? */
  async mayRead(session: SessionUser | null, safety: ExperimentSafetyModel): Promise<boolean> {
    const actor = await this.actor(session, safety);
    if (actor.isOfficer) return true;
    // what the role sees of it: members and the instrument's scientists; safety reviewers once it is submitted
    const roleSees =
      actor.isMember ||
      actor.isInstrumentScientist ||
      (actor.isSafetyReviewer && safety.esiQuestionarySubmittedAt !== null);
    if (!roleSees) return false;
    // and only of a proposal the caller may read (the one rule, ProposalReaders)
    const proposal = await this.proposals.proposal(safety.proposalPk);
    return !!proposal && (await this.proposalsService.mayRead(proposal, session!));
  }

  private async run(experimentPk: number, command: ExperimentSafetyCommand, dryRun = false): Promise<void> {
    await this.commands.execute(new ExecuteExperimentSafetyCommand(experimentPk, command, dryRun));
  }

  /** createExperimentSafety: the PI or a co-proposer; the ESI questionary of the call's ESI template. */
  async create(session: SessionUser, experimentPk: number): Promise<ExperimentSafetyModel> {
    const experiment = await this.experiment(experimentPk);
    const actor = await this.actor(session, experiment);
    const proposal = await this.proposals.proposal(experiment.proposalPk);
    const call = proposal ? await this.calls.call(proposal.callId) : null;
    const proposalReady =
      !!proposal &&
      proposal.finalStatus === ProposalEndStatus.ACCEPTED &&
      proposal.managementDecisionSubmitted;
    const experimentSafetyPk = await this.ids.next('experiment_safety_pk_seq');
    const command = (esiQuestionaryId: number | null): ExperimentSafetyCommand => ({
      type: 'CreateExperimentSafety',
      experimentSafetyPk,
      experimentPk,
      proposalPk: experiment.proposalPk,
      instrumentId: experiment.instrumentId,
      actor,
      proposalReady,
      esiQuestionaryId,
    });
    const templateId = call?.esiTemplateId ?? null;
    await this.run(experimentPk, command(templateId === null ? null : 0), true);
    const esiQuestionaryId = await this.questionaries.create(templateId as number, session.id);
    await this.run(experimentPk, command(esiQuestionaryId));
    return this.existingOf(experimentPk);
  }

  /**
   * The sample ESI template of a sample: the `esiTemplateId` of the SAMPLE_DECLARATION question it was declared
   * with (in the proposal's template), else the active SAMPLE_ESI template; null when there is none.
   */
  private async sampleEsiTemplateId(sample: {
    questionId: string;
    proposalPk: number;
  }): Promise<number | null> {
    const proposal = await this.proposals.proposal(sample.proposalPk);
    const call = proposal ? await this.calls.call(proposal.callId) : null;
    if (call) {
      const structure = await this.templates.structure(call.templateId);
      const field = structure?.steps
        .flatMap((step) => step.fields)
        .find(
          (f) => f.question.id === sample.questionId && f.question.dataType === DataType.SAMPLE_DECLARATION,
        );
      const configured = Number(field?.config.esiTemplateId);
      if (Number.isInteger(configured) && configured > 0 && (await this.templates.template(configured)))
        return configured;
    }
    return this.templates.activeTemplateId(TemplateGroupId.SAMPLE_ESI);
  }

  async addSample(
    session: SessionUser | null,
    experimentPk: number,
    sampleId: number,
  ): Promise<ExperimentSampleModel> {
    const safety = await this.existingOf(experimentPk);
    const actor = await this.actor(session, safety);
    const sample = await this.samples.sample(sampleId);
    if (!sample) throw notFound(M.sampleNotFound);
    const templateId = await this.sampleEsiTemplateId(sample);
    const command = (sampleEsiQuestionaryId: number | null): ExperimentSafetyCommand => ({
      type: 'AddSampleToExperiment',
      actor,
      sampleId,
      sampleOfProposal: sample.proposalPk === safety.proposalPk,
      sampleEsiQuestionaryId,
    });
    await this.run(experimentPk, command(templateId === null ? null : 0), true);
    const questionaryId = await this.questionaries.create(templateId as number, session?.id ?? null);
    await this.run(experimentPk, command(questionaryId));
    return this.savedSample(experimentPk, sampleId);
  }

  /**
   * cloneExperimentSample: a copy of one of the proposal's samples (a post-submission sample of the samples
   * module, titled `newSampleTitle`), added to the experiment; when the source is on the experiment its sample ESI
   * answers are copied too. The ESI's rules are checked first, so a refusal clones nothing.
   */
  async cloneSample(
    session: SessionUser,
    experimentPk: number,
    sampleId: number,
    newSampleTitle: string | null,
  ): Promise<ExperimentSampleModel> {
    const safety = await this.existingOf(experimentPk);
    const source = await this.samples.sample(sampleId);
    if (!source) throw notFound(M.sampleNotFound);
    const templateId = await this.sampleEsiTemplateId(source);
    await this.run(
      experimentPk,
      {
        type: 'AddSampleToExperiment',
        actor: await this.actor(session, safety),
        sampleId: -1,
        sampleOfProposal: source.proposalPk === safety.proposalPk,
        sampleEsiQuestionaryId: templateId === null ? null : 0,
      },
      true,
    );
    const cloneId = await this.samplesService.clone(session, sampleId, newSampleTitle, true);
    const added = await this.addSample(session, experimentPk, cloneId);
    const sourceOnExperiment = await this.repository.sample(experimentPk, sampleId);
    if (sourceOnExperiment)
      await this.questionaries.copyAnswers(
        sourceOnExperiment.sampleEsiQuestionaryId,
        added.sampleEsiQuestionaryId,
        {
          completeness: false,
        },
      );
    return added;
  }

  private async savedSample(experimentPk: number, sampleId: number): Promise<ExperimentSampleModel> {
    const saved = await this.repository.sample(experimentPk, sampleId);
    if (!saved) throw notFound(M.sampleNotOnExperiment);
    return saved;
  }

  async removeSample(
    session: SessionUser | null,
    experimentPk: number,
    sampleId: number,
  ): Promise<ExperimentSampleModel> {
    const safety = await this.existingOf(experimentPk);
    const before = await this.repository.sample(experimentPk, sampleId);
    await this.run(experimentPk, {
      type: 'RemoveSampleFromExperiment',
      actor: await this.actor(session, safety),
      sampleId,
    });
    return before as ExperimentSampleModel;
  }

  async updateSample(
    session: SessionUser | null,
    experimentPk: number,
    sampleId: number,
    isSubmitted: boolean,
  ): Promise<ExperimentSampleModel> {
    const safety = await this.existingOf(experimentPk);
    const sample = await this.repository.sample(experimentPk, sampleId);
    const sampleEsiComplete = sample ? await this.isComplete(sample.sampleEsiQuestionaryId) : false;
    await this.run(experimentPk, {
      type: 'UpdateExperimentSample',
      actor: await this.actor(session, safety),
      sampleId,
      isSubmitted,
      sampleEsiComplete,
    });
    return this.savedSample(experimentPk, sampleId);
  }

  /** The questionaries module's check: nothing stops the questionary from being submitted. */
  private async isComplete(questionaryId: number): Promise<boolean> {
    return Object.keys(await this.questionaries.submissionErrors(questionaryId)).length === 0;
  }

  /** submitExperimentSafety: true submits (applicant); false reopens it (officers and reviewers). */
  async submit(
    session: SessionUser | null,
    experimentSafetyPk: number,
    isSubmitted: boolean,
  ): Promise<ExperimentSafetyModel> {
    const safety = await this.existing(experimentSafetyPk);
    const actor = await this.actor(session, safety);
    if (!isSubmitted) {
      if (safety.esiQuestionarySubmittedAt === null) return safety;
      await this.run(safety.experimentPk, {
        type: 'RequestExperimentSafetyChanges',
        actor,
        esiVersion: safety.esiVersion,
        comment: 'Reopened',
      });
      return this.existing(experimentSafetyPk);
    }
    await this.run(safety.experimentPk, {
      type: 'SubmitExperimentSafety',
      actor,
      esiComplete: await this.isComplete(safety.esiQuestionaryId),
      now: new Date().toISOString(),
    });
    return this.existing(experimentSafetyPk);
  }

  async decide(
    session: SessionUser | null,
    experimentSafetyPk: number,
    reviewer: ExperimentSafetyReviewer,
    esiVersion: number,
    decision: ExperimentSafetyDecision,
    comment: string | null,
  ): Promise<ExperimentSafetyModel> {
    const safety = await this.existing(experimentSafetyPk);
    await this.run(safety.experimentPk, {
      type: 'DecideExperimentSafety',
      actor: await this.actor(session, safety),
      reviewer,
      esiVersion,
      decision,
      comment: (comment ?? '').trim(),
    });
    return this.existing(experimentSafetyPk);
  }

  async requestChanges(
    session: SessionUser | null,
    experimentSafetyPk: number,
    esiVersion: number,
    comment: string,
  ): Promise<ExperimentSafetyModel> {
    const safety = await this.existing(experimentSafetyPk);
    await this.run(safety.experimentPk, {
      type: 'RequestExperimentSafetyChanges',
      actor: await this.actor(session, safety),
      esiVersion,
      comment,
    });
    return this.existing(experimentSafetyPk);
  }

  async setRiskLevel(
    session: SessionUser | null,
    experimentSafetyPk: number,
    riskLevel: SafetyStatus,
  ): Promise<ExperimentSafetyModel> {
    const safety = await this.existing(experimentSafetyPk);
    await this.run(safety.experimentPk, {
      type: 'SetExperimentRiskLevel',
      actor: await this.actor(session, safety),
      riskLevel,
    });
    return this.existing(experimentSafetyPk);
  }

  /** The review queue: officers and safety reviewers all submitted ESIs; scientists their instruments'. */
  async queue(
    session: SessionUser | null,
    filter: { instrumentId?: number | null; pendingOnly?: boolean | null },
  ): Promise<ExperimentSafetyModel[]> {
    const scope =
      session?.currentRole === Role.INSTRUMENT_SCIENTIST
        ? await this.instruments.idsOfScientist(session.id)
        : 'all';
    return this.repository.submitted(scope, filter);
  }
}
