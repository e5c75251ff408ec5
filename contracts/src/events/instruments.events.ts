import { defineEvent, registerEvents } from './catalogue';

/** Each instrument is one stream: `instrument-<id>`; each technique one: `technique-<id>` (ids from sequences). */
export const INSTRUMENT_STREAM = 'instrument';
export const TECHNIQUE_STREAM = 'technique';

/** The stream of one instrument (its details, scientists and call assignments). */
export const instrumentStreamId = (id: number): string => `${INSTRUMENT_STREAM}-${id}`;
/** The stream of one technique (its details, scientists and instruments). */
export const techniqueStreamId = (id: number): string => `${TECHNIQUE_STREAM}-${id}`;

export const INSTRUMENT_CREATED = 'InstrumentCreated';
export const INSTRUMENT_UPDATED = 'InstrumentUpdated';
export const INSTRUMENT_DELETED = 'InstrumentDeleted';
export const INSTRUMENT_SCIENTISTS_ASSIGNED = 'InstrumentScientistsAssigned';
export const INSTRUMENT_SCIENTIST_REMOVED = 'InstrumentScientistRemoved';
export const INSTRUMENT_ASSIGNED_TO_CALL = 'InstrumentAssignedToCall';
export const INSTRUMENT_REMOVED_FROM_CALL = 'InstrumentRemovedFromCall';
export const INSTRUMENT_AVAILABILITY_TIME_SET = 'InstrumentAvailabilityTimeSet';

export const TECHNIQUE_CREATED = 'TechniqueCreated';
export const TECHNIQUE_UPDATED = 'TechniqueUpdated';
export const TECHNIQUE_DELETED = 'TechniqueDeleted';
export const TECHNIQUE_SCIENTISTS_ASSIGNED = 'TechniqueScientistsAssigned';
export const TECHNIQUE_SCIENTIST_REMOVED = 'TechniqueScientistRemoved';
export const TECHNIQUE_INSTRUMENTS_ASSIGNED = 'TechniqueInstrumentsAssigned';
export const TECHNIQUE_INSTRUMENTS_REMOVED = 'TechniqueInstrumentsRemoved';

/** The whole instrument after a create or an update (§3 Instrument, without its scientists). */
export interface InstrumentCreatedData {
  readonly id: number;
  readonly name: string;
  readonly shortCode: string;
  readonly description: string;
  readonly managerUserId: number | null;
  readonly selectable: boolean;
  readonly instrumentContact: string | null;
}
export type InstrumentUpdatedData = InstrumentCreatedData;
export interface InstrumentDeletedData {
  readonly id: number;
}
/** Scientists newly assigned (those already assigned are not repeated), in the order given. */
export interface InstrumentScientistsAssignedData {
  readonly instrumentId: number;
  readonly scientistIds: readonly number[];
}
export interface InstrumentScientistRemovedData {
  readonly instrumentId: number;
  readonly scientistId: number;
}
/** The instrument is offered in the call (again, with another FAP when already assigned). */
export interface InstrumentAssignedToCallData {
  readonly instrumentId: number;
  readonly callId: number;
  readonly fapId: number | null;
}
export interface InstrumentRemovedFromCallData {
  readonly instrumentId: number;
  readonly callId: number;
}
export interface InstrumentAvailabilityTimeSetData {
  readonly instrumentId: number;
  readonly callId: number;
  readonly availabilityTime: number;
}

/** The whole technique after a create or an update (§3 Technique, without its instruments and scientists). */
export interface TechniqueCreatedData {
  readonly id: number;
  readonly name: string;
  readonly shortCode: string;
  readonly description: string;
}
export type TechniqueUpdatedData = TechniqueCreatedData;
export interface TechniqueDeletedData {
  readonly id: number;
}
export interface TechniqueScientistsAssignedData {
  readonly techniqueId: number;
  readonly scientistIds: readonly number[];
}
export interface TechniqueScientistRemovedData {
  readonly techniqueId: number;
  readonly scientistId: number;
}
export interface TechniqueInstrumentsAssignedData {
  readonly techniqueId: number;
  readonly instrumentIds: readonly number[];
}
export interface TechniqueInstrumentsRemovedData {
  readonly techniqueId: number;
  readonly instrumentIds: readonly number[];
}

