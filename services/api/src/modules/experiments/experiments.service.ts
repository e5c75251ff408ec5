import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  HOURS_PER_ALLOCATION_UNIT,
  Role,
  WorkflowType,
  experimentMessages,
  type CreateExperimentInput,
  type ExperimentsFilter,
  type ScheduledExperimentInput,
  type UpdateExperimentInput,
  type UserExperimentsFilter,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { notFound } from '../../platform/errors/app-error';
import { CallsRepository } from '../calls';
import { InstrumentsRepository } from '../instruments';
import { ProposalInstruments, ProposalsRepository } from '../proposals';
import { UsersService } from '../users';
import { WorkflowsRepository } from '../workflows';
import { ExecuteExperimentCommand } from './commands/execute-experiment-command';
import type {
  ExperimentActor,
  ExperimentFields,
  ExperimentWorkflowStart,
  ProposalFacts,
  ScheduledEventAction,
} from './domain/experiment.decide';
import type { ExperimentModel, ExperimentTimeSummaryModel } from './read-models/experiments/experiment.model';
import {
  ExperimentsRepository,
  type InstrumentScope,
} from './read-models/experiments/experiments.repository';

const M = experimentMessages;

function isUniqueViolation(error: unknown, indexPart: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' &&
    (String(e.constraint ?? '').includes(indexPart) || String(e.message ?? '').includes(indexPart))
  );
}

/** A scheduler message (the facility's scheduler, by its event id), as the mutations and its consumer send it. */
export type ScheduledEventCommand =
  | { kind: 'create'; input: ScheduledExperimentInput }
  | { kind: 'update'; input: ScheduledExperimentInput }
  | { kind: 'activate'; scheduledEventId: string }
  | { kind: 'complete'; scheduledEventId: string }
  | { kind: 'reopen'; scheduledEventId: string }
  | { kind: 'remove'; scheduledEventId: string };

/**
 * The experiments' use cases: what the decider needs is read here (the caller's instruments, the proposal, the
 * local contact, the instrument's other experiments), the command sent, the read model returned.
 */
