import {
  EXPERIMENT_RISK_LEVEL_SET,
  EXPERIMENT_SAFETY_CHANGES_REQUESTED,
  EXPERIMENT_SAFETY_CREATED,
  EXPERIMENT_SAFETY_DECIDED,
  EXPERIMENT_SAFETY_SUBMITTED,
  EXPERIMENT_SAMPLE_ADDED,
  EXPERIMENT_SAMPLE_REMOVED,
  EXPERIMENT_SAMPLE_UPDATED,
  ExperimentSafetyDecision,
  experimentRiskLevelSetEvent,
  experimentSafetyChangesRequestedEvent,
  experimentSafetyCreatedEvent,
  experimentSafetyDecidedEvent,
  experimentSafetyMessages,
  experimentSafetySubmittedEvent,
  experimentSampleAddedEvent,
  experimentSampleRemovedEvent,
  experimentSampleUpdatedEvent,
  SafetyStatus,
  type ExperimentSafetyCreatedData,
  type ExperimentSafetyEvent,
  type ExperimentSafetyReviewer,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = experimentSafetyMessages;

export interface ReviewDecision {
  decision: ExperimentSafetyDecision;
  comment: string;
  esiVersion: number;
  decidedBy: number | null;
}

/** The ESI of one experiment folded from `experiment-safety-<experimentPk>`. */
export interface ExperimentSafetyState {
  safety: ExperimentSafetyCreatedData | null;
  /** set while submitted (locked); null while editable */
  submittedAt: string | null;
  /** 1 when created; one more each time it is reopened */
  esiVersion: number;
  samples: ReadonlyMap<number, { sampleEsiQuestionaryId: number; isEsiSubmitted: boolean }>;
  scientist: ReviewDecision | null;
  reviewer: ReviewDecision | null;
  riskLevel: SafetyStatus;
}

export const initialExperimentSafetyState: ExperimentSafetyState = {
  safety: null,
  submittedAt: null,
  esiVersion: 0,
  samples: new Map(),
  scientist: null,
  reviewer: null,
  riskLevel: SafetyStatus.PENDING_EVALUATION,
};

export function evolveExperimentSafety(
  state: ExperimentSafetyState,
  event: { type: string; data: unknown },
): ExperimentSafetyState {
  const e = event as ExperimentSafetyEvent;
  switch (e.type) {
    case EXPERIMENT_SAFETY_CREATED:
      return { ...initialExperimentSafetyState, safety: e.data, esiVersion: 1 };
    case EXPERIMENT_SAMPLE_ADDED: {
      const samples = new Map(state.samples);
      samples.set(e.data.sampleId, {
        sampleEsiQuestionaryId: e.data.sampleEsiQuestionaryId,
        isEsiSubmitted: false,
      });
      return { ...state, samples };
    }
    case EXPERIMENT_SAMPLE_REMOVED: {
      const samples = new Map(state.samples);
      samples.delete(e.data.sampleId);
      return { ...state, samples };
    }
    case EXPERIMENT_SAMPLE_UPDATED: {
      const samples = new Map(state.samples);
      const sample = samples.get(e.data.sampleId);
      if (sample) samples.set(e.data.sampleId, { ...sample, isEsiSubmitted: e.data.isEsiSubmitted });
      return { ...state, samples };
    }
    case EXPERIMENT_SAFETY_SUBMITTED:
      return { ...state, submittedAt: e.data.submittedAt };
    case EXPERIMENT_SAFETY_CHANGES_REQUESTED:
      return { ...state, submittedAt: null, esiVersion: e.data.esiVersion, scientist: null, reviewer: null };
    case EXPERIMENT_SAFETY_DECIDED: {
      const d = e.data;
      const decision: ReviewDecision = {
        decision: d.decision,
        comment: d.comment,
        esiVersion: d.esiVersion,
        decidedBy: d.decidedBy,
      };
      return d.reviewer === 'INSTRUMENT_SCIENTIST'
        ? { ...state, scientist: decision }
        : { ...state, reviewer: decision };
    }
    case EXPERIMENT_RISK_LEVEL_SET:
      return { ...state, riskLevel: e.data.riskLevel };
    default:
      return state;
  }
}

/** Who acts on an ESI, as the rules need it. */
export interface SafetyActor {
  id: number | null;
  isOfficer: boolean;
  /** the PI or a co-proposer of the experiment's proposal */
  isMember: boolean;
  /** a scientist or the manager of the experiment's instrument */
  isInstrumentScientist: boolean;
  isSafetyReviewer: boolean;
}

export type ExperimentSafetyCommand =
  | {
      type: 'CreateExperimentSafety';
      experimentSafetyPk: number;
      experimentPk: number;
      proposalPk: number;
      instrumentId: number;
      actor: SafetyActor;
      /** the proposal is ACCEPTED and its management decision submitted */
      proposalReady: boolean;
      /** the questionary of the call's ESI template (null: the call has none) */
      esiQuestionaryId: number | null;
    }
  | {
      type: 'AddSampleToExperiment';
      actor: SafetyActor;
      sampleId: number;
      sampleOfProposal: boolean;
      /** the sample ESI questionary made for it (null: no sample ESI template) */
      sampleEsiQuestionaryId: number | null;
    }
  | { type: 'RemoveSampleFromExperiment'; actor: SafetyActor; sampleId: number }
  | {
      type: 'UpdateExperimentSample';
      actor: SafetyActor;
      sampleId: number;
      isSubmitted: boolean;
      /** the sample ESI questionary is complete */
      sampleEsiComplete: boolean;
    }
  | {
      type: 'SubmitExperimentSafety';
      actor: SafetyActor;
      /** the ESI questionary is complete (the questionaries module's check) */
      esiComplete: boolean;
      now: string;
    }
  | { type: 'RequestExperimentSafetyChanges'; actor: SafetyActor; esiVersion: number; comment: string }
  | {
      type: 'DecideExperimentSafety';
      actor: SafetyActor;
      reviewer: ExperimentSafetyReviewer;
      esiVersion: number;
      decision: ExperimentSafetyDecision;
      comment: string;
    }
  | { type: 'SetExperimentRiskLevel'; actor: SafetyActor; riskLevel: SafetyStatus };

function existing(state: ExperimentSafetyState): ExperimentSafetyCreatedData {
  if (!state.safety) throw notFound(M.notFound);
  return state.safety;
}

/** The applicant side: the PI or a co-proposer (officers too), and only while not submitted. */
function editable(state: ExperimentSafetyState, actor: SafetyActor): ExperimentSafetyCreatedData {
  const safety = existing(state);
  if (!actor.isOfficer && !actor.isMember) throw forbidden(M.onlyMembers);
  if (state.submittedAt !== null) throw badInput(M.locked);
  return safety;
}

const mayReview = (actor: SafetyActor) =>
  actor.isOfficer || actor.isInstrumentScientist || actor.isSafetyReviewer;

/** A reviewer's command on the ESI they saw: it must be submitted and still that version. */
function pinned(state: ExperimentSafetyState, esiVersion: number): ExperimentSafetyCreatedData {
  const safety = existing(state);
  if (state.submittedAt === null) throw badInput(M.notSubmitted);
  if (esiVersion !== state.esiVersion) throw badInput(M.stale(esiVersion, state.esiVersion));
  return safety;
}

function decide(
  command: Extract<ExperimentSafetyCommand, { type: 'DecideExperimentSafety' }>,
  state: ExperimentSafetyState,
): NewEvent[] {
  const { actor } = command;
  if (command.reviewer === 'INSTRUMENT_SCIENTIST' && !actor.isOfficer && !actor.isInstrumentScientist)
    throw forbidden(M.notInstrumentScientist);
  if (command.reviewer === 'SAFETY_REVIEWER' && !actor.isOfficer && !actor.isSafetyReviewer)
    throw forbidden(M.notSafetyReviewer);
  const safety = pinned(state, command.esiVersion);
  if (command.comment.length > 6000) throw badInput(experimentSafetyMessages.commentMax);
  const reviewerDecided =
    state.reviewer !== null && state.reviewer.decision !== ExperimentSafetyDecision.UNSET;
  if (command.reviewer === 'INSTRUMENT_SCIENTIST' && reviewerDecided) throw badInput(M.reviewerDecided);
  if (
    command.reviewer === 'SAFETY_REVIEWER' &&
    command.decision !== ExperimentSafetyDecision.UNSET &&
    state.scientist?.decision !== ExperimentSafetyDecision.ACCEPTED
  )
    throw badInput(M.scientistFirst);
  const current = command.reviewer === 'INSTRUMENT_SCIENTIST' ? state.scientist : state.reviewer;
  if (current && current.decision === command.decision && current.comment === command.comment) return [];
  return [
    experimentSafetyDecidedEvent.create({
      experimentSafetyPk: safety.experimentSafetyPk,
      experimentPk: safety.experimentPk,
      reviewer: command.reviewer,
      decision: command.decision,
      comment: command.comment,
      esiVersion: state.esiVersion,
      decidedBy: actor.id,
    }),
  ];
}

/** Pure: the events an ESI command leads to; throws the rule broken. */
export function decideExperimentSafety(
  command: ExperimentSafetyCommand,
  state: ExperimentSafetyState,
): NewEvent[] {
  switch (command.type) {
    case 'CreateExperimentSafety': {
      if (!command.actor.isMember) throw forbidden(M.onlyMembers);
      if (state.safety) throw badInput(M.exists);
      if (!command.proposalReady) throw badInput(M.notAccepted);
      if (command.esiQuestionaryId === null) throw badInput(M.noEsiTemplate);
      return [
        experimentSafetyCreatedEvent.create({
          experimentSafetyPk: command.experimentSafetyPk,
          experimentPk: command.experimentPk,
          proposalPk: command.proposalPk,
          instrumentId: command.instrumentId,
          esiQuestionaryId: command.esiQuestionaryId,
          createdBy: command.actor.id ?? 0,
        }),
      ];
    }
    case 'AddSampleToExperiment': {
      const safety = editable(state, command.actor);
      if (!command.sampleOfProposal) throw badInput(M.sampleNotOfProposal);
      if (state.samples.has(command.sampleId)) throw badInput(M.sampleAlreadyAdded);
      if (command.sampleEsiQuestionaryId === null) throw badInput(M.noSampleEsiTemplate);
      return [
        experimentSampleAddedEvent.create({
          experimentSafetyPk: safety.experimentSafetyPk,
          experimentPk: safety.experimentPk,
          sampleId: command.sampleId,
          sampleEsiQuestionaryId: command.sampleEsiQuestionaryId,
        }),
      ];
    }
    case 'RemoveSampleFromExperiment': {
      const safety = editable(state, command.actor);
      if (!state.samples.has(command.sampleId)) throw badInput(M.sampleNotOnExperiment);
      return [
        experimentSampleRemovedEvent.create({
          experimentSafetyPk: safety.experimentSafetyPk,
          experimentPk: safety.experimentPk,
          sampleId: command.sampleId,
        }),
      ];
    }
    case 'UpdateExperimentSample': {
      const safety = editable(state, command.actor);
      const sample = state.samples.get(command.sampleId);
      if (!sample) throw badInput(M.sampleNotOnExperiment);
      if (sample.isEsiSubmitted === command.isSubmitted) return [];
      if (command.isSubmitted && !command.sampleEsiComplete) throw badInput(M.sampleIncomplete);
      return [
        experimentSampleUpdatedEvent.create({
          experimentSafetyPk: safety.experimentSafetyPk,
          experimentPk: safety.experimentPk,
          sampleId: command.sampleId,
          isEsiSubmitted: command.isSubmitted,
        }),
      ];
    }
    case 'SubmitExperimentSafety': {
      const safety = editable(state, command.actor);
      const samplesReady = [...state.samples.values()].every((s) => s.isEsiSubmitted);
      if (!command.esiComplete || !samplesReady) throw badInput(M.incomplete);
      return [
        experimentSafetySubmittedEvent.create({
          experimentSafetyPk: safety.experimentSafetyPk,
          experimentPk: safety.experimentPk,
          esiVersion: state.esiVersion,
          submittedAt: command.now,
        }),
      ];
    }
    case 'RequestExperimentSafetyChanges': {
      if (!mayReview(command.actor)) throw forbidden(M.mayNotReview);
      const safety = pinned(state, command.esiVersion);
      const comment = command.comment.trim();
      if (!comment) throw badInput(M.commentRequired);
      if (comment.length > 6000) throw badInput(M.commentMax);
      return [
        experimentSafetyChangesRequestedEvent.create({
          experimentSafetyPk: safety.experimentSafetyPk,
          experimentPk: safety.experimentPk,
          esiVersion: state.esiVersion + 1,
          comment,
          requestedBy: command.actor.id,
        }),
      ];
    }
    case 'DecideExperimentSafety':
      return decide(command, state);
    case 'SetExperimentRiskLevel': {
      const safety = existing(state);
      if (!command.actor.isOfficer && !command.actor.isSafetyReviewer) throw forbidden(M.notSafetyReviewer);
      // a safety reviewer rates what they review and read: a submitted ESI (like their decision on it)
      if (!command.actor.isOfficer && state.submittedAt === null) throw badInput(M.notSubmitted);
      if (state.riskLevel === command.riskLevel) return [];
      return [
        experimentRiskLevelSetEvent.create({
          experimentSafetyPk: safety.experimentSafetyPk,
          experimentPk: safety.experimentPk,
          riskLevel: command.riskLevel,
        }),
      ];
    }
  }
}

export const experimentSafetyDecider: Decider<ExperimentSafetyState, ExperimentSafetyCommand> = {
  initialState: initialExperimentSafetyState,
  evolve: evolveExperimentSafety,
  decide: decideExperimentSafety,
};