const ids = (list: readonly number[]): string => list.map((id) => `#${id}`).join(', ');

export const instrumentCreatedEvent = defineEvent<InstrumentCreatedData, typeof INSTRUMENT_CREATED>(
  INSTRUMENT_CREATED,
  {
    stream: INSTRUMENT_STREAM,
    description: (d) => `Instrument ${JSON.stringify(d.name)} (${d.shortCode}) created`,
    changedObjectId: (d) => String(d.id),
  },
);
export const instrumentUpdatedEvent = defineEvent<InstrumentUpdatedData, typeof INSTRUMENT_UPDATED>(
  INSTRUMENT_UPDATED,
  {
    stream: INSTRUMENT_STREAM,
    description: (d) => `Instrument ${JSON.stringify(d.name)} (${d.shortCode}) updated`,
    changedObjectId: (d) => String(d.id),
  },
);
export const instrumentDeletedEvent = defineEvent<InstrumentDeletedData, typeof INSTRUMENT_DELETED>(
  INSTRUMENT_DELETED,
  {
    stream: INSTRUMENT_STREAM,
    description: (d) => `Instrument #${d.id} deleted`,
    changedObjectId: (d) => String(d.id),
  },
);
export const instrumentScientistsAssignedEvent = defineEvent<
  InstrumentScientistsAssignedData,
  typeof INSTRUMENT_SCIENTISTS_ASSIGNED
>(INSTRUMENT_SCIENTISTS_ASSIGNED, {
  stream: INSTRUMENT_STREAM,
  description: (d) => `Scientists ${ids(d.scientistIds)} assigned to instrument #${d.instrumentId}`,
  changedObjectId: (d) => String(d.instrumentId),
});
export const instrumentScientistRemovedEvent = defineEvent<
  InstrumentScientistRemovedData,
  typeof INSTRUMENT_SCIENTIST_REMOVED
>(INSTRUMENT_SCIENTIST_REMOVED, {
  stream: INSTRUMENT_STREAM,
  description: (d) => `Scientist #${d.scientistId} removed from instrument #${d.instrumentId}`,
  changedObjectId: (d) => String(d.instrumentId),
});
export const instrumentAssignedToCallEvent = defineEvent<
  InstrumentAssignedToCallData,
  typeof INSTRUMENT_ASSIGNED_TO_CALL
>(INSTRUMENT_ASSIGNED_TO_CALL, {
  stream: INSTRUMENT_STREAM,
  description: (d) =>
    `Instrument #${d.instrumentId} assigned to call #${d.callId}` +
    (d.fapId === null ? '' : ` (FAP #${d.fapId})`),
  changedObjectId: (d) => String(d.instrumentId),
});
export const instrumentRemovedFromCallEvent = defineEvent<
  InstrumentRemovedFromCallData,
  typeof INSTRUMENT_REMOVED_FROM_CALL
>(INSTRUMENT_REMOVED_FROM_CALL, {
  stream: INSTRUMENT_STREAM,
  description: (d) => `Instrument #${d.instrumentId} removed from call #${d.callId}`,
  changedObjectId: (d) => String(d.instrumentId),
});
export const instrumentAvailabilityTimeSetEvent = defineEvent<
  InstrumentAvailabilityTimeSetData,
  typeof INSTRUMENT_AVAILABILITY_TIME_SET
>(INSTRUMENT_AVAILABILITY_TIME_SET, {
  stream: INSTRUMENT_STREAM,
  description: (d) =>
    `Availability time of instrument #${d.instrumentId} in call #${d.callId} set to ${d.availabilityTime}`,
  changedObjectId: (d) => String(d.instrumentId),
});

