import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ExperimentStatus,
  FeedbackStatus,
  feedbackMessages,
  Role,
  TemplateGroupId,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { notFound } from '../../platform/errors/app-error';
import { ExperimentsRepository } from '../experiments';
import { ProposalsRepository, ProposalsService } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { TemplatesRepository } from '../templates';
import { ExecuteFeedbackCommand } from './commands/execute-feedback-command';
import type { FeedbackModel } from './read-models/feedback/feedback.model';
import { FeedbackRepository } from './read-models/feedback/feedback.repository';

const M = feedbackMessages;

/** The feedback use cases: facts for the decider, the questionary once the decider would accept, the command. */
@Injectable()
export class FeedbackService {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: FeedbackRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly ids: IdSequences,
    private readonly proposals: ProposalsRepository,
    private readonly proposalsService: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly templates: TemplatesRepository,
  ) {}

  async existing(feedbackId: number): Promise<FeedbackModel> {
    const feedback = await this.repository.get(feedbackId);
    if (!feedback) throw notFound(M.notFound);
    return feedback;
  }

  /** its author and officers (API tokens act as the user office) */
  mayRead(session: SessionUser | null, feedback: FeedbackModel): boolean {
    return !session || session.currentRole === Role.USER_OFFICER || session.id === feedback.creatorId;
  }

  async create(session: SessionUser, experimentPk: number): Promise<FeedbackModel> {
    const experiment = await this.experiments.get(experimentPk);
    if (!experiment) throw notFound(M.experimentNotFound);
    const proposal = await this.proposals.proposal(experiment.proposalPk);
    const templateId = await this.templates.activeTemplateId(TemplateGroupId.FEEDBACK);
    const run = (feedbackId: number, questionaryId: number | null, dryRun: boolean) =>
      this.commands.execute(
        new ExecuteFeedbackCommand(
          experimentPk,
          session.id,
          {
            type: 'CreateFeedback',
            feedbackId,
            experimentPk,
            proposalPk: experiment.proposalPk,
            userId: session.id,
            isMember:
              session.currentRole === Role.USER &&
              !!proposal &&
              this.proposalsService.isMember(proposal, session.id),
            experimentCompleted: experiment.status === ExperimentStatus.COMPLETED,
            questionaryId,
          },
          dryRun,
        ),
      );
    await run(0, templateId === null ? null : 0, true);
    const feedbackId = await this.ids.next('feedback_id_seq');
    const questionaryId = await this.questionaries.create(templateId as number, session.id);
    await run(feedbackId, questionaryId, false);
    return this.existing(feedbackId);
  }

  async update(session: SessionUser, feedbackId: number, status: FeedbackStatus): Promise<FeedbackModel> {
    const feedback = await this.existing(feedbackId);
    const questionaryComplete =
      status === FeedbackStatus.SUBMITTED &&
      Object.keys(await this.questionaries.submissionErrors(feedback.questionaryId)).length === 0;
    await this.commands.execute(
      new ExecuteFeedbackCommand(feedback.experimentPk, feedback.creatorId, {
        type: 'UpdateFeedback',
        userId: session.id,
        status,
        questionaryComplete,
        now: new Date().toISOString(),
      }),
    );
    return this.existing(feedbackId);
  }
}
