import { Injectable } from '@nestjs/common';
import {
  EXPERIMENT_CREATED,
  EXPERIMENT_UPDATED,
  ExperimentStatus,
  FEEDBACK_REMINDER_JOB,
  QUEUES,
  SettingsId,
  type ExperimentData,
  type ExperimentUpdatedData,
  type FeedbackReminderJobData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { OwedJobs } from '../../../platform/queue/owed-jobs';
import { ProposalsRepository } from '../../proposals';
import { SettingsRepository } from '../../settings';
import { planFeedbackReminders } from '../domain/feedback-reminders';

/**
 * The job id of one reminder to one proposer: derived from the experiment (not the event), so an experiment
 * completed twice still owes each reminder once.
 */
export const feedbackReminderJobId = (experimentPk: number, userId: number, number: number): string =>
  `feedback-reminder-${experimentPk}-${userId}-${number}`;

/**
 * When an experiment is COMPLETED (created completed, or moved to COMPLETED), its proposers are owed their
 * feedback reminders (`planFeedbackReminders`: the first when it ends, then every FEEDBACK_FREQUENCY_DAYS, at most
 * FEEDBACK_MAX_REQUESTS, none after FEEDBACK_EXHAUST_DAYS) as delayed jobs written with this reaction's
 * checkpoint (ARCHITECTURE §4): Redis may lose them, the reconciler enqueues them again under the same id, and a
 * job done is never run again. The job itself sends nothing once the user's feedback is submitted.
 */
@Injectable()
@RegisterProjection()
export class PlanFeedbackRemindersOnExperimentCompletedReaction implements Projection {
  readonly name = 'plan_feedback_reminders_on_experiment_completed';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [EXPERIMENT_CREATED, EXPERIMENT_UPDATED];
  readonly tables = [];

  constructor(
    private readonly owed: OwedJobs,
    private readonly proposals: ProposalsRepository,
    private readonly settings: SettingsRepository,
  ) {}

  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as ExperimentData;
    if (d.status !== ExperimentStatus.COMPLETED) return;
    if (
      event.type === EXPERIMENT_UPDATED &&
      (d as ExperimentUpdatedData).previousStatus === ExperimentStatus.COMPLETED
    )
      return;
    const proposal = await this.proposals.proposal(d.proposalPk);
    if (!proposal) return;
    const setting = async (id: SettingsId) => Number((await this.settings.setting(id)).settingsValue) || 0;
    const now = new Date();
    const plan = planFeedbackReminders(new Date(d.endsAt), now, {
      frequencyDays: await setting(SettingsId.FEEDBACK_FREQUENCY_DAYS),
      maxRequests: await setting(SettingsId.FEEDBACK_MAX_REQUESTS),
      exhaustDays: await setting(SettingsId.FEEDBACK_EXHAUST_DAYS),
    });
    for (const userId of new Set([proposal.proposerId, ...proposal.userIds])) {
      for (const reminder of plan) {
        await this.owed.owe<FeedbackReminderJobData>(tx, {
          queue: QUEUES.email,
          name: FEEDBACK_REMINDER_JOB,
          jobId: feedbackReminderJobId(d.experimentPk, userId, reminder.number),
          data: { experimentPk: d.experimentPk, userId, number: reminder.number },
          attempts: 5,
          backoffMs: 2000,
          delayMs: reminder.dueAt.getTime() - now.getTime(),
        });
      }
    }
  }
}
