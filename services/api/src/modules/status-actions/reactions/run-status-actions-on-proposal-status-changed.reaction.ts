import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import {
  PROPOSAL_STATUS_CHANGED,
  StatusActionType,
  type EmailStatusActionRecipients,
  type ProposalStatusChangedData,
} from '@user-office/contracts';
import { IdSequences } from '../../../platform/database/id-sequences';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { ProposalsRepository } from '../../proposals';
import { WorkflowsRepository } from '../../workflows';
import { emailRecipientEntries, planStatusActionJobs } from '../domain/plan-status-action-jobs';
import { RecipientsResolver } from '../email/recipients.resolver';
import { COMBINE_EMAILS_WINDOW_MS, CombinedEmailBatches } from '../jobs/combined-email-batches';
import { StatusActionsScheduler } from '../jobs/status-actions.scheduler';
import { LOG_ID_FLOOR, LOG_ID_SEQUENCE, recipientOf } from '../jobs/status-actions.runner';

/**
 * Status actions never get lost (ARCHITECTURE §4): each status a proposal reaches (ProposalStatusChanged with a
 * connection) becomes one job per action of the connection, e-mails one per template and recipient, with ids
 * derived from the event, owed in PostgreSQL in the transaction that moves the reaction's checkpoint (the queue only
 * carries them: see OwedJobs). The reaction runs at least once; a second delivery owes nothing new (same ids), and a
 * job that already ran logs nothing twice (see StatusActionsRunner).
 * `combineEmails`: the proposals one bulk change (one request: one correlation id) moves over the connection share
 * one e-mail per template and address. Each status change joins its proposal to the batch
 * `<correlation id>-<connection id>-<action id>-<template id>-<address>` (CombinedEmailBatches, idempotent) and
 * enqueues the batch's open job, whose id is the batch key (a later job of the batch, if the first had already
 * run, `<batch key>-<event id>`): the first enqueue wins, the others are de-duplicated. The job is delayed until
 * `collectUntil` (COMBINE_EMAILS_WINDOW_MS after it was planned), then closes its batch, sends one e-mail listing every
 * proposal that joined, and logs one outcome with them all; the logged action names them, so a replay resends it.
 */
@Injectable()
@RegisterProjection()
export class RunStatusActionsOnProposalStatusChangedReaction implements Projection {
  readonly name: string = 'run_status_actions_on_proposal_status_changed';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes: string[] = [PROPOSAL_STATUS_CHANGED];
  readonly tables = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly workflows: WorkflowsRepository,
    private readonly proposals: ProposalsRepository,
    private readonly recipients: RecipientsResolver,
    private readonly scheduler: StatusActionsScheduler,
    private readonly batches: CombinedEmailBatches,
    private readonly ids: IdSequences,
  ) {}

  /** `tx`: the reaction's writes, committed with its checkpoint (the jobs it owes) */
  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as ProposalStatusChangedData;
    if (d.connectionId === null || d.connectionId === undefined) return;
    const connection = await this.workflows.connection(d.connectionId);
    if (!connection || connection.statusActions.length === 0) return;
    const proposal = await this.proposals.proposal(d.proposalPk);
    if (!proposal) return; // deleted since: nobody to act for
    const groups = connection.statusActions
      .filter((a) => a.actionType === StatusActionType.EMAIL)
      .flatMap((a) => emailRecipientEntries(a.config).map((e) => e.group));
    const resolved = await this.recipients.resolve(groups, proposal);
    const jobs = planStatusActionJobs(
      {
        eventId: event.eventId,
        occurredAt: event.createdAt.toISOString(),
        proposalPk: d.proposalPk,
        // ExperimentWorkflowStatusChanged (the experiments' subclass of this reaction) names its experiment
        experimentPk: (d as { experimentPk?: number }).experimentPk ?? null,
        statusId: d.statusId,
        connectionId: d.connectionId,
        correlationId: event.metadata.correlationId ?? null,
        collectUntil: new Date(Date.now() + COMBINE_EMAILS_WINDOW_MS).toISOString(),
        position: event.position,
      },
      connection.statusActions,
      (group: EmailStatusActionRecipients) => resolved.get(group) ?? { to: [], unresolved: null },
      { profile: this.config.rabbitmqDefaultProfile, exchanges: this.config.rabbitmqExchanges },
    );
    for (const job of jobs) {
      const jobId = job.action.combined
        ? await this.batches.join(job.action.combined.batchKey, event.eventId, d.proposalPk)
        : job.jobId;
      // the entry's id is drawn now, so that the log lists the job before it runs (a job owed twice keeps its first)
      await this.scheduler.owe(
        tx,
        {
          jobId,
          logKey: jobId,
          replay: false,
          action: job.action,
          causationId: event.eventId,
          correlationId: event.metadata.correlationId ?? null,
          statusActionsLogId: await this.ids.next(LOG_ID_SEQUENCE, LOG_ID_FLOOR),
        },
        {
          recipient: recipientOf(job.action),
          proposals: [
            {
              primaryKey: proposal.primaryKey,
              proposalId: proposal.proposalId,
              title: proposal.title,
              callId: proposal.callId,
            },
          ],
        },
      );
    }
  }
}
