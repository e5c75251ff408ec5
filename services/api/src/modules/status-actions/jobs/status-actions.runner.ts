import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  QUEUES,
  RabbitMqProfile,
  STATUS_ACTION_JOB_NAMES,
  StatusActionType,
  statusActionsLogStreamId,
  type StatusActionJobData,
  type StatusActionProposalRef,
  type StatusActionSpec,
} from '@user-office/contracts';
import { RequestContext, type RequestContextData } from '../../../platform/context/request-context';
import { EventSourcing, type Loaded } from '../../../platform/cqrs/event-sourcing';
import { IdSequences } from '../../../platform/database/id-sequences';
import type { EventMetadata } from '../../../platform/event-store/event-store.port';
import { fulfilled, rejected, settleAll, type Settled } from '../../../platform/queue/job-batches';
import type { BatchJob, JobContext, JobQueue, JobSettlement } from '../../../platform/queue/job-queue.port';
import { JOB_QUEUE } from '../../../platform/tokens';
import { MailerService } from '../../notifications';
import { ProposalsRepository, type ProposalModel } from '../../proposals';
import {
  initialStatusActionsLogState,
  evolveStatusActionsLog,
  statusActionsLogDecider,
  type StatusActionsLogCommand,
  type StatusActionsLogState,
} from '../domain/status-actions-log.decide';
import { StatusActionEmails } from '../email/status-action-emails';
import { StatusActionMessages } from '../rabbitmq/status-action-messages';
import { COMBINE_EMAILS_WINDOW_MS, CombinedEmailBatches } from './combined-email-batches';
import { StatusActionError, errorText } from './status-action-error';

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
 * the most jobs of the `rabbitmq` queue one batch takes (two batches run at once: 200 messages in flight; a burst
 * of 1,000 went out 7–23 % sooner than with 50, alternated; 200 was no better)
 */
export const RABBITMQ_BATCH = 100;

/** the request context a job's outcome is appended under: its cause, and its request's correlation id */
const metadataOf = (data: StatusActionJobData): EventMetadata => ({
  actorId: null,
  impersonatorId: null,
  correlationId: data.correlationId ?? randomUUID(),
  causationId: data.causationId,
});

/** What a batch's job ended with, before its outcome is logged. */
interface Ended {
  index: number;
  data: StatusActionJobData;
  jobId: string;
  successful: boolean;
  tries: number;
  result: ActionResult;
  /** what the job settles with once logged */
  settlement: JobSettlement;
}

/**
 * The worker side of status actions (ARCHITECTURE §4): runs a job (an e-mail through the mailer, a message to
 * RabbitMQ with publisher confirms), then appends its outcome to the log entry's stream: success, or failure
 * after the last try (at once when trying again cannot help). Exactly one outcome per job: a job whose outcome is
 * already in the stream (a worker died after logging it; the queue ran it again) does nothing, and the append
 * checks the stream's version, so two workers running the same job log one success between them. The side effect
 * itself is at least once: a worker that dies between sending and logging sends again when the job is re-run.
 *
 * Jobs run in batches (what the queue hands over within a few ms, up to RABBITMQ_BATCH on `rabbitmq`, the mailer's
 * batch on `email`): the log entries read in one query, the actions performed together (StatusActionMessages puts
 * every message in flight at once; StatusActionEmails sends through the mailer's pool), the outcomes appended in one
 * transaction (each stream with its expected version; a race with another worker falls back to one append per
 * job, deciding again). Each job still ends on its own: its retry, its failure, its outcome.
 */
