import { evolveFapProposal, initialFapProposalState } from '../faps';
import { evolveGenericTemplate, initialGenericTemplateState } from '../generic-templates';
import { evolveProposal, initialProposalState } from '../proposals';
import { evolveQuestionary, initialQuestionaryState } from '../questionaries';
import { evolveSample, initialSampleState } from '../samples';
import { evolveProposalAssessment, initialProposalAssessmentState } from '../technical-reviews';
import type { HistoryFolds } from './domain/proposal-history';

/** The modules' own folds: the history folds each stream exactly as its aggregate does. */
export const HISTORY_FOLDS: HistoryFolds = {
  proposal: { initial: initialProposalState, evolve: evolveProposal },
  questionary: { initial: initialQuestionaryState, evolve: evolveQuestionary },
  genericTemplate: { initial: initialGenericTemplateState, evolve: evolveGenericTemplate },
  sample: { initial: initialSampleState, evolve: evolveSample },
  assessment: { initial: initialProposalAssessmentState, evolve: evolveProposalAssessment },
  fapProposal: { initial: initialFapProposalState, evolve: evolveFapProposal },
};
