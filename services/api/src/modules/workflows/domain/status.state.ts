import {
  STATUS_CREATED,
  STATUS_DELETED,
  STATUS_UPDATED,
  type StatusCreatedData,
  type StatusStreamEvent,
} from '@user-office/contracts';

/**
 * One status folded from `status-<id>`: `none` (the id was never used), `active`, or `deleted` (the id is not
 * used again; the short code may be).
 */
export interface StatusState {
  status: 'none' | 'active' | 'deleted';
  data: StatusCreatedData | null;
}

export const initialStatusState: StatusState = { status: 'none', data: null };

export function evolveStatus(state: StatusState, event: { type: string; data: unknown }): StatusState {
  const e = event as StatusStreamEvent;
  switch (e.type) {
    case STATUS_CREATED:
      return { status: 'active', data: { ...e.data } };
    case STATUS_UPDATED:
      return state.data
        ? { ...state, data: { ...state.data, name: e.data.name, description: e.data.description } }
        : state;
    case STATUS_DELETED:
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export const isLiveStatus = (state: StatusState): state is StatusState & { data: StatusCreatedData } =>
  state.status === 'active' && state.data !== null;
