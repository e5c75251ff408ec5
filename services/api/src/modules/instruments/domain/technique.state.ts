import {
  TECHNIQUE_CREATED,
  TECHNIQUE_DELETED,
  TECHNIQUE_INSTRUMENTS_ASSIGNED,
  TECHNIQUE_INSTRUMENTS_REMOVED,
  TECHNIQUE_SCIENTIST_REMOVED,
  TECHNIQUE_SCIENTISTS_ASSIGNED,
  TECHNIQUE_UPDATED,
  type TechniqueCreatedData,
  type TechniqueInstrumentsAssignedData,
  type TechniqueInstrumentsRemovedData,
  type TechniqueScientistRemovedData,
  type TechniqueScientistsAssignedData,
} from '@user-office/contracts';
import { techniqueNotFound } from './instruments.errors';

export type TechniqueDetails = TechniqueCreatedData;

/** One technique as folded from its `technique-<id>` stream. */
export interface TechniqueState {
  technique: TechniqueDetails | null;
  deleted: boolean;
  scientistIds: number[];
  instrumentIds: number[];
}

export const initialTechniqueState: TechniqueState = {
  technique: null,
  deleted: false,
  scientistIds: [],
  instrumentIds: [],
};

const add = (list: number[], more: readonly number[]) => [
  ...list,
  ...more.filter((id) => !list.includes(id)),
];

export function evolveTechnique(
  state: TechniqueState,
  event: { type: string; data: unknown },
): TechniqueState {
  switch (event.type) {
    case TECHNIQUE_CREATED:
    case TECHNIQUE_UPDATED:
      return { ...state, technique: { ...(event.data as TechniqueCreatedData) } };
    case TECHNIQUE_DELETED:
      return { ...state, deleted: true };
    case TECHNIQUE_SCIENTISTS_ASSIGNED:
      return {
        ...state,
        scientistIds: add(state.scientistIds, (event.data as TechniqueScientistsAssignedData).scientistIds),
      };
    case TECHNIQUE_SCIENTIST_REMOVED: {
      const { scientistId } = event.data as TechniqueScientistRemovedData;
      return { ...state, scientistIds: state.scientistIds.filter((id) => id !== scientistId) };
    }
    case TECHNIQUE_INSTRUMENTS_ASSIGNED:
      return {
        ...state,
        instrumentIds: add(
          state.instrumentIds,
          (event.data as TechniqueInstrumentsAssignedData).instrumentIds,
        ),
      };
    case TECHNIQUE_INSTRUMENTS_REMOVED: {
      const { instrumentIds } = event.data as TechniqueInstrumentsRemovedData;
      return { ...state, instrumentIds: state.instrumentIds.filter((id) => !instrumentIds.includes(id)) };
    }
    default:
      return state;
  }
}

/** The technique, when it exists and is not deleted; NOT_FOUND otherwise. */
export function liveTechnique(state: TechniqueState): TechniqueDetails {
  if (state.technique === null || state.deleted) throw techniqueNotFound();
  return state.technique;
}