@Injectable()
export class StatusActionsRunner implements OnModuleInit {
  private readonly logger = new Logger('StatusActions');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly events: EventSourcing,
    private readonly ids: IdSequences,
    private readonly mailer: MailerService,
    private readonly proposals: ProposalsRepository,
    private readonly batches: CombinedEmailBatches,
    private readonly emails: StatusActionEmails,
    private readonly messages: StatusActionMessages,
  ) {}

  onModuleInit(): void {
    this.queue.registerBatchProcessor<StatusActionJobData>(
      QUEUES.rabbitmq,
      (jobs) => this.processBatch(jobs),
      { maxBatch: RABBITMQ_BATCH },
    );
    this.mailer.handleBatch<StatusActionJobData>(STATUS_ACTION_JOB_NAMES.email, (jobs) =>
      this.processBatch(jobs),
    );
  }

  /** one job: run unless already logged, log the outcome once (a batch of one) */
  async process(data: StatusActionJobData, job: JobContext): Promise<StatusActionJobResult> {
    const [settled] = await this.processBatch([{ data, job }]);
    if (!settled.ok) throw settled.error;
    return settled.value as StatusActionJobResult;
  }

  /** the jobs' processor: each runs unless already logged, and logs its outcome once */
  async processBatch(jobs: readonly BatchJob<StatusActionJobData>[]): Promise<JobSettlement[]> {
    const settled: JobSettlement[] = jobs.map(() => ({ ok: false, error: new Error('not run') }));
    const entries = await this.entries(jobs.map((j) => j.data.logKey));
    const todo = jobs.flatMap(({ data, job }, index) => {
      const logged = entries.get(data.logKey)?.state.outcomes[job.id];
      if (logged === undefined) return [{ index, data, job }];
      settled[index] = { ok: true, value: { successful: logged, alreadyLogged: true } };
      return [];
    });
    if (todo.length === 0) return settled;
    // combined e-mails close their batch first (each waits out what is left of its window)
    const runs = await settleAll(
      todo.map(async ({ data }) => ({ ...data, action: await this.collect(data) })),
    );
    const performing = todo.flatMap((t, k) => {
      const run = runs[k];
      return run.ok ? [{ ...t, run: run.value }] : [];
    });
    const performed = await this.performMany(
      performing.map(({ run, job }) => ({ action: run.action, jobId: job.id, replay: run.replay })),
    );
    const outcomes = new Map<number, { run: StatusActionJobData; result: Settled<ActionResult> }>();
    todo.forEach((t, k) => {
      const run = runs[k];
      if (!run.ok) outcomes.set(t.index, { run: t.data, result: rejected(run.error) });
    });
    performing.forEach((p, k) => outcomes.set(p.index, { run: p.run, result: performed[k] }));

    const ended: Ended[] = [];
    const failedRefs: number[] = [];
    for (const { index, data, job } of todo) {
      const { run, result } = outcomes.get(index)!;
      const tries = job.attemptsMade + 1;
      if (result.ok) {
        ended.push({
          index,
          data: run,
          jobId: job.id,
          successful: true,
          tries,
          result: result.value,
          settlement: { ok: true, value: { successful: true } },
        });
        continue;
      }
      const error = result.error;
      const permanent = error instanceof StatusActionError && error.permanent;
      if (!permanent && tries < data.attempts) {
        this.logger.log(`Status action job ${job.id}, try ${tries} of ${data.attempts}: ${errorText(error)}`);
        settled[index] = { ok: false, error }; // the queue tries again after its backoff
        continue;
      }
      const message =
        permanent || data.attempts === 1 ? errorText(error) : `${errorText(error)} (after ${tries} tries)`;
      failedRefs.push(ended.length);
      ended.push({
        index,
        data: run,
        jobId: job.id,
        successful: false,
        tries,
        result: { recipient: recipientOf(run.action), proposals: [], message },
        settlement: permanent ? { ok: true, value: { successful: false } } : { ok: false, error },
      });
    }
    if (failedRefs.length > 0) {
      const refs = await this.proposalRefs([
        ...new Set(failedRefs.flatMap((k) => proposalsOf(ended[k].data.action))),
      ]);
      for (const k of failedRefs)
        ended[k].result.proposals = proposalsOf(ended[k].data.action).map(
          (pk) => refs.get(pk) ?? unknownRef(pk),
        );
    }
    const recorded = await this.recordMany(ended, entries);
    ended.forEach((e, k) => {
      const error = recorded[k];
      settled[e.index] = error === null ? e.settlement : { ok: false, error };
    });
    return settled;
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
    const [result] = await this.performMany([
      {
        action,
        jobId: job?.jobId ?? `${action.sourceEventId}-${action.actionId}`,
        replay: job?.replay ?? false,
      },
    ]);
    if (!result.ok) throw result.error;
    return result.value;
  }

  /**
   * The side effects of many jobs at once: the proposals read in one query, the e-mails sent together, the
   * messages published together. Each settles on its own (a StatusActionError, permanent when trying again
   * cannot help).
   */
  async performMany(
    jobs: readonly { action: StatusActionSpec; jobId: string; replay: boolean }[],
  ): Promise<Settled<ActionResult>[]> {
    if (jobs.length === 0) return [];
    // a compatible message owed before the proposal was deleted is still published (it precedes PROPOSAL_DELETED)
    const compatible = (action: StatusActionSpec) => action.rabbitmq?.profile === RabbitMqProfile.COMPATIBLE;
    const pksOf = (deleted: boolean) => [
      ...new Set(jobs.flatMap((j) => (compatible(j.action) === deleted ? proposalsOf(j.action) : []))),
    ];
    let live: Map<number, ProposalModel>;
    let withDeleted: Map<number, ProposalModel>;
    try {
      const [found, foundWithDeleted] = await Promise.all([
        this.proposals.proposals(pksOf(false)),
        this.proposals.proposals(pksOf(true), { includeDeleted: true }),
      ]);
      live = new Map(found.map((p) => [p.primaryKey, p]));
      withDeleted = new Map(foundWithDeleted.map((p) => [p.primaryKey, p]));
    } catch (error) {
      return jobs.map(() => rejected(error));
    }
    const results: Settled<ActionResult>[] = jobs.map(() => rejected(new Error('not run')));
    const emails: { index: number; existing: ProposalModel[] }[] = [];
    const messages: { index: number; existing: ProposalModel[] }[] = [];
    jobs.forEach(({ action }, index) => {
      const pks = proposalsOf(action);
      const found = compatible(action) ? withDeleted : live;
      // in the order of the action (the batch's joining order), without those deleted since
      const existing = pks.flatMap((pk) => found.get(pk) ?? []);
      if (existing.length === 0)
        results[index] = rejected(
          new StatusActionError(
            pks.length === 1
              ? `Proposal ${pks[0]} no longer exists`
              : `Proposals ${pks.join(', ')} no longer exist`,
            true,
          ),
        );
      else if (action.actionType === StatusActionType.EMAIL) emails.push({ index, existing });
      else if (action.actionType === StatusActionType.RABBITMQ) messages.push({ index, existing });
      else
        results[index] = rejected(
          new StatusActionError(`Unknown status action type ${String(action.actionType)}`, true),
        );
    });
    const settle = async <R extends { recipient: string; message: string }>(
      group: { index: number; existing: ProposalModel[] }[],
      run: () => Promise<Settled<R>[]>,
    ) => {
      if (group.length === 0) return;
      let done: Settled<R>[];
      try {
        done = await run();
      } catch (error) {
        done = group.map(() => rejected(error));
      }
      group.forEach(({ index, existing }, k) => {
        const r = done[k];
        results[index] = r.ok
          ? fulfilled({
              recipient: r.value.recipient,
              message: r.value.message,
              proposals: existing.map(refOf),
            })
          : rejected(r.error);
      });
    };
    await Promise.all([
      settle(emails, () =>
        this.emails.sendMany(
          emails.map(({ index, existing }) => ({ action: jobs[index].action, proposals: existing })),
        ),
      ),
      settle(messages, () =>
        this.messages.publishMany(
          messages.map(({ index, existing }) => ({
            action: jobs[index].action,
            proposal: existing[0],
            jobId: jobs[index].jobId,
            replay: jobs[index].replay,
          })),
        ),
      ),
    ]);
    return results;
  }

  /** the log entries of these keys, folded, in one read */
  private entries(logKeys: readonly string[]): Promise<Map<string, Loaded<StatusActionsLogState>>> {
    return this.events
      .loadMany(
        [...new Set(logKeys)].map((key) => statusActionsLogStreamId(key)),
        initialStatusActionsLogState,
        evolveStatusActionsLog,
      )
      .then(
        (loaded) =>
          new Map([...new Set(logKeys)].map((key) => [key, loaded.get(statusActionsLogStreamId(key))!])),
      );
  }

  /**
   * Appends the jobs' outcomes (nothing for a job that already has one), every stream in one transaction with its
   * expected version; another writer on one of them in between makes the batch decide again on fresh state, and
   * failing that each outcome is appended on its own. Per job: null once its outcome is in its stream, else the
   * error that fails its try.
   */
  private async recordMany(
    ended: readonly Ended[],
    entries: Map<string, Loaded<StatusActionsLogState>>,
  ): Promise<(unknown | null)[]> {
    if (ended.length === 0) return [];
    const known = (e: Ended) =>
      entries.get(e.data.logKey)?.state.statusActionsLogId ?? e.data.statusActionsLogId ?? null;
    const command = (e: Ended, candidateLogId: number): StatusActionsLogCommand => ({
      type: 'RecordOutcome',
      successful: e.successful,
      candidateLogId,
      outcome: {
        logKey: e.data.logKey,
        jobId: e.jobId,
        replay: e.data.replay,
        action: e.data.action,
        recipient: e.result.recipient,
        proposals: e.result.proposals,
        message: e.result.message,
        tries: e.tries,
        timestamp: new Date().toISOString(),
      },
    });
    try {
      const fresh = await this.ids.nextMany(
        LOG_ID_SEQUENCE,
        ended.filter((e) => known(e) === null).length,
        LOG_ID_FLOOR,
      );
      let next = 0;
      await this.events.executeMany(
        statusActionsLogDecider,
        ended.map((e) => ({
          streamId: statusActionsLogStreamId(e.data.logKey),
          command: command(e, known(e) ?? fresh[next++]),
          metadata: metadataOf(e.data),
        })),
      );
      return ended.map(() => null);
    } catch (error) {
      if (ended.length === 1) return [error];
      // one at a time: each decides on its stream as it is now
      return Promise.all(
        ended.map((e) =>
          this.record(e, command).then(
            () => null,
            (failure: unknown) => failure,
          ),
        ),
      );
    }
  }

  /** appends one job's outcome (nothing when the job already has one): the append checks the stream's version */
  private async record(
    e: Ended,
    command: (e: Ended, candidateLogId: number) => StatusActionsLogCommand,
  ): Promise<void> {
    const { state } = await this.events.load(
      statusActionsLogStreamId(e.data.logKey),
      initialStatusActionsLogState,
      evolveStatusActionsLog,
    );
    if (state.outcomes[e.jobId] !== undefined) return;
    const candidateLogId =
      state.statusActionsLogId ??
      e.data.statusActionsLogId ??
      (await this.ids.next(LOG_ID_SEQUENCE, LOG_ID_FLOOR));
    const context: Partial<RequestContextData> = { causationId: e.data.causationId };
    if (e.data.correlationId) context.correlationId = e.data.correlationId;
    await RequestContext.run(context, () =>
      this.events.execute(
        statusActionsLogStreamId(e.data.logKey),
        statusActionsLogDecider,
        command(e, candidateLogId),
      ),
    );
  }

  /** the proposals' references for the log, in one read (a proposal gone since: its key alone) */
  private async proposalRefs(proposalPks: readonly number[]): Promise<Map<number, StatusActionProposalRef>> {
    try {
      return new Map((await this.proposals.proposals(proposalPks)).map((p) => [p.primaryKey, refOf(p)]));
    } catch {
      return new Map();
    }
  }
}

const unknownRef = (primaryKey: number): StatusActionProposalRef => ({
  primaryKey,
  proposalId: '',
  title: '',
  callId: 0,
});

const refOf = (p: ProposalModel): StatusActionProposalRef => ({
  primaryKey: p.primaryKey,
  proposalId: p.proposalId,
  title: p.title,
  callId: p.callId,
});
