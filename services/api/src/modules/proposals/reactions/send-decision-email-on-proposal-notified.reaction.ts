import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  emailTemplateById,
  PROPOSAL_NOTIFIED,
  ProposalEndStatus,
  SETTING_DEFAULTS,
  SettingsId,
  type ProposalNotifiedData,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { MailerService, renderEmailTemplate } from '../../notifications';
import { SettingsRepository } from '../../settings';
import { UsersService } from '../../users';
import { ProposalsRepository } from '../read-models/proposals/proposals.repository';

/** The contracts' e-mail template of each final status the proposers can be told. */
const TEMPLATE_OF: Readonly<Partial<Record<ProposalEndStatus, string>>> = {
  [ProposalEndStatus.ACCEPTED]: 'proposal-accepted',
  [ProposalEndStatus.REJECTED]: 'proposal-rejected',
  [ProposalEndStatus.RESERVED]: 'proposal-reserved',
};

/** The job id of the decision e-mail of one ProposalNotified event: enqueued again, it is still sent once. */
export const decisionEmailJobId = (eventId: string): string => `proposal-notified-${eventId}`;

/**
 * Each ProposalNotified becomes one e-mail job to the PI (accepted / rejected / reserved, with the comment for
 * the user as it stood when notified), its id derived from the event: never sent twice.
 */
@Injectable()
@RegisterProjection()
export class SendDecisionEmailOnProposalNotifiedReaction implements Projection {
  readonly name = 'send_decision_email_on_proposal_notified';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [PROPOSAL_NOTIFIED];
  readonly tables = [];
  private readonly logger = new Logger('DecisionEmail');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly settings: SettingsRepository,
    private readonly proposals: ProposalsRepository,
    private readonly users: UsersService,
  ) {}

  /** `tx`: the reaction's writes, committed with its checkpoint (the e-mail is owed there) */
  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as ProposalNotifiedData;
    const templateId = TEMPLATE_OF[d.finalStatus];
    const template = templateId ? emailTemplateById(templateId) : undefined;
    const pi = await this.users.byId(d.proposerId);
    if (!template || !pi?.email) {
      this.logger.warn(`Proposal ${d.proposalId} notified, but no e-mail sent: no template or no PI e-mail`);
      return;
    }
    const all = await this.settings.settings();
    const setting = (id: SettingsId) =>
      all.find((s) => s.id === id)?.settingsValue || SETTING_DEFAULTS[id].value;
    const proposal = await this.proposals.proposal(d.proposalPk);
    const mail = renderEmailTemplate(template, {
      'recipient.firstname': pi.preferredname || pi.firstname,
      'recipient.lastname': pi.lastname,
      'facility.name': setting(SettingsId.ORGANISATION_NAME),
      'facility.userOfficeEmail': setting(SettingsId.USER_OFFICE_EMAIL),
      'proposal.proposalId': d.proposalId,
      'proposal.title': proposal?.title,
      'proposal.finalStatus': d.finalStatus,
      'proposal.commentForUser': d.commentForUser,
      'links.proposal': `${this.config.publicUrl}/ProposalEdit/${d.proposalPk}`,
    });
    await this.mailer.owe(tx, decisionEmailJobId(event.eventId), { to: pi.email, ...mail });
  }
}
