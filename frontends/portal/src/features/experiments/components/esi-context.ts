import { createContext, useContext } from 'react';
import type { ExperimentsRowFragment, ExperimentsSafetyFragment } from '../../../gql/graphql';

export type LoadedSafety = ExperimentsSafetyFragment;
export type LoadedExperiment = ExperimentsRowFragment;

/** What the ESI wizard's pieces (the basis question's sample list, the review step) share. */
export interface EsiContextValue {
  experiment: LoadedExperiment;
  safety: LoadedSafety;
  /** submitted (esiQuestionarySubmittedAt set): every input is read-only (§4) */
  locked: boolean;
  /** reloads the ESI (samples, status) after a command */
  reload(): Promise<void>;
}

export const EsiContext = createContext<EsiContextValue | null>(null);

export function useEsi(): EsiContextValue {
  const value = useContext(EsiContext);
  if (!value) throw new Error('The ESI pieces need the EsiContext (see ExperimentSafetyPage)');
  return value;
}

/** §3 Experiment sample: not selected; selected with its declaration unfinished (red); ready (green). */
export type SampleEsiState = 'notSelected' | 'unfinished' | 'ready';

export function sampleEsiState(safety: LoadedSafety, sampleId: number): SampleEsiState {
  const selected = safety.samples.find((s) => s.sampleId === sampleId);
  if (!selected) return 'notSelected';
  return selected.isEsiSubmitted ? 'ready' : 'unfinished';
}
