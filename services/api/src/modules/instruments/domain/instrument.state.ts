import {
  INSTRUMENT_ASSIGNED_TO_CALL,
  INSTRUMENT_AVAILABILITY_TIME_SET,
  INSTRUMENT_CREATED,
  INSTRUMENT_DELETED,
  INSTRUMENT_REMOVED_FROM_CALL,
  INSTRUMENT_SCIENTIST_REMOVED,
  INSTRUMENT_SCIENTISTS_ASSIGNED,
  INSTRUMENT_UPDATED,
  type InstrumentAssignedToCallData,
  type InstrumentAvailabilityTimeSetData,
  type InstrumentCreatedData,
  type InstrumentRemovedFromCallData,
  type InstrumentScientistRemovedData,
  type InstrumentScientistsAssignedData,
} from '@user-office/contracts';
import { instrumentNotFound } from './instruments.errors';

export type InstrumentDetails = InstrumentCreatedData;

/** One instrument as folded from its `instrument-<id>` stream. */
export interface InstrumentState {
  instrument: InstrumentDetails | null;
  deleted: boolean;
  /** in the order they were assigned */
  scientistIds: number[];
  /** call id → its FAP and availability time */
  calls: Map<number, { fapId: number | null; availabilityTime: number | null }>;
}

export const initialInstrumentState: InstrumentState = {
  instrument: null,
  deleted: false,
  scientistIds: [],
  calls: new Map(),
};

export function evolveInstrument(
  state: InstrumentState,
  event: { type: string; data: unknown },
): InstrumentState {
  switch (event.type) {
    case INSTRUMENT_CREATED:
    case INSTRUMENT_UPDATED:
      return { ...state, instrument: { ...(event.data as InstrumentCreatedData) } };
    case INSTRUMENT_DELETED:
      return { ...state, deleted: true };
    case INSTRUMENT_SCIENTISTS_ASSIGNED: {
      const { scientistIds } = event.data as InstrumentScientistsAssignedData;
      return {
        ...state,
        scientistIds: [
          ...state.scientistIds,
          ...scientistIds.filter((id) => !state.scientistIds.includes(id)),
        ],
      };
    }
    case INSTRUMENT_SCIENTIST_REMOVED: {
      const { scientistId } = event.data as InstrumentScientistRemovedData;
      return { ...state, scientistIds: state.scientistIds.filter((id) => id !== scientistId) };
    }
    case INSTRUMENT_ASSIGNED_TO_CALL: {
      const { callId, fapId } = event.data as InstrumentAssignedToCallData;
      const calls = new Map(state.calls);
      calls.set(callId, { fapId, availabilityTime: state.calls.get(callId)?.availabilityTime ?? null });
      return { ...state, calls };
    }
    case INSTRUMENT_REMOVED_FROM_CALL: {
      const calls = new Map(state.calls);
      calls.delete((event.data as InstrumentRemovedFromCallData).callId);
      return { ...state, calls };
    }
    case INSTRUMENT_AVAILABILITY_TIME_SET: {
      const { callId, availabilityTime } = event.data as InstrumentAvailabilityTimeSetData;
      const current = state.calls.get(callId);
      if (!current) return state;
      const calls = new Map(state.calls);
      calls.set(callId, { ...current, availabilityTime });
      return { ...state, calls };
    }
    default:
      return state;
  }
}

/** The instrument, when it exists and is not deleted; NOT_FOUND otherwise. */
export function liveInstrument(state: InstrumentState): InstrumentDetails {
  if (state.instrument === null || state.deleted) throw instrumentNotFound();
  return state.instrument;
}
