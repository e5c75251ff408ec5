import {
  INSTITUTION_CREATED,
  INSTITUTION_DELETED,
  INSTITUTION_MERGED_AWAY,
  INSTITUTION_UPDATED,
  INSTITUTIONS_MERGED,
  type InstitutionCreatedData,
  type InstitutionMergedAwayData,
  type InstitutionsMergedData,
  type InstitutionUpdatedData,
} from '@user-office/contracts';

/**
 * One institution as folded from its `institution-<id>` stream:
 * - `none`: the stream is empty (the id was never used);
 * - `active`: created, may be changed, deleted or merged;
 * - `deleted`, `mergedAway`: closed for good.
 */
export interface InstitutionState {
  status: 'none' | 'active' | 'deleted' | 'mergedAway';
  id: number | null;
  name: string;
  country: number | null;
  rorId: string | null;
  /** the institution it was merged into, once merged away */
  mergedInto: number | null;
}

export const initialInstitutionState: InstitutionState = {
  status: 'none',
  id: null,
  name: '',
  country: null,
  rorId: null,
  mergedInto: null,
};

export function evolveInstitution(
  state: InstitutionState,
  event: { type: string; data: unknown },
): InstitutionState {
  switch (event.type) {
    case INSTITUTION_CREATED: {
      const data = event.data as InstitutionCreatedData;
      return {
        ...state,
        status: 'active',
        id: data.id,
        name: data.name,
        country: data.country,
        rorId: data.rorId,
      };
    }
    case INSTITUTION_UPDATED: {
      const data = event.data as InstitutionUpdatedData;
      return { ...state, name: data.name, country: data.country, rorId: data.rorId };
    }
    case INSTITUTION_DELETED:
      return { ...state, status: 'deleted' };
    case INSTITUTIONS_MERGED:
      return { ...state, name: (event.data as InstitutionsMergedData).newTitle };
    case INSTITUTION_MERGED_AWAY:
      return { ...state, status: 'mergedAway', mergedInto: (event.data as InstitutionMergedAwayData).into };
    default:
      return state;
  }
}

export const isActive = (state: InstitutionState): boolean => state.status === 'active';
