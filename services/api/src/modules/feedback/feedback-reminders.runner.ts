import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { FEEDBACK_REMINDER_JOB, FeedbackStatus, type FeedbackReminderJobData } from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { ExperimentsRepository } from '../experiments';
import { MailerService } from '../notifications';
import { ProposalsRepository } from '../proposals';
import { UsersService } from '../users';
import { feedbackReminderJobId } from './reactions/plan-feedback-reminders-on-experiment-completed.reaction';
import { FeedbackRepository } from './read-models/feedback/feedback.repository';

export type FeedbackReminderResult = 'sent' | 'sent-before' | 'feedback-submitted' | 'nobody-to-remind';

/**
 * Runs the `feedback-reminder` jobs of the email queue: one reminder to one proposer, unless their feedback on
 * the experiment is submitted by then (§4: none once submitted) or the experiment or user is gone.
 */
@Injectable()
export class FeedbackRemindersRunner implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly feedback: FeedbackRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly proposals: ProposalsRepository,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.mailer.handle<FeedbackReminderJobData>(FEEDBACK_REMINDER_JOB, (data) => this.remind(data));
  }

  async remind(data: FeedbackReminderJobData): Promise<FeedbackReminderResult> {
    const given = await this.feedback.of(data.experimentPk, data.userId);
    if (given?.status === FeedbackStatus.SUBMITTED) return 'feedback-submitted';
    const experiment = await this.experiments.get(data.experimentPk);
    const proposal = experiment ? await this.proposals.proposal(experiment.proposalPk) : null;
    const [user] = await this.users.byIds([data.userId]);
    if (!experiment || !proposal || !user?.email) return 'nobody-to-remind';
    const link = given
      ? `${this.config.publicUrl}/UpdateFeedback/${given.id}`
      : `${this.config.publicUrl}/CreateFeedback/${experiment.experimentPk}`;
    const text =
      `Dear ${user.preferredname || user.firstname} ${user.lastname},\n\n` +
      `your experiment ${experiment.experimentId} of "${proposal.title}" (${proposal.proposalId}) has ended. ` +
      `Please tell us how it went: ${link}\n`;
    // keyed by the reminder: a job run again after its worker died (before the queue knew it was done) finds its
    // e-mail delivered and sends nothing
    const delivery = await this.mailer.deliver(
      {
        to: user.email,
        subject: `Your feedback on experiment ${experiment.experimentId} (reminder ${data.number})`,
        text,
      },
      { key: feedbackReminderJobId(data.experimentPk, data.userId, data.number) },
    );
    return delivery.duplicate ? 'sent-before' : 'sent';
  }
}
