import { Injectable } from '@nestjs/common';
import {
  SETTING_DEFAULTS,
  SettingsId,
  USER_INVITED_BY_EMAIL,
  type UserInvitedByEmailData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { MailerService } from '../../notifications';
import { SettingsRepository } from '../../settings';

/** Each invitation becomes one e-mail job, id derived from the event: a crash or a retry never sends twice. */
@Injectable()
@RegisterProjection()
export class SendInviteEmailOnUserInvitedReaction implements Projection {
  readonly name = 'send_invite_email_on_user_invited';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [USER_INVITED_BY_EMAIL];
  readonly tables = [];

  constructor(
    private readonly mailer: MailerService,
    private readonly settings: SettingsRepository,
  ) {}

  /** `tx`: the reaction's writes, committed with its checkpoint (the e-mail is owed there) */
  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as UserInvitedByEmailData;
    const all = await this.settings.settings();
    const value = (id: SettingsId) =>
      all.find((s) => s.id === id)?.settingsValue || SETTING_DEFAULTS[id].value;
    const organisation = value(SettingsId.ORGANISATION_NAME);
    const loginUrl = value(SettingsId.EXTERNAL_AUTH_LOGIN_URL);
    await this.mailer.owe(tx, `invite-${event.eventId}`, {
      to: d.email,
      subject: `You have been invited to the ${organisation} user office`,
      text:
        `Dear ${d.firstname} ${d.lastname},\n\n` +
        `you have been invited to the ${organisation} user office as ${d.role}.\n` +
        `Log in with this e-mail address (${d.email}) to accept the invitation${loginUrl ? `: ${loginUrl}` : '.'}\n`,
    });
  }
}
