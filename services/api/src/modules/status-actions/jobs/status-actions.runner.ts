import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  EMAIL_TEMPLATES,
  ProposalEndStatus,
  PROPOSAL_STATUS_ACTION_EXECUTED,
  PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE,
  QUEUES,
  RabbitMqProfile,
  SETTING_DEFAULTS,
  STATUS_ACTION_JOB_NAMES,
  SettingsId,
  StatusActionType,
  statusActionsLogStreamId,
  type StatusActionJobData,
  type StatusActionProposalRef,
  type StatusActionSpec,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { RequestContext, type RequestContextData } from '../../../platform/context/request-context';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { IdSequences } from '../../../platform/database/id-sequences';
import type { JobContext, JobQueue } from '../../../platform/queue/job-queue.port';
import { JOB_QUEUE } from '../../../platform/tokens';
import { CallsRepository } from '../../calls';
import { ExperimentsRepository } from '../../experiments';
import { InstrumentsRepository } from '../../instruments';
import { MailerService, renderEmailTemplate } from '../../notifications';
import { ProposalsRepository, type ProposalModel } from '../../proposals';
import { SettingsRepository } from '../../settings';
import { UsersService } from '../../users';
import { WorkflowsRepository } from '../../workflows';
import {
  initialStatusActionsLogState,
  evolveStatusActionsLog,
  statusActionsLogDecider,
  type StatusActionsLogState,
} from '../domain/status-actions-log.decide';
import { CompatibleMessages } from '../downstream/compatible-messages.service';
import { PublishedMessages, proposalOrderingKey } from '../downstream/published-messages';
import { AmqpPublisher } from '../rabbitmq/amqp-publisher';
import { buildProposalStatusChangedMessage } from '../rabbitmq/proposal-status-changed.message-builder';
import { COMBINE_EMAILS_WINDOW_MS, CombinedEmailBatches } from './combined-email-batches';
import { StatusActionError, errorText } from './status-action-error';
import { experimentPlaceholders } from '../domain/experiment-placeholders';

/** What one job of a status action did. */
export interface ActionResult {
  recipient: string;
  proposals: StatusActionProposalRef[];
  message: string;
}

export interface StatusActionJobResult {
  successful: boolean;
  /** the job had already ended (a worker died after logging it): nothing was run again */
  alreadyLogged?: boolean;
}

