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
import {
  StatusActionsScheduler,
  type OwedStatusActionView,
  type StatusActionJob,
} from '../jobs/status-actions.scheduler';
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
    await this.applyBatch(tx, [event]);
  }

  /**
   * The status changes of one projector batch (a bulk change's 1,000 at once) planned together: each connection,
   * the proposals, their recipients and the log ids read once for the batch, the jobs owed in a few multi-row
   * statements, in event order.
   */
  async applyBatch(tx: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
    const changes = events.flatMap((event) => {
      const d = event.data as ProposalStatusChangedData;
      return d.connectionId === null || d.connectionId === undefined
        ? []
        : [{ event, d, connectionId: d.connectionId }];
    });
    if (changes.length === 0) return;
    const connectionIds = [...new Set(changes.map((c) => c.connectionId))];
    const connections = new Map(
      await Promise.all(connectionIds.map(async (id) => [id, await this.workflows.connection(id)] as const)),
    );
    const acting = changes.flatMap((c) => {
      const connection = connections.get(c.connectionId);
      return connection && connection.statusActions.length > 0 ? [{ ...c, connection }] : [];
    });
    if (acting.length === 0) return;
    const found = await this.proposals.proposals([...new Set(acting.map((c) => c.d.proposalPk))]);
    const byPk = new Map(found.map((p) => [p.primaryKey, p]));
    // a proposal deleted since: nobody to act for
    const live = acting.flatMap((c) => {
      const proposal = byPk.get(c.d.proposalPk);
      return proposal ? [{ ...c, proposal }] : [];
    });
    const resolved = await this.recipients.resolveMany(
      live.map((c) => ({
        groups: c.connection.statusActions
          .filter((a) => a.actionType === StatusActionType.EMAIL)
          .flatMap((a) => emailRecipientEntries(a.config).map((e) => e.group)),
        proposal: c.proposal,
      })),
    );
    const collectUntil = new Date(Date.now() + COMBINE_EMAILS_WINDOW_MS).toISOString();
    const planned = live.flatMap((c, i) =>
      planStatusActionJobs(
        {
          eventId: c.event.eventId,
          occurredAt: c.event.createdAt.toISOString(),
          proposalPk: c.d.proposalPk,
          // ExperimentWorkflowStatusChanged (the experiments' subclass of this reaction) names its experiment
          experimentPk: (c.d as { experimentPk?: number }).experimentPk ?? null,
          statusId: c.d.statusId,
          connectionId: c.connectionId,
          correlationId: c.event.metadata.correlationId ?? null,
          collectUntil,
          position: c.event.position,
        },
        c.connection.statusActions,
        (group: EmailStatusActionRecipients) => resolved[i].get(group) ?? { to: [], unresolved: null },
        { profile: this.config.rabbitmqDefaultProfile, exchanges: this.config.rabbitmqExchanges },
      ).map((job) => ({ job, change: c })),
    );
    if (planned.length === 0) return;
    // the entries' ids are drawn now, so that the log lists the jobs before they run (a job owed twice keeps its first)
    const logIds = await this.ids.nextMany(LOG_ID_SEQUENCE, planned.length, LOG_ID_FLOOR);
    const entries: { job: StatusActionJob; view: OwedStatusActionView }[] = [];
    for (const [k, { job, change }] of planned.entries()) {
      const jobId = job.action.combined
        ? await this.batches.join(job.action.combined.batchKey, change.event.eventId, change.d.proposalPk)
        : job.jobId;
      entries.push({
        job: {
          jobId,
          logKey: jobId,
          replay: false,
          action: job.action,
          causationId: change.event.eventId,
          correlationId: change.event.metadata.correlationId ?? null,
          statusActionsLogId: logIds[k],
        },
        view: {
          recipient: recipientOf(job.action),
          proposals: [
            {
              primaryKey: change.proposal.primaryKey,
              proposalId: change.proposal.proposalId,
              title: change.proposal.title,
              callId: change.proposal.callId,
            },
          ],
        },
      });
    }
    await this.scheduler.oweMany(tx, entries);
  }
}
