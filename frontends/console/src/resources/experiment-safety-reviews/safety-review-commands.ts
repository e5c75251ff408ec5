import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleExperimentSafetyDocument,
  ConsoleExperimentSafetyReviewsDocument,
  ConsoleRequestExperimentSafetyChangesDocument,
  ConsoleSafetyQuestionaryDocument,
  ConsoleSetExperimentRiskLevelDocument,
  ConsoleSubmitExperimentSafetyReviewerDecisionDocument,
  ConsoleSubmitInstrumentScientistDecisionDocument,
  ConsoleUpdateSampleSafetyReviewDocument,
  type ConsoleExperimentSafetyFragment,
  type ConsoleSafetyQuestionaryStepFragment,
  type ConsoleSafetyReviewRowFragment,
  type ExperimentSafetyDecision,
  type SafetyStatus,
} from '../../gql/graphql';
import type { QueueFilter } from './safety-review-rules';

export type SafetyReviewRow = ConsoleSafetyReviewRowFragment;
export type ExperimentSafety = ConsoleExperimentSafetyFragment;
export type SafetyQuestionaryStep = ConsoleSafetyQuestionaryStepFragment;
export interface InstrumentOption {
  id: number;
  name: string;
  shortCode: string;
}

/** A decision as sent: on the ESI version the page showed (docs/experiments.md "Version pin"). */
export interface DecisionInput {
  experimentSafetyPk: number;
  esiVersion: number;
  decision: ExperimentSafetyDecision;
  comment: string;
}

/** The §7 operations of the safety review (the GraphQL client of the shared package). */
export const safetyReviewCommands = {
  /** experimentSafetyReviews(filter): the queue, and the instruments of every submitted ESI for its filter */
  queue: async (
    filter: QueueFilter,
  ): Promise<{ rows: SafetyReviewRow[]; instruments: InstrumentOption[] }> => {
    const data = await request(ConsoleExperimentSafetyReviewsDocument, {
      filter: { pendingOnly: filter.pendingOnly, instrumentId: filter.instrumentId },
    });
    const instruments = new Map<number, InstrumentOption>();
    for (const { experiment } of data.everySubmitted)
      if (experiment?.instrument) instruments.set(experiment.instrument.id, experiment.instrument);
    return {
      rows: data.experimentSafetyReviews,
      instruments: [...instruments.values()].sort((a, b) => a.name.localeCompare(b.name)),
    };
  },
  safety: async (experimentSafetyPk: number): Promise<ExperimentSafety | null> =>
    (await request(ConsoleExperimentSafetyDocument, { experimentSafetyPk })).getExperimentSafety ?? null,
  questionary: async (questionaryId: number): Promise<SafetyQuestionaryStep[]> =>
    (await request(ConsoleSafetyQuestionaryDocument, { questionaryId })).getQuestionary?.steps ?? [],
  scientistDecision: async (input: DecisionInput): Promise<ExperimentSafety> =>
    (await request(ConsoleSubmitInstrumentScientistDecisionDocument, input))
      .submitInstrumentScientistDecision,
  reviewerDecision: async (input: DecisionInput): Promise<ExperimentSafety> =>
    (await request(ConsoleSubmitExperimentSafetyReviewerDecisionDocument, input))
      .submitExperimentSafetyReviewerDecision,
  requestChanges: async (input: {
    experimentSafetyPk: number;
    esiVersion: number;
    comment: string;
  }): Promise<ExperimentSafety> =>
    (await request(ConsoleRequestExperimentSafetyChangesDocument, input)).requestExperimentSafetyChanges,
  setRiskLevel: async (experimentSafetyPk: number, riskLevel: SafetyStatus): Promise<ExperimentSafety> =>
    (await request(ConsoleSetExperimentRiskLevelDocument, { experimentSafetyPk, riskLevel }))
      .setExperimentRiskLevel,
  /** a sample's risk level (updateSample's safety evaluation: officers and safety reviewers) */
  setSampleRiskLevel: async (sampleId: number, safetyStatus: SafetyStatus, safetyComment: string) => {
    await request(ConsoleUpdateSampleSafetyReviewDocument, { sampleId, safetyStatus, safetyComment });
  },
};
