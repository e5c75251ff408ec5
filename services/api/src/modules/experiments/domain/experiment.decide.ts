import {
  MAX_WORKFLOW_HOPS,
  nextWorkflowStep,
  experimentWorkflowEventRecordedEvent,
  experimentWorkflowStatusChangedEvent,
  type WorkflowStep,
  experimentCreatedEvent,
  experimentDeletedEvent,
  experimentMessages,
  experimentUpdatedEvent,
  ExperimentStatus,
  ProposalEndStatus,
  type ExperimentData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';
import { evolveExperiment, initialExperimentState, type ExperimentState } from './experiment.state';

const M = experimentMessages;

/** Who acts: an officer (or an API token, or the scheduler), or a scientist/manager of `instrumentIds`. */
export interface ExperimentActor {
  isOfficer: boolean;
  /** the instruments the caller is a scientist or the manager of */
  instrumentIds: readonly number[];
}

/** The proposal as the creation rules need it (null: no such proposal). */
export interface ProposalFacts {
  proposalPk: number;
  callId: number;
  finalStatus: ProposalEndStatus;
  managementDecisionSubmitted: boolean;
  /** the instruments assigned to the proposal */
  instrumentIds: readonly number[];
}

/** Another live experiment on the instrument (for the overlap rule). */
export interface ScheduledSlot {
  experimentPk: number;
  experimentId: string;
  startsAt: string;
  endsAt: string;
}

/** The fields an experiment is made of (what staff and the scheduler set). */
export interface ExperimentFields {
  instrumentId: number;
  startsAt: string;
  endsAt: string;
  localContactId: number | null;
  status: ExperimentStatus;
}

/** What the scheduler's messages say (by its event id). */
type ScheduledTimes = { proposalPk: number; fields: Omit<ExperimentFields, 'status'> };
export type ScheduledEventAction =
  | ({ kind: 'create' } & ScheduledTimes)
  | ({ kind: 'update' } & ScheduledTimes)
  | { kind: 'activate' }
  | { kind: 'complete' }
  /** back to DRAFT (the scheduler's PROPOSAL_BOOKING_TIME_REOPENED) */
  | { kind: 'reopen' }
  | { kind: 'remove' };

/** The experiment workflow a new experiment follows and the status it starts in (null: none). */
export interface ExperimentWorkflowStart {
  workflowId: number;
  statusId: number;
}

export type ExperimentCommand =
  | {
      type: 'CreateExperiment';
      experimentPk: number;
      workflow: ExperimentWorkflowStart | null;
      actor: ExperimentActor;
      proposal: ProposalFacts | null;
      fields: ExperimentFields;
      /** false when the local contact is not a user */
      localContactExists: boolean;
      /** the other live experiments on the instrument that meet the new times */
      others: readonly ScheduledSlot[];
    }
  | {
      type: 'UpdateExperiment';
      experimentPk: number;
      actor: ExperimentActor;
      /** the experiment's proposal (checked again when the experiment moves to another instrument) */
      proposal: ProposalFacts | null;
      fields: ExperimentFields;
      localContactExists: boolean;
      others: readonly ScheduledSlot[];
    }
  | { type: 'DeleteExperiment'; experimentPk: number; actor: ExperimentActor }
  /**
   * The facility scheduler's message for its event `scheduledEventId`, on the experiment made for it
   * (`experimentPk`: a new pk when none exists). Idempotent: what is already so appends nothing. No overlap
   * check (the scheduler owns its calendar).
   */
  | {
      type: 'ApplyScheduledEvent';
      experimentPk: number;
      workflow: ExperimentWorkflowStart | null;
      scheduledEventId: string;
      action: ScheduledEventAction;
      /** the proposal named by a create/update (null: unknown) */
      proposal: ProposalFacts | null;
      localContactExists: boolean;
    }
  /**
   * The engine: record an outside event (once per source event, e.g. its safety input submitted), then move along
   * every connection of the experiment's workflow whose status-changing events all happened since it entered its
   * current status (several hops at once).
   */
  | {
      type: 'AdvanceExperimentWorkflow';
      experimentPk: number;
      connections: readonly WorkflowStep[];
      external?: { name: string; sourceEventId: string };
    };

/** The refusal of an overlap, naming the first experiment met (by start). */
function checkOverlap(
  experimentPk: number,
  fields: ExperimentFields,
  others: readonly ScheduledSlot[],
): void {
  const start = Date.parse(fields.startsAt);
  const end = Date.parse(fields.endsAt);
  const hit = others
    .filter((o) => o.experimentPk !== experimentPk)
    .filter((o) => Date.parse(o.startsAt) < end && start < Date.parse(o.endsAt))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  if (hit) throw badInput(M.overlaps(hit.experimentId, hit.startsAt, hit.endsAt));
}

function checkTimes(fields: { startsAt: string; endsAt: string }): void {
  if (!(Date.parse(fields.startsAt) < Date.parse(fields.endsAt))) throw badInput(M.endsBeforeStart);
}

function checkProposal(proposal: ProposalFacts | null, instrumentId: number): ProposalFacts {
  if (!proposal) throw notFound(M.proposalNotFound);
  if (proposal.finalStatus !== ProposalEndStatus.ACCEPTED) throw badInput(M.notAccepted);
  if (!proposal.managementDecisionSubmitted) throw badInput(M.decisionNotSubmitted);
  if (!proposal.instrumentIds.includes(instrumentId)) throw badInput(M.instrumentNotOfProposal);
  return proposal;
}

const mayManage = (actor: ExperimentActor, instrumentId: number) =>
  actor.isOfficer || actor.instrumentIds.includes(instrumentId);

function live(state: ExperimentState): ExperimentData {
  if (!state.experiment || state.deleted) throw notFound(M.experimentNotFound);
  return state.experiment;
}

const same = (a: ExperimentData, b: ExperimentData) =>
  a.instrumentId === b.instrumentId &&
  Date.parse(a.startsAt) === Date.parse(b.startsAt) &&
  Date.parse(a.endsAt) === Date.parse(b.endsAt) &&
  a.localContactId === b.localContactId &&
  a.status === b.status;

/** `overlapChecked`: a staff save (checked again by the read model in the append's transaction) */
function updated(current: ExperimentData, next: ExperimentData, overlapChecked = false): NewEvent[] {
  if (same(current, next)) return [];
  return [
    experimentUpdatedEvent.create({
      ...next,
      previousStatus: current.status,
      ...(overlapChecked ? { overlapChecked } : {}),
    }),
  ];
}

function created(
  experimentPk: number,
  proposal: ProposalFacts,
  fields: ExperimentFields,
  scheduledEventId: string | null,
  workflow: ExperimentWorkflowStart | null,
  overlapChecked = false,
): NewEvent[] {
  return [
    experimentCreatedEvent.create({
      experimentPk,
      experimentId: String(experimentPk),
      proposalPk: proposal.proposalPk,
      callId: proposal.callId,
      instrumentId: fields.instrumentId,
      startsAt: fields.startsAt,
      endsAt: fields.endsAt,
      localContactId: fields.localContactId,
      status: fields.status,
      scheduledEventId,
      workflowId: workflow?.workflowId ?? null,
      workflowStatusId: workflow?.statusId ?? null,
      ...(overlapChecked ? { overlapChecked } : {}),
    }),
  ];
}

function advance(
  command: Extract<ExperimentCommand, { type: 'AdvanceExperimentWorkflow' }>,
  state: ExperimentState,
): NewEvent[] {
  if (!state.experiment || state.deleted || state.workflow.statusId === null) return [];
  const { experimentPk, proposalPk } = state.experiment;
  const events: NewEvent[] = [];
  let current = state;
  if (command.external && !state.workflow.recordedSources.has(command.external.sourceEventId)) {
    const recorded = experimentWorkflowEventRecordedEvent.create({
      experimentPk,
      name: command.external.name,
      sourceEventId: command.external.sourceEventId,
    });
    events.push(recorded);
    current = evolveExperiment(current, recorded);
  }
  for (let hop = 0; hop < MAX_WORKFLOW_HOPS; hop++) {
    const { statusId, eventsSinceStatus } = current.workflow;
    const next = nextWorkflowStep(command.connections, { statusId: statusId as number, eventsSinceStatus });
    if (!next) break;
    const changed = experimentWorkflowStatusChangedEvent.create({
      experimentPk,
      proposalPk,
      statusId: next.statusId,
      previousStatusId: statusId,
      changedBy: 'workflow',
      events: next.statusChangingEvents,
      connectionId: next.connectionId,
    });
    events.push(changed);
    current = evolveExperiment(current, changed);
  }
  return events;
}

function applyScheduledEvent(
  command: Extract<ExperimentCommand, { type: 'ApplyScheduledEvent' }>,
  state: ExperimentState,
): NewEvent[] {
  const { action, scheduledEventId } = command;
  const exists = state.experiment !== null && !state.deleted;
  if (action.kind === 'remove') {
    if (!exists) return []; // unknown or already removed: nothing to do
    const e = state.experiment!;
    return [
      experimentDeletedEvent.create({
        experimentPk: e.experimentPk,
        experimentId: e.experimentId,
        proposalPk: e.proposalPk,
        instrumentId: e.instrumentId,
        scheduledEventId: e.scheduledEventId,
      }),
    ];
  }
  if (!exists && action.kind !== 'create') throw notFound(M.scheduledEventUnknown(scheduledEventId));
  if (action.kind === 'activate' || action.kind === 'complete' || action.kind === 'reopen') {
    const current = state.experiment!;
    const status =
      action.kind === 'activate'
        ? ExperimentStatus.ACTIVE
        : action.kind === 'complete'
          ? ExperimentStatus.COMPLETED
          : ExperimentStatus.DRAFT;
    return updated(current, { ...current, status });
  }
  checkTimes(action.fields);
  if (!command.localContactExists) throw badInput(M.localContactNotFound);
  if (!exists) {
    const proposal = checkProposal(command.proposal, action.fields.instrumentId);
    return created(
      command.experimentPk,
      proposal,
      { ...action.fields, status: ExperimentStatus.DRAFT },
      scheduledEventId,
      command.workflow,
    );
  }
  // a create of an existing event (delivered again, or after an update) is the update
  const current = state.experiment!;
  if (action.proposalPk !== current.proposalPk) throw badInput(M.proposalChanged);
  if (action.fields.instrumentId !== current.instrumentId)
    checkProposal(command.proposal, action.fields.instrumentId);
  return updated(current, { ...current, ...action.fields });
}

/** Pure: the events an experiment command leads to; throws the rule broken. */
export function decideExperiment(command: ExperimentCommand, state: ExperimentState): NewEvent[] {
  switch (command.type) {
    case 'CreateExperiment': {
      if (state.experiment !== null) throw badInput('An experiment with this id exists');
      const proposal = checkProposal(command.proposal, command.fields.instrumentId);
      if (!mayManage(command.actor, command.fields.instrumentId)) throw forbidden(M.mayNotManage);
      checkTimes(command.fields);
      if (!command.localContactExists) throw badInput(M.localContactNotFound);
      checkOverlap(command.experimentPk, command.fields, command.others);
      return created(command.experimentPk, proposal, command.fields, null, command.workflow, true);
    }
    case 'UpdateExperiment': {
      const current = live(state);
      if (
        !mayManage(command.actor, current.instrumentId) ||
        !mayManage(command.actor, command.fields.instrumentId)
      )
        throw forbidden(M.mayNotManage);
      checkTimes(command.fields);
      if (!command.localContactExists) throw badInput(M.localContactNotFound);
      const next = { ...current, ...command.fields };
      if (same(current, next)) return [];
      if (next.instrumentId !== current.instrumentId) checkProposal(command.proposal, next.instrumentId);
      checkOverlap(current.experimentPk, command.fields, command.others);
      return updated(current, next, true);
    }
    case 'DeleteExperiment': {
      const current = live(state);
      if (!mayManage(command.actor, current.instrumentId)) throw forbidden(M.mayNotManage);
      return [
        experimentDeletedEvent.create({
          experimentPk: current.experimentPk,
          experimentId: current.experimentId,
          proposalPk: current.proposalPk,
          instrumentId: current.instrumentId,
          scheduledEventId: current.scheduledEventId,
        }),
      ];
    }
    case 'ApplyScheduledEvent':
      return applyScheduledEvent(command, state);
    case 'AdvanceExperimentWorkflow':
      return advance(command, state);
  }
}

export const experimentDecider: Decider<ExperimentState, ExperimentCommand> = {
  initialState: initialExperimentState,
  evolve: evolveExperiment,
  decide: decideExperiment,
};
