import { ExperimentSafetyDecision, SafetyStatus } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/**
 * The experiment safety input (ESI) of one experiment, its samples and its review: one stream per experiment,
 * `experiment-safety-<experimentPk>` (so an experiment has at most one).
 */
export const EXPERIMENT_SAFETY_STREAM = 'experiment-safety';

export const experimentSafetyStreamId = (experimentPk: number): string =>
  `${EXPERIMENT_SAFETY_STREAM}-${experimentPk}`;

export const EXPERIMENT_SAFETY_CREATED = 'ExperimentSafetyCreated';
export const EXPERIMENT_SAMPLE_ADDED = 'ExperimentSampleAdded';
export const EXPERIMENT_SAMPLE_REMOVED = 'ExperimentSampleRemoved';
export const EXPERIMENT_SAMPLE_UPDATED = 'ExperimentSampleUpdated';
export const EXPERIMENT_SAFETY_SUBMITTED = 'ExperimentSafetySubmitted';
export const EXPERIMENT_SAFETY_CHANGES_REQUESTED = 'ExperimentSafetyChangesRequested';
export const EXPERIMENT_SAFETY_DECIDED = 'ExperimentSafetyDecided';
export const EXPERIMENT_RISK_LEVEL_SET = 'ExperimentRiskLevelSet';

/** Who decides, in turn: the experiment's instrument scientist, then a safety reviewer. */
export type ExperimentSafetyReviewer = 'INSTRUMENT_SCIENTIST' | 'SAFETY_REVIEWER';

interface OfSafety {
  readonly experimentSafetyPk: number;
  readonly experimentPk: number;
}

export interface ExperimentSafetyCreatedData extends OfSafety {
  readonly proposalPk: number;
  readonly instrumentId: number;
  readonly esiQuestionaryId: number;
  readonly createdBy: number;
}

export interface ExperimentSampleAddedData extends OfSafety {
  readonly sampleId: number;
  readonly sampleEsiQuestionaryId: number;
}

export interface ExperimentSampleRemovedData extends OfSafety {
  readonly sampleId: number;
}

export interface ExperimentSampleUpdatedData extends OfSafety {
  readonly sampleId: number;
  readonly isEsiSubmitted: boolean;
}

/** `esiVersion`: the version of the ESI submitted (1, then one more after each reopening). */
export interface ExperimentSafetySubmittedData extends OfSafety {
  readonly esiVersion: number;
  readonly submittedAt: string;
}

/** The ESI reopened to the applicant with a question; `esiVersion` is the new version. */
export interface ExperimentSafetyChangesRequestedData extends OfSafety {
  readonly esiVersion: number;
  readonly comment: string;
  readonly requestedBy: number | null;
}

/** A decision, pinned to the ESI version it was made on. */
export interface ExperimentSafetyDecidedData extends OfSafety {
  readonly reviewer: ExperimentSafetyReviewer;
  readonly decision: ExperimentSafetyDecision;
  readonly comment: string;
  readonly esiVersion: number;
  readonly decidedBy: number | null;
}

export interface ExperimentRiskLevelSetData extends OfSafety {
  readonly riskLevel: SafetyStatus;
}

const on = (d: OfSafety) => `experiment #${d.experimentPk}`;

export const experimentSafetyCreatedEvent = defineEvent<
  ExperimentSafetyCreatedData,
  typeof EXPERIMENT_SAFETY_CREATED
>(EXPERIMENT_SAFETY_CREATED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) => `Experiment safety input #${d.experimentSafetyPk} created for ${on(d)}`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentSampleAddedEvent = defineEvent<
  ExperimentSampleAddedData,
  typeof EXPERIMENT_SAMPLE_ADDED
>(EXPERIMENT_SAMPLE_ADDED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) => `Sample #${d.sampleId} added to ${on(d)}`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentSampleRemovedEvent = defineEvent<
  ExperimentSampleRemovedData,
  typeof EXPERIMENT_SAMPLE_REMOVED
>(EXPERIMENT_SAMPLE_REMOVED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) => `Sample #${d.sampleId} removed from ${on(d)}`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentSampleUpdatedEvent = defineEvent<
  ExperimentSampleUpdatedData,
  typeof EXPERIMENT_SAMPLE_UPDATED
>(EXPERIMENT_SAMPLE_UPDATED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) =>
    `Sample #${d.sampleId} of ${on(d)}: safety input ${d.isEsiSubmitted ? 'confirmed' : 'not confirmed'}`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentSafetySubmittedEvent = defineEvent<
  ExperimentSafetySubmittedData,
  typeof EXPERIMENT_SAFETY_SUBMITTED
