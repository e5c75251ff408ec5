import { Inject, Injectable } from '@nestjs/common';
import {
  VISIT_REGISTRATION_APPROVED,
  VISIT_REGISTRATION_CHANGES_REQUESTED,
  type VisitRegistrationReviewedData,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { ExperimentsRepository } from '../../experiments';
import { MailerService } from '../../notifications';
import { UsersService } from '../../users';

/** The job id of the e-mail of one review of one registration: enqueued again, it is still sent once. */
export const visitRegistrationReviewedEmailJobId = (eventId: string): string =>
  `visit-registration-reviewed-${eventId}`;

/**
 * The visitor hears of the user office's decision on their registration: approved, or sent back for changes
 * (with the link to edit and "Submit changes"). One e-mail per event, owed with the reaction's checkpoint, its id
 * derived from the event (never sent twice).
 */
@Injectable()
@RegisterProjection()
export class SendEmailOnVisitRegistrationReviewedReaction implements Projection {
  readonly name = 'send_email_on_visit_registration_reviewed';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [VISIT_REGISTRATION_APPROVED, VISIT_REGISTRATION_CHANGES_REQUESTED];
  readonly tables = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly experiments: ExperimentsRepository,
    private readonly users: UsersService,
  ) {}

  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as VisitRegistrationReviewedData;
    const [user] = await this.users.byIds([d.userId]);
    const experiment = await this.experiments.get(d.experimentPk);
    if (!user?.email || !experiment) return;
    const approved = event.type === VISIT_REGISTRATION_APPROVED;
    const subject = approved
      ? `Your visit registration for experiment ${experiment.experimentId} is approved`
      : `Changes requested to your visit registration for experiment ${experiment.experimentId}`;
    const text =
      `Dear ${user.preferredname || user.firstname} ${user.lastname},\n\n` +
      (approved
        ? `the user office approved your visit registration for experiment ${experiment.experimentId}.\n`
        : `the user office asks you to change your visit registration for experiment ${experiment.experimentId} ` +
          `and submit it again: ${this.config.publicUrl}/\n`);
    await this.mailer.owe(tx, visitRegistrationReviewedEmailJobId(event.eventId), {
      to: user.email,
      subject,
      text,
    });
  }
}
