import { Inject, Injectable } from '@nestjs/common';
import {
  CO_PROPOSER_INVITED,
  SETTING_DEFAULTS,
  SettingsId,
  type CoProposerInvitedData,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { MailerService } from '../../notifications';
import { SettingsRepository } from '../../settings';
import { UsersService } from '../../users';
import { ProposalsRepository } from '../read-models/proposals/proposals.repository';

/** Each co-proposer invitation becomes one e-mail job with the invitation's id: never sent twice. */
@Injectable()
@RegisterProjection()
export class SendInviteEmailOnCoProposerInvitedReaction implements Projection {
  readonly name = 'send_invite_email_on_co_proposer_invited';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [CO_PROPOSER_INVITED];
  readonly tables = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly settings: SettingsRepository,
    private readonly proposals: ProposalsRepository,
    private readonly users: UsersService,
  ) {}

  /** `tx`: the reaction's writes, committed with its checkpoint (the e-mail is owed there) */
  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as CoProposerInvitedData;
    const all = await this.settings.settings();
    const organisation =
      all.find((s) => s.id === SettingsId.ORGANISATION_NAME)?.settingsValue ||
      SETTING_DEFAULTS[SettingsId.ORGANISATION_NAME].value;
    const proposal = await this.proposals.proposal(d.proposalPk);
    const inviter =
      (await this.users.displayNames([d.createdByUserId])).get(d.createdByUserId) ?? 'A colleague';
    const title = proposal?.title ? `"${proposal.title}"` : 'a proposal';
    await this.mailer.owe(tx, `co-proposer-invite-${d.inviteId}`, {
      to: d.email,
      subject: `${organisation}: you are invited to join ${title}`,
      text:
        `${inviter} invites you to join ${title} as co-proposer at the ${organisation} user office.\n\n` +
        `Log in at ${this.config.publicUrl}/ and use "Join proposal" with this code: ${d.code}\n` +
        `The invitation is valid until ${d.expiresAt.slice(0, 10)}.\n`,
    });
  }
}
