import { Inject, Injectable } from '@nestjs/common';
import {
  EMAIL_TEMPLATES,
  ProposalEndStatus,
  SETTING_DEFAULTS,
  SettingsId,
  type StatusActionSpec,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { fulfilled, rejected, type Settled } from '../../../platform/queue/job-batches';
import { CallsRepository } from '../../calls';
import { ExperimentsRepository } from '../../experiments';
import { InstrumentsRepository } from '../../instruments';
import { MailerService, renderEmailTemplate, type RenderedEmail } from '../../notifications';
import type { ProposalModel } from '../../proposals';
import { SettingsRepository } from '../../settings';
import { UsersService } from '../../users';
import { WorkflowsRepository } from '../../workflows';
import { experimentPlaceholders } from '../domain/experiment-placeholders';
import { StatusActionError, errorText } from '../jobs/status-action-error';

/** One e-mail action to send: its action, and the proposals it is for (a combined one's, in joining order). */
export interface StatusActionEmail {
  action: StatusActionSpec;
  proposals: readonly ProposalModel[];
}

/** What a sent e-mail logs. */
export interface SentStatusActionEmail {
  recipient: string;
  message: string;
}

/**
 * The e-mails of EMAIL status actions (§3): each rendered from its template with the values of its proposals (a
 * combined one fills each placeholder with all of theirs, see EMAIL_TEMPLATES), then sent. Many at once: the
 * settings, calls, statuses and PIs are read once for the batch, and the mailer sends them together through its
 * pooled SMTP transport.
 */
@Injectable()
export class StatusActionEmails {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly calls: CallsRepository,
    private readonly users: UsersService,
    private readonly workflows: WorkflowsRepository,
    private readonly settings: SettingsRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly instruments: InstrumentsRepository,
  ) {}

  /** sends each e-mail; one settles with a StatusActionError (permanent when trying again cannot help) */
  async sendMany(emails: readonly StatusActionEmail[]): Promise<Settled<SentStatusActionEmail>[]> {
    if (emails.length === 0) return [];
    const proposals = emails.flatMap((e) => e.proposals);
    const [calls, statuses, pis, settings, experiments] = await Promise.all([
      this.byId([...new Set(proposals.map((p) => p.callId))], (id) => this.calls.call(id)),
      this.byId([...new Set(emails.map((e) => e.action.statusId))], (id) =>
        this.workflows.status(id, { includeDeleted: true }),
      ),
      this.users.byIds([...new Set(proposals.map((p) => p.proposerId))]),
      this.settings.settings(),
      this.byId(
        [...new Set(emails.flatMap((e) => (e.action.experimentPk ? [e.action.experimentPk] : [])))],
        (pk) => this.experimentFacts(pk),
      ),
    ]);
    const piOf = new Map(pis.map((u) => [u.id, u] as const));
    const setting = (id: SettingsId) =>
      settings.find((s) => s.id === id)?.settingsValue || SETTING_DEFAULTS[id].value;
    const rendered = emails.map(
      ({ action, proposals: mine }): Settled<{ to: string; mail: RenderedEmail }> => {
        const target = action.email;
        if (!target) return rejected(new StatusActionError('The e-mail action has no recipient', true));
        if (!target.to)
          return rejected(
            new StatusActionError(`No e-mail sent: ${target.unresolved ?? 'nobody to write to'}`, true),
          );
        const template = EMAIL_TEMPLATES.find((t) => t.id === target.emailTemplateId);
        if (!template)
          return rejected(new StatusActionError(`Unknown e-mail template ${target.emailTemplateId}`, true));
        const experiment = action.experimentPk ? (experiments.get(action.experimentPk) ?? null) : null;
        const mail = renderEmailTemplate(template, {
          'recipient.firstname': target.to.firstname,
          'recipient.lastname': target.to.lastname,
          'facility.name': setting(SettingsId.ORGANISATION_NAME),
          'facility.userOfficeEmail': setting(SettingsId.USER_OFFICE_EMAIL),
          'proposal.proposalId': all(
            mine.map((p) => p.proposalId),
            ', ',
            false,
          ),
          'proposal.title': all(
            mine.map((p) => p.title),
            '; ',
            false,
          ),
          'proposal.status.name': statuses.get(action.statusId)?.name,
          'proposal.finalStatus': all(
            mine.map((p) => (p.finalStatus === ProposalEndStatus.UNSET ? '' : p.finalStatus)),
          ),
          'proposal.commentForUser': all(
            mine.map((p) => p.commentForUser),
            '\n\n',
            false,
          ),
          'proposal.principalInvestigator': all(
            mine.map((p) => {
              const pi = piOf.get(p.proposerId);
              return pi ? `${pi.preferredname || pi.firstname} ${pi.lastname}` : '';
            }),
          ),
          'call.shortCode': all(mine.map((p) => calls.get(p.callId)?.shortCode)),
          // one proposal: its page; several: the portal's start page, which lists them
          'links.proposal':
            mine.length === 1
              ? `${this.config.publicUrl}/ProposalEdit/${mine[0].primaryKey}`
              : `${this.config.publicUrl}/`,
          ...(experiment ? experimentPlaceholders(experiment, setting(SettingsId.TIMEZONE)) : {}),
        });
        return fulfilled({ to: target.to.email, mail });
      },
    );
    const ready = rendered.flatMap((r, i) => (r.ok ? [{ i, ...r.value }] : []));
    const deliveries = await this.mailer.deliverMany(ready.map((r) => ({ mail: { to: r.to, ...r.mail } })));
    const sent: Settled<SentStatusActionEmail>[] = rendered.map((r) =>
      r.ok ? rejected(new Error('not sent')) : rejected(r.error),
    );
    ready.forEach(({ i, to, mail }, k) => {
      const delivery = deliveries[k];
      sent[i] = delivery.ok
        ? fulfilled({
            recipient: to,
            message:
              `E-mail "${mail.subject}" (${emails[i].action.email?.emailTemplateId}) sent to ${to}` +
              (delivery.value.via === 'outbox' ? ' (kept in the local outbox: SMTP_URL is not set)' : ''),
          })
        : rejected(
            new StatusActionError(`E-mail to ${to} could not be sent: ${errorText(delivery.error)}`, false, {
              cause: delivery.error,
            }),
          );
    });
    return sent;
  }

  /** the experiment an experiment workflow's action is for, as its placeholders need it (null: gone) */
  private async experimentFacts(experimentPk: number) {
    const experiment = await this.experiments.get(experimentPk, { includeDeleted: true });
    if (!experiment) return null;
    const [instrument, localContact] = await Promise.all([
      this.instruments.instrument(experiment.instrumentId, { includeDeleted: true }),
      experiment.localContactId === null ? null : this.users.byId(experiment.localContactId),
    ]);
    return {
      experimentId: experiment.experimentId,
      startsAt: experiment.startsAt,
      endsAt: experiment.endsAt,
      status: experiment.status,
      instrumentName: instrument?.name ?? null,
      localContact,
    };
  }

  /** each id's record, read one by one (a batch names few calls, statuses and experiments) */
  private async byId<T>(
    ids: readonly number[],
    read: (id: number) => Promise<T | null>,
  ): Promise<Map<number, T>> {
    const records = await Promise.all(ids.map(async (id) => [id, await read(id)] as const));
    return new Map(records.flatMap(([id, record]) => (record === null ? [] : [[id, record] as const])));
  }
}

/** each proposal's value, joined; `distinct` once each (the call of three proposals of one call) */
function all(values: (string | null | undefined)[], separator = ', ', distinct = true): string {
  const present = values.filter((v): v is string => !!v);
  return (distinct ? [...new Set(present)] : present).join(separator);
}