export const techniqueCreatedEvent = defineEvent<TechniqueCreatedData, typeof TECHNIQUE_CREATED>(
  TECHNIQUE_CREATED,
  {
    stream: TECHNIQUE_STREAM,
    description: (d) => `Technique ${JSON.stringify(d.name)} (${d.shortCode}) created`,
    changedObjectId: (d) => String(d.id),
  },
);
export const techniqueUpdatedEvent = defineEvent<TechniqueUpdatedData, typeof TECHNIQUE_UPDATED>(
  TECHNIQUE_UPDATED,
  {
    stream: TECHNIQUE_STREAM,
    description: (d) => `Technique ${JSON.stringify(d.name)} (${d.shortCode}) updated`,
    changedObjectId: (d) => String(d.id),
  },
);
export const techniqueDeletedEvent = defineEvent<TechniqueDeletedData, typeof TECHNIQUE_DELETED>(
  TECHNIQUE_DELETED,
  {
    stream: TECHNIQUE_STREAM,
    description: (d) => `Technique #${d.id} deleted`,
    changedObjectId: (d) => String(d.id),
  },
);
export const techniqueScientistsAssignedEvent = defineEvent<
  TechniqueScientistsAssignedData,
  typeof TECHNIQUE_SCIENTISTS_ASSIGNED
>(TECHNIQUE_SCIENTISTS_ASSIGNED, {
  stream: TECHNIQUE_STREAM,
  description: (d) => `Scientists ${ids(d.scientistIds)} assigned to technique #${d.techniqueId}`,
  changedObjectId: (d) => String(d.techniqueId),
});
export const techniqueScientistRemovedEvent = defineEvent<
  TechniqueScientistRemovedData,
  typeof TECHNIQUE_SCIENTIST_REMOVED
>(TECHNIQUE_SCIENTIST_REMOVED, {
  stream: TECHNIQUE_STREAM,
  description: (d) => `Scientist #${d.scientistId} removed from technique #${d.techniqueId}`,
  changedObjectId: (d) => String(d.techniqueId),
});
export const techniqueInstrumentsAssignedEvent = defineEvent<
  TechniqueInstrumentsAssignedData,
  typeof TECHNIQUE_INSTRUMENTS_ASSIGNED
>(TECHNIQUE_INSTRUMENTS_ASSIGNED, {
  stream: TECHNIQUE_STREAM,
  description: (d) => `Instruments ${ids(d.instrumentIds)} assigned to technique #${d.techniqueId}`,
  changedObjectId: (d) => String(d.techniqueId),
});
export const techniqueInstrumentsRemovedEvent = defineEvent<
  TechniqueInstrumentsRemovedData,
  typeof TECHNIQUE_INSTRUMENTS_REMOVED
>(TECHNIQUE_INSTRUMENTS_REMOVED, {
  stream: TECHNIQUE_STREAM,
  description: (d) => `Instruments ${ids(d.instrumentIds)} removed from technique #${d.techniqueId}`,
  changedObjectId: (d) => String(d.techniqueId),
});

export const INSTRUMENT_EVENTS = [
  instrumentCreatedEvent,
  instrumentUpdatedEvent,
  instrumentDeletedEvent,
  instrumentScientistsAssignedEvent,
  instrumentScientistRemovedEvent,
  instrumentAssignedToCallEvent,
  instrumentRemovedFromCallEvent,
  instrumentAvailabilityTimeSetEvent,
] as const;

export const TECHNIQUE_EVENTS = [
  techniqueCreatedEvent,
  techniqueUpdatedEvent,
  techniqueDeletedEvent,
  techniqueScientistsAssignedEvent,
  techniqueScientistRemovedEvent,
  techniqueInstrumentsAssignedEvent,
  techniqueInstrumentsRemovedEvent,
] as const;

registerEvents(...INSTRUMENT_EVENTS, ...TECHNIQUE_EVENTS);
