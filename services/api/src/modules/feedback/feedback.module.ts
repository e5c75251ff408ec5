import { Module, type OnModuleInit } from '@nestjs/common';
import { ExperimentsModule } from '../experiments';
import { NotificationsModule } from '../notifications';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { SettingsModule } from '../settings';
import { TemplatesModule } from '../templates';
import { UsersModule } from '../users';
import { ExecuteFeedbackCommandHandler } from './commands/execute-feedback-command';
import { FeedbackResolver } from './commands/feedback/feedback.resolver';
import { FeedbackRemindersRunner } from './feedback-reminders.runner';
import { FeedbackQuestionaryOwner } from './feedback.policy';
import { FeedbackService } from './feedback.service';
import { PlanFeedbackRemindersOnExperimentCompletedReaction } from './reactions/plan-feedback-reminders-on-experiment-completed.reaction';
import { FeedbackProjection } from './read-models/feedback/feedback.projection';
import { FeedbackRepository } from './read-models/feedback/feedback.repository';
import {
  ExperimentFeedbackFieldResolver,
  GetFeedbackResolver,
} from './read-models/feedback/get-feedback.resolver';

/**
 * Feedback on completed experiments and its reminders (§3, §4, §7; stream `feedback-<experimentPk>-<userId>`,
 * feature VISIT_MANAGEMENT). docs/visits-shipments-feedback.md.
 */
@Module({
  imports: [
    ExperimentsModule,
    NotificationsModule,
    ProposalsModule,
    QuestionariesModule,
    SettingsModule,
    TemplatesModule,
    UsersModule,
  ],
  providers: [
    FeedbackProjection,
    FeedbackRepository,
    FeedbackService,
    ExecuteFeedbackCommandHandler,
    FeedbackResolver,
    GetFeedbackResolver,
    ExperimentFeedbackFieldResolver,
    FeedbackQuestionaryOwner,
    PlanFeedbackRemindersOnExperimentCompletedReaction,
    FeedbackRemindersRunner,
  ],
  exports: [FeedbackRepository],
})
export class FeedbackModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly owner: FeedbackQuestionaryOwner,
  ) {}

  onModuleInit(): void {
    // the feedback questionary: read and answered (while a draft) by its author
    this.owners.register(this.owner);
  }
}