@Injectable()
export class ExperimentsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: ExperimentsRepository,
    private readonly ids: IdSequences,
    private readonly proposals: ProposalsRepository,
    private readonly proposalInstruments: ProposalInstruments,
    private readonly instruments: InstrumentsRepository,
    private readonly users: UsersService,
    private readonly calls: CallsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {}

  /** null: an API access token (it acts with an officer's rights) */
  async actor(session: SessionUser | null): Promise<ExperimentActor> {
    if (!session || session.currentRole === Role.USER_OFFICER) return { isOfficer: true, instrumentIds: [] };
    if (session.currentRole !== Role.INSTRUMENT_SCIENTIST) return { isOfficer: false, instrumentIds: [] };
    return { isOfficer: false, instrumentIds: await this.instruments.idsOfScientist(session.id) };
  }

  /** The instruments whose experiments the caller sees in the staff list. */
  async scope(session: SessionUser | null): Promise<InstrumentScope> {
    const actor = await this.actor(session);
    return actor.isOfficer ? 'all' : actor.instrumentIds;
  }

  private async proposalFacts(proposalPk: number): Promise<ProposalFacts | null> {
    const proposal = await this.proposals.proposal(proposalPk);
    if (!proposal) return null;
    return {
      proposalPk,
      callId: proposal.callId,
      finalStatus: proposal.finalStatus,
      managementDecisionSubmitted: proposal.managementDecisionSubmitted,
      instrumentIds: await this.proposalInstruments.assigned(proposalPk),
    };
  }

  /**
   * A new experiment follows its call's experiment workflow (the default experiment workflow when the call names
   * none), from its initial status (none: no workflow).
   */
  private async workflowStart(callId: number | null): Promise<ExperimentWorkflowStart | null> {
    const call = callId === null ? null : await this.calls.call(callId);
    const workflowId =
      call?.experimentWorkflowId ?? (await this.workflows.defaultWorkflowId(WorkflowType.EXPERIMENT));
    if (workflowId === null) return null;
    const status = await this.workflows.initialStatus(workflowId);
    return status ? { workflowId, statusId: status.id } : null;
  }

  private async localContactExists(localContactId: number | null): Promise<boolean> {
    if (localContactId === null) return true;
    return (await this.users.byIds([localContactId])).length === 1;
  }

  private async saved(experimentPk: number): Promise<ExperimentModel> {
    const saved = await this.repository.get(experimentPk, { includeDeleted: true });
    if (!saved) throw notFound(M.experimentNotFound);
    return saved;
  }

  async create(session: SessionUser | null, input: CreateExperimentInput): Promise<ExperimentModel> {
    const fields: ExperimentFields = {
      instrumentId: input.instrumentId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      localContactId: input.localContactId ?? null,
      status: input.status,
    };
    const [actor, proposal, localContactExists, others] = await Promise.all([
      this.actor(session),
      this.proposalFacts(input.proposalPk),
      this.localContactExists(fields.localContactId),
      this.repository.meeting(fields.instrumentId, fields.startsAt, fields.endsAt),
    ]);
    const experimentPk = await this.ids.next('experiment_pk_seq');
    await this.commands.execute(
      new ExecuteExperimentCommand({
        type: 'CreateExperiment',
        experimentPk,
        workflow: await this.workflowStart(proposal?.callId ?? null),
        actor,
        proposal,
        fields,
        localContactExists,
        others,
      }),
    );
    return this.saved(experimentPk);
  }

  async update(session: SessionUser | null, input: UpdateExperimentInput): Promise<ExperimentModel> {
    const current = await this.repository.get(input.experimentPk);
    if (!current) throw notFound(M.experimentNotFound);
    // left out: stays as it is
    const fields: ExperimentFields = {
      instrumentId: input.instrumentId ?? current.instrumentId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      localContactId: input.localContactId === undefined ? current.localContactId : input.localContactId,
      status: input.status ?? current.status,
    };
    const [actor, proposal, localContactExists, others] = await Promise.all([
      this.actor(session),
      this.proposalFacts(current.proposalPk),
      this.localContactExists(fields.localContactId),
      this.repository.meeting(fields.instrumentId, fields.startsAt, fields.endsAt),
    ]);
    await this.commands.execute(
      new ExecuteExperimentCommand({
        type: 'UpdateExperiment',
        experimentPk: current.experimentPk,
        actor,
        proposal,
        fields,
        localContactExists,
        others,
      }),
    );
    return this.saved(current.experimentPk);
  }

  async delete(session: SessionUser | null, experimentPk: number): Promise<ExperimentModel> {
    const current = await this.repository.get(experimentPk);
    if (!current) throw notFound(M.experimentNotFound);
    await this.commands.execute(
      new ExecuteExperimentCommand({
        type: 'DeleteExperiment',
        experimentPk,
        actor: await this.actor(session),
      }),
    );
    return this.saved(experimentPk);
  }

  /**
   * A message of the facility's scheduler (the GraphQL mutations and, later, its RabbitMQ consumer): idempotent
   * by the scheduler's event id. Resolves to the experiment as it is after the message (the removed one for a
   * remove), or null when a remove found nothing to remove.
   */
  applyScheduledEvent(message: ScheduledEventCommand): Promise<ExperimentModel | null> {
    return this.applyScheduled(message, false);
  }

  private async applyScheduled(
    message: ScheduledEventCommand,
    decidedAgain: boolean,
  ): Promise<ExperimentModel | null> {
    const scheduledEventId = 'input' in message ? message.input.scheduledEventId : message.scheduledEventId;
    const existing = await this.repository.byScheduledEventId(scheduledEventId);
    let action: ScheduledEventAction;
    let proposal: ProposalFacts | null = null;
    let localContactExists = true;
    if ('input' in message) {
      const { input } = message;
      action = {
        kind: message.kind,
        proposalPk: input.proposalPk,
        fields: {
          instrumentId: input.instrumentId,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          localContactId: input.localContactId ?? null,
        },
      };
      [proposal, localContactExists] = await Promise.all([
        this.proposalFacts(input.proposalPk),
        this.localContactExists(input.localContactId ?? null),
      ]);
    } else {
      action = { kind: message.kind };
    }
    const experimentPk =
      existing?.experimentPk ?? (message.kind === 'create' ? await this.ids.next('experiment_pk_seq') : 0);
    let appended;
    try {
      appended = await this.commands.execute(
        new ExecuteExperimentCommand({
          type: 'ApplyScheduledEvent',
          experimentPk,
          workflow: existing ? null : await this.workflowStart(proposal?.callId ?? null),
          scheduledEventId,
          action,
          proposal,
          localContactExists,
        }),
      );
    } catch (error) {
      // two deliveries of one create at once: the other's experiment landed first (the read model's unique index
      // of scheduled event ids refused this one in the append's transaction); decided again, this one finds it
      if (!existing && !decidedAgain && isUniqueViolation(error, 'scheduled_event_id'))
        return this.applyScheduled(message, true);
      throw error;
    }
    if (experimentPk === 0 || (!existing && !appended)) return null;
    return this.saved(experimentPk);
  }

  list(session: SessionUser | null, filter: ExperimentsFilter, first: number | null, offset: number | null) {
    return this.scope(session).then((scope) => this.repository.list(filter, scope, first, offset));
  }

  /** The experiments of the caller's proposals (PI or co-proposer). */
  async ofUser(session: SessionUser, filter: UserExperimentsFilter): Promise<ExperimentModel[]> {
    const proposals = await this.proposals.ofUser(session.id);
    return this.repository.ofProposals(
      proposals.map((p) => p.primaryKey),
      filter,
    );
  }

  /** For the timeline: allocated and scheduled time per proposal on the instrument in the call. */
  async timeSummary(
    session: SessionUser | null,
    instrumentId: number,
    callId: number,
  ): Promise<ExperimentTimeSummaryModel> {
    const call = await this.calls.call(callId);
    if (!call) throw notFound('Call not found');
    const instrument = await this.instruments.instrument(instrumentId);
    if (!instrument) throw notFound(M.instrumentNotFound);
    const scope = await this.scope(session);
    if (scope !== 'all' && !scope.includes(instrumentId)) throw notFound(M.instrumentNotFound);
    const hoursPerUnit = HOURS_PER_ALLOCATION_UNIT[call.allocationTimeUnit] ?? 24;
    const [onCall, hours, proposals] = await Promise.all([
      this.instruments.ofCall(callId),
      this.repository.scheduledHours(instrumentId, callId),
      this.proposals.pksOfCall(callId).then((pks) => this.proposals.proposals(pks)),
    ]);
    const rows = proposals
      .map((p) => {
        const allocation = p.managementTimeAllocations.find((a) => a.instrumentId === instrumentId);
        return {
          proposalPk: p.primaryKey,
          proposalId: p.proposalId,
          title: p.title,
          allocatedTime: allocation ? allocation.value : null,
          scheduledTime: (hours.get(p.primaryKey) ?? 0) / hoursPerUnit,
        };
      })
      .filter((row) => row.allocatedTime !== null || row.scheduledTime > 0);
    return {
      instrumentId,
      callId,
      allocationTimeUnit: call.allocationTimeUnit,
      availabilityTime: onCall.find((i) => i.instrumentId === instrumentId)?.availabilityTime ?? null,
      scheduledTime: rows.reduce((sum, row) => sum + row.scheduledTime, 0),
      proposals: rows,
    };
  }
}
