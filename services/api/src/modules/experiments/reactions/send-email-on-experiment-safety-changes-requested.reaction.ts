import { Inject, Injectable } from '@nestjs/common';
import {
  EXPERIMENT_SAFETY_CHANGES_REQUESTED,
  type ExperimentSafetyChangesRequestedData,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { MailerService } from '../../notifications';
import { ProposalsRepository } from '../../proposals';
import { UsersService } from '../../users';
import { ExperimentSafetyRepository } from '../read-models/experiment-safety/experiment-safety.repository';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\r?\n/g, '<br />');

/** The job id of one proposer's e-mail of one changes request: enqueued again, it is still sent once. */
export const changesRequestedEmailJobId = (eventId: string, userId: number): string =>
  `esi-changes-requested-${eventId}-${userId}`;

/**
 * The question-and-answer round reaches the applicant: each ExperimentSafetyChangesRequested becomes one e-mail
 * per proposer (PI and co-proposers) with the reviewer's question and the link to the reopened safety input, owed
 * with the reaction's checkpoint, its id derived from the event (never sent twice).
 */
@Injectable()
@RegisterProjection()
export class SendEmailOnExperimentSafetyChangesRequestedReaction implements Projection {
  readonly name = 'send_email_on_experiment_safety_changes_requested';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [EXPERIMENT_SAFETY_CHANGES_REQUESTED];
  readonly tables = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly proposals: ProposalsRepository,
    private readonly users: UsersService,
    private readonly safety: ExperimentSafetyRepository,
  ) {}

  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as ExperimentSafetyChangesRequestedData;
    const safety = await this.safety.ofExperiment(d.experimentPk);
    const proposal = safety ? await this.proposals.proposal(safety.proposalPk) : null;
    if (!proposal) return;
    const link = `${this.config.publicUrl}/ExperimentSafety/${d.experimentPk}`;
    const subject = `Changes requested to the experiment safety input of ${proposal.proposalId}`;
    for (const user of await this.users.byIds([proposal.proposerId, ...proposal.userIds])) {
      if (!user.email) continue;
      const text =
        `Dear ${user.preferredname || user.firstname} ${user.lastname},\n\n` +
        `the reviewers of the experiment safety input of "${proposal.title}" (${proposal.proposalId}) ask:\n\n` +
        `${d.comment}\n\nThe safety input is open again for your changes: ${link}\n`;
      await this.mailer.owe(tx, changesRequestedEmailJobId(event.eventId, user.id), {
        to: user.email,
        subject,
        text,
        html: `<p>${escape(text)}</p>`,
      });
    }
  }
}
