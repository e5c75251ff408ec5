/**
 * What this module needs of the instruments module (docs/instruments-and-reviews.md: `InstrumentsRepository`).
 * The module binds it to the instruments module's repository; the tests may bind a fake.
 */
export interface InstrumentRecordLike {
  id: number;
  name: string;
  shortCode: string;
  managerUserId: number | null;
  scientistIds: number[];
}

export interface TechniqueRecordLike {
  id: number;
  name: string;
  shortCode: string;
  instrumentIds: number[];
  scientistIds: number[];
}

export abstract class InstrumentsLookup {
  abstract byIds(ids: readonly number[]): Promise<InstrumentRecordLike[]>;
  abstract instrument(id: number): Promise<InstrumentRecordLike | null>;
  /** instruments the user manages or is a scientist of */
  abstract idsOfScientist(userId: number): Promise<number[]>;
  abstract techniquesByIds(ids: readonly number[]): Promise<TechniqueRecordLike[]>;
  abstract techniqueIdsOfScientist(userId: number): Promise<number[]>;
}

/** §3/design: the instrument's manager, else its first scientist, else nobody. */
export const defaultAssignee = (instrument: InstrumentRecordLike): number | null =>
  instrument.managerUserId ?? instrument.scientistIds[0] ?? null;

/** the manager and the scientists of an instrument */
export const staffOf = (instrument: InstrumentRecordLike): number[] => [
  ...(instrument.managerUserId === null ? [] : [instrument.managerUserId]),
  ...instrument.scientistIds,
];