>(EXPERIMENT_SAFETY_SUBMITTED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) => `Experiment safety input of ${on(d)} submitted (version ${d.esiVersion})`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentSafetyChangesRequestedEvent = defineEvent<
  ExperimentSafetyChangesRequestedData,
  typeof EXPERIMENT_SAFETY_CHANGES_REQUESTED
>(EXPERIMENT_SAFETY_CHANGES_REQUESTED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) =>
    `Experiment safety input of ${on(d)} reopened for changes (now version ${d.esiVersion})`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentSafetyDecidedEvent = defineEvent<
  ExperimentSafetyDecidedData,
  typeof EXPERIMENT_SAFETY_DECIDED
>(EXPERIMENT_SAFETY_DECIDED, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) =>
    `${d.reviewer === 'INSTRUMENT_SCIENTIST' ? 'Instrument scientist' : 'Safety reviewer'} decision ` +
    `${d.decision} on the safety input of ${on(d)} (version ${d.esiVersion})`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});
export const experimentRiskLevelSetEvent = defineEvent<
  ExperimentRiskLevelSetData,
  typeof EXPERIMENT_RISK_LEVEL_SET
>(EXPERIMENT_RISK_LEVEL_SET, {
  stream: EXPERIMENT_SAFETY_STREAM,
  description: (d) => `Risk level of ${on(d)} set to ${d.riskLevel}`,
  changedObjectId: (d) => String(d.experimentSafetyPk),
});

export type ExperimentSafetyEvent =
  | { readonly type: typeof EXPERIMENT_SAFETY_CREATED; readonly data: ExperimentSafetyCreatedData }
  | { readonly type: typeof EXPERIMENT_SAMPLE_ADDED; readonly data: ExperimentSampleAddedData }
  | { readonly type: typeof EXPERIMENT_SAMPLE_REMOVED; readonly data: ExperimentSampleRemovedData }
  | { readonly type: typeof EXPERIMENT_SAMPLE_UPDATED; readonly data: ExperimentSampleUpdatedData }
  | { readonly type: typeof EXPERIMENT_SAFETY_SUBMITTED; readonly data: ExperimentSafetySubmittedData }
  | {
      readonly type: typeof EXPERIMENT_SAFETY_CHANGES_REQUESTED;
      readonly data: ExperimentSafetyChangesRequestedData;
    }
  | { readonly type: typeof EXPERIMENT_SAFETY_DECIDED; readonly data: ExperimentSafetyDecidedData }
  | { readonly type: typeof EXPERIMENT_RISK_LEVEL_SET; readonly data: ExperimentRiskLevelSetData };

export const EXPERIMENT_SAFETY_EVENT_TYPES: readonly string[] = [
  EXPERIMENT_SAFETY_CREATED,
  EXPERIMENT_SAMPLE_ADDED,
  EXPERIMENT_SAMPLE_REMOVED,
  EXPERIMENT_SAMPLE_UPDATED,
  EXPERIMENT_SAFETY_SUBMITTED,
  EXPERIMENT_SAFETY_CHANGES_REQUESTED,
  EXPERIMENT_SAFETY_DECIDED,
  EXPERIMENT_RISK_LEVEL_SET,
];

registerEvents(
  experimentSafetyCreatedEvent,
  experimentSampleAddedEvent,
  experimentSampleRemovedEvent,
  experimentSampleUpdatedEvent,
  experimentSafetySubmittedEvent,
  experimentSafetyChangesRequestedEvent,
  experimentSafetyDecidedEvent,
  experimentRiskLevelSetEvent,
);

/**
 * The status-changing events (workflow events, `STATUS_CHANGING_EVENTS`) an ESI event is to its experiment:
 * submitted; approved (the safety reviewer accepts); rejected (either reviewer rejects). Empty when none.
 */
export function experimentSafetyWorkflowEvents(event: ExperimentSafetyEvent): string[] {
  switch (event.type) {
    case EXPERIMENT_SAFETY_SUBMITTED:
      return ['EXPERIMENT_ESF_SUBMITTED'];
    case EXPERIMENT_SAFETY_DECIDED:
      if (event.data.decision === ExperimentSafetyDecision.REJECTED) return ['EXPERIMENT_ESF_REJECTED'];
      if (
        event.data.decision === ExperimentSafetyDecision.ACCEPTED &&
        event.data.reviewer === 'SAFETY_REVIEWER'
      )
        return ['EXPERIMENT_ESF_APPROVED'];
      return [];
    default:
      return [];
  }
}