export const LOG_ID_SEQUENCE = 'status_actions_log_id_seq';
/** the sequence stays above the ids of the log (rebuilt from another store) */
export const LOG_ID_FLOOR = { table: 'status_actions_logs', column: 'log_id' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** the proposals an action is for: the batch of a combined e-mail once closed, else its own proposal */
export const proposalsOf = (action: StatusActionSpec): readonly number[] =>
  action.combined?.proposalPks?.length ? action.combined.proposalPks : [action.proposalPk];

/** Who or what a job addresses, known without running it. */
export function recipientOf(action: StatusActionSpec): string {
  if (action.email) return action.email.to?.email ?? `(${action.email.recipientGroup})`;
  const exchanges = action.rabbitmq?.exchanges ?? [];
  return exchanges.length > 0 ? exchanges.join(', ') : '(no exchange)';
}

/**
 * The worker side of status actions (ARCHITECTURE §4): runs a job (an e-mail through the mailer, a message to
 * RabbitMQ with publisher confirms), then appends its outcome to the log entry's stream: success, or failure
 * after the last try (at once when trying again cannot help). Exactly one outcome per job: a job whose outcome is
 * already in the stream (a worker died after logging it; the queue ran it again) does nothing, and the append
 * checks the stream's version, so two workers running the same job log one success between them. The side effect
 * itself is at least once: a worker that dies between sending and logging sends again when the job is re-run.
 */
@Injectable()
export class StatusActionsRunner implements OnModuleInit {
  private readonly logger = new Logger('StatusActions');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly events: EventSourcing,
    private readonly ids: IdSequences,
    private readonly mailer: MailerService,
    private readonly publisher: AmqpPublisher,
    private readonly proposals: ProposalsRepository,
    private readonly calls: CallsRepository,
    private readonly users: UsersService,
    private readonly workflows: WorkflowsRepository,
    private readonly settings: SettingsRepository,
    private readonly batches: CombinedEmailBatches,
    private readonly experiments: ExperimentsRepository,
    private readonly instruments: InstrumentsRepository,
    private readonly compatible: CompatibleMessages,
    private readonly published: PublishedMessages,
  ) {}

  onModuleInit(): void {
    this.queue.registerProcessor<StatusActionJobData>(QUEUES.rabbitmq, (data, job) =>
      this.process(data, job),
    );
    this.mailer.handle<StatusActionJobData>(STATUS_ACTION_JOB_NAMES.email, (data, job) =>
      this.process(data, job),
    );
  }

  /** the job processor: run unless already logged, log the outcome once */
  process(data: StatusActionJobData, job: JobContext): Promise<StatusActionJobResult> {
    const context: Partial<RequestContextData> = { causationId: data.causationId };
    if (data.correlationId) context.correlationId = data.correlationId;
    return RequestContext.run(context, async () => {
      const logged = (await this.entry(data.logKey)).outcomes[job.id];
      if (logged !== undefined) return { successful: logged, alreadyLogged: true };
      const tries = job.attemptsMade + 1;
      let run = data;
      let result: ActionResult;
      try {
        run = { ...data, action: await this.collect(data) };
        result = await this.perform(run.action, { jobId: job.id, replay: data.replay });
      } catch (error) {
        const permanent = error instanceof StatusActionError && error.permanent;
        if (!permanent && tries < data.attempts) {
          this.logger.log(
            `Status action job ${job.id}, try ${tries} of ${data.attempts}: ${errorText(error)}`,
          );
          throw error; // the queue tries again after its backoff
        }
        const message =
          permanent || data.attempts === 1 ? errorText(error) : `${errorText(error)} (after ${tries} tries)`;
        await this.record(run, job.id, false, tries, {
          recipient: recipientOf(run.action),
          proposals: await this.proposalRefs(proposalsOf(run.action)),
          message,
        });
        if (permanent) return { successful: false };
        throw error;
      }
      await this.record(run, job.id, true, tries, result);
      return { successful: true };
    });
  }

  /**
   * A combined e-mail's first run closes its batch at the end of its collection window (the job is enqueued
   * delayed until then; a job that starts early, e.g. re-enqueued after a crash, waits out the rest): the action
   * it runs (and logs) lists the proposals that joined. Other actions, and replays, run as they are.
   */
  private async collect(data: StatusActionJobData): Promise<StatusActionSpec> {
    const combined = data.action.combined;
    if (!combined || combined.proposalPks !== null) return data.action;
    const wait = Math.min(Date.parse(combined.collectUntil) - Date.now(), COMBINE_EMAILS_WINDOW_MS);
    if (wait > 0) await sleep(wait);
    const joined = await this.batches.close(data.logKey);
    const proposalPks = joined && joined.length > 0 ? joined : [data.action.proposalPk];
    return { ...data.action, combined: { ...combined, proposalPks } };
  }

  /** the side effect alone: sends the e-mail or publishes the message; throws StatusActionError */
  async perform(
    action: StatusActionSpec,
    job: { jobId: string; replay: boolean } | null = null,
  ): Promise<ActionResult> {
    const pks = proposalsOf(action);
    // a compatible message owed before the proposal was deleted is still published (it precedes PROPOSAL_DELETED)
    const compatible = action.rabbitmq?.profile === RabbitMqProfile.COMPATIBLE;
    const found = compatible
      ? (await Promise.all(pks.map((pk) => this.proposals.proposal(pk, { includeDeleted: true })))).filter(
          (p): p is ProposalModel => p !== null,
        )
      : await this.proposals.proposals(pks);
    // in the order of the action (the batch's joining order), without those deleted since
    const existing = pks.flatMap((pk) => found.filter((p) => p.primaryKey === pk));
    if (existing.length === 0) {
      throw new StatusActionError(
        pks.length === 1
          ? `Proposal ${pks[0]} no longer exists`
          : `Proposals ${pks.join(', ')} no longer exist`,
        true,
      );
    }
    const proposals = existing.map(refOf);
    switch (action.actionType) {
      case StatusActionType.EMAIL:
        return { ...(await this.sendEmail(action, existing)), proposals };
      case StatusActionType.RABBITMQ:
        return {
          ...(action.rabbitmq?.profile === RabbitMqProfile.COMPATIBLE
            ? await this.publishCompatible(action, existing[0], job)
            : await this.publish(action, existing[0])),
          proposals,
        };
      default:
        throw new StatusActionError(`Unknown status action type ${String(action.actionType)}`, true);
    }
  }

  /** one e-mail; a combined one fills each placeholder with the values of all its proposals (see EMAIL_TEMPLATES) */
  private async sendEmail(
    action: StatusActionSpec,
    proposals: readonly ProposalModel[],
  ): Promise<Omit<ActionResult, 'proposals'>> {
    const target = action.email;
    if (!target) throw new StatusActionError('The e-mail action has no recipient', true);
    if (!target.to)
      throw new StatusActionError(`No e-mail sent: ${target.unresolved ?? 'nobody to write to'}`, true);
    const template = EMAIL_TEMPLATES.find((t) => t.id === target.emailTemplateId);
    if (!template) throw new StatusActionError(`Unknown e-mail template ${target.emailTemplateId}`, true);
    const [calls, status, pis, settings, experiment] = await Promise.all([
      Promise.all(proposals.map((p) => this.calls.call(p.callId))),
      this.workflows.status(action.statusId, { includeDeleted: true }),
      Promise.all(proposals.map((p) => this.users.byId(p.proposerId))),
      this.settings.settings(),
      action.experimentPk ? this.experimentFacts(action.experimentPk) : null,
    ]);
    const setting = (id: SettingsId) =>
      settings.find((s) => s.id === id)?.settingsValue || SETTING_DEFAULTS[id].value;
    /** each proposal's value, joined; `distinct` once each (the call of three proposals of one call) */
    const all = (values: (string | null | undefined)[], separator = ', ', distinct = true) => {
      const present = values.filter((v): v is string => !!v);
      return (distinct ? [...new Set(present)] : present).join(separator);
    };
    const mail = renderEmailTemplate(template, {
      'recipient.firstname': target.to.firstname,
      'recipient.lastname': target.to.lastname,
      'facility.name': setting(SettingsId.ORGANISATION_NAME),
      'facility.userOfficeEmail': setting(SettingsId.USER_OFFICE_EMAIL),
      'proposal.proposalId': all(
        proposals.map((p) => p.proposalId),
        ', ',
        false,
      ),
      'proposal.title': all(
        proposals.map((p) => p.title),
        '; ',
        false,
      ),
      'proposal.status.name': status?.name,
      'proposal.finalStatus': all(
        proposals.map((p) => (p.finalStatus === ProposalEndStatus.UNSET ? '' : p.finalStatus)),
      ),
      'proposal.commentForUser': all(
        proposals.map((p) => p.commentForUser),
        '\n\n',
        false,
      ),
      'proposal.principalInvestigator': all(
        pis.map((pi) => (pi ? `${pi.preferredname || pi.firstname} ${pi.lastname}` : '')),
      ),
      'call.shortCode': all(calls.map((call) => call?.shortCode)),
      // one proposal: its page; several: the portal's start page, which lists them
      'links.proposal':
        proposals.length === 1
          ? `${this.config.publicUrl}/ProposalEdit/${proposals[0].primaryKey}`
          : `${this.config.publicUrl}/`,
      ...(experiment ? experimentPlaceholders(experiment, setting(SettingsId.TIMEZONE)) : {}),
    });
    let delivery;
    try {
      delivery = await this.mailer.deliver({ to: target.to.email, ...mail });
    } catch (error) {
      throw new StatusActionError(
        `E-mail to ${target.to.email} could not be sent: ${errorText(error)}`,
        false,
        {
          cause: error,
        },
      );
    }
    return {
      recipient: target.to.email,
      message:
        `E-mail "${mail.subject}" (${template.id}) sent to ${target.to.email}` +
        (delivery.via === 'outbox' ? ' (kept in the local outbox: SMTP_URL is not set)' : ''),
    };
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

  private async publish(
    action: StatusActionSpec,
    proposal: ProposalModel,
  ): Promise<Omit<ActionResult, 'proposals'>> {
    const exchanges = action.rabbitmq?.exchanges ?? [];
    if (exchanges.length === 0) throw new StatusActionError('The RabbitMQ action names no exchange', true);
    const [call, status, pi, members] = await Promise.all([
      this.calls.call(proposal.callId),
      this.workflows.status(action.statusId, { includeDeleted: true }),
      this.users.byId(proposal.proposerId),
      this.users.byIds(proposal.userIds),
    ]);
    if (!pi)
      throw new StatusActionError(
        `The principal investigator (user ${proposal.proposerId}) no longer exists`,
        true,
      );
    const message = buildProposalStatusChangedMessage({
      eventId: action.sourceEventId,
      occurredAt: action.occurredAt,
      proposal,
      call: { shortCode: call?.shortCode ?? '' },
      status: { id: action.statusId, shortCode: status?.shortCode ?? '', name: status?.name ?? '' },
      proposer: pi,
      members,
    });
    await this.publisher.publish(exchanges, Buffer.from(JSON.stringify(message)), {
      contentType: 'application/json',
      contentEncoding: 'utf-8',
      type: PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE,
      messageId: action.sourceEventId,
      timestamp: Math.floor(Date.now() / 1000),
      appId: 'user-office',
    });
    return {
      recipient: exchanges.join(', '),
      message: `${PROPOSAL_STATUS_CHANGED_MESSAGE_TYPE} published to ${exchanges.join(', ')} (confirmed by the broker)`,
    };
  }

  /**
   * The compatible profile (contracts' downstream/compatible-messages.ts): PROPOSAL_STATUS_ACTION_EXECUTED to each
   * exchange, once per exchange, after every earlier message of the proposal (see PublishedMessages).
   */
  private async publishCompatible(
    action: StatusActionSpec,
    proposal: ProposalModel,
    job: { jobId: string; replay: boolean } | null,
  ): Promise<Omit<ActionResult, 'proposals'>> {
    const exchanges = action.rabbitmq?.exchanges ?? [];
    if (exchanges.length === 0) throw new StatusActionError('The RabbitMQ action names no exchange', true);
    const jobId = job?.jobId ?? `${action.sourceEventId}-${action.actionId}`;
    if (!job?.replay && action.position !== undefined)
      await this.published.assertTurn(
        { queue: QUEUES.rabbitmq, jobId },
        proposalOrderingKey(proposal.primaryKey),
        action.position,
      );
    const message = await this.compatible.proposal(proposal.primaryKey, {
      statusId: action.statusId,
      includeDeleted: true,
    });
    if (!message) throw new StatusActionError(`Proposal ${proposal.primaryKey} no longer exists`, true);
    const content = Buffer.from(JSON.stringify(message), 'utf8');
    const { published, already } = await this.published.publishOnce(jobId, exchanges, (exchange) =>
      this.publisher.publish([exchange], content, {
        contentType: 'application/json',
        contentEncoding: 'utf-8',
        type: PROPOSAL_STATUS_ACTION_EXECUTED,
        messageId: action.sourceEventId,
        timestamp: Date.parse(action.occurredAt),
        appId: 'user-office',
      }),
    );
    return {
      recipient: exchanges.join(', '),
      message:
        `${PROPOSAL_STATUS_ACTION_EXECUTED} published to ${published.join(', ') || '(none)'} (confirmed by the broker)` +
        (already.length > 0 ? `; already confirmed before on ${already.join(', ')}` : ''),
    };
  }

  private async entry(logKey: string): Promise<StatusActionsLogState> {
    const { state } = await this.events.load(
      statusActionsLogStreamId(logKey),
      initialStatusActionsLogState,
      evolveStatusActionsLog,
    );
    return state;
  }

  /** appends the job's outcome (nothing when the job already has one): the append checks the stream's version */
  private async record(
    data: StatusActionJobData,
    jobId: string,
    successful: boolean,
    tries: number,
    result: ActionResult,
  ): Promise<void> {
    const state = await this.entry(data.logKey);
    if (state.outcomes[jobId] !== undefined) return;
    const candidateLogId =
      state.statusActionsLogId ??
      data.statusActionsLogId ??
      (await this.ids.next(LOG_ID_SEQUENCE, LOG_ID_FLOOR));
    await this.events.execute(statusActionsLogStreamId(data.logKey), statusActionsLogDecider, {
      type: 'RecordOutcome',
      successful,
      candidateLogId,
      outcome: {
        logKey: data.logKey,
        jobId,
        replay: data.replay,
        action: data.action,
        recipient: result.recipient,
        proposals: result.proposals,
        message: result.message,
        tries,
        timestamp: new Date().toISOString(),
      },
    });
  }

  private async proposalRefs(proposalPks: readonly number[]): Promise<StatusActionProposalRef[]> {
    const unknown = (primaryKey: number) => ({ primaryKey, proposalId: '', title: '', callId: 0 });
    try {
      const found = await this.proposals.proposals(proposalPks);
      return proposalPks.map((pk) => {
        const proposal = found.find((p) => p.primaryKey === pk);
        return proposal ? refOf(proposal) : unknown(pk);
      });
    } catch {
      return proposalPks.map(unknown);
    }
  }
}

const refOf = (p: ProposalModel): StatusActionProposalRef => ({
  primaryKey: p.primaryKey,
  proposalId: p.proposalId,
  title: p.title,
  callId: p.callId,
});
