import { defineEvent, registerEvents } from './catalogue';

/** One stream per institution: `institution-<id>`, the id drawn from a database sequence. */
export const INSTITUTION_STREAM = 'institution';
export const institutionStreamId = (id: number): string => `${INSTITUTION_STREAM}-${id}`;

export const INSTITUTION_CREATED = 'InstitutionCreated';
export const INSTITUTION_UPDATED = 'InstitutionUpdated';
export const INSTITUTION_DELETED = 'InstitutionDeleted';
/** On the stream of the institution merged into; users of `institutionIdFrom` now belong to `institutionIdInto`. */
export const INSTITUTIONS_MERGED = 'InstitutionsMerged';
/** On the stream of the institution merged from: it is closed and can no longer be changed. */
export const INSTITUTION_MERGED_AWAY = 'InstitutionMergedAway';

export interface InstitutionCreatedData {
  readonly id: number;
  readonly name: string;
  /** a country id of COUNTRIES */
  readonly country: number;
  /** the bare ROR id (e.g. `0abcde123`), or null */
  readonly rorId: string | null;
}

export interface InstitutionUpdatedData {
  readonly id: number;
  readonly name: string;
  readonly country: number;
  readonly rorId: string | null;
}

export interface InstitutionDeletedData {
  readonly id: number;
}

export interface InstitutionsMergedData {
  readonly institutionIdFrom: number;
  readonly institutionIdInto: number;
  /** the merged institution's name from now on */
  readonly newTitle: string;
}

export interface InstitutionMergedAwayData {
  readonly id: number;
  /** the institution it was merged into */
  readonly into: number;
}

const id = (data: { id: number }): string => String(data.id);

export const institutionCreatedEvent = defineEvent<InstitutionCreatedData, typeof INSTITUTION_CREATED>(
  INSTITUTION_CREATED,
  {
    stream: INSTITUTION_STREAM,
    description: (data) => `Institution ${JSON.stringify(data.name)} created`,
    changedObjectId: id,
  },
);

export const institutionUpdatedEvent = defineEvent<InstitutionUpdatedData, typeof INSTITUTION_UPDATED>(
  INSTITUTION_UPDATED,
  {
    stream: INSTITUTION_STREAM,
    description: (data) => `Institution ${JSON.stringify(data.name)} updated`,
    changedObjectId: id,
  },
);

export const institutionDeletedEvent = defineEvent<InstitutionDeletedData, typeof INSTITUTION_DELETED>(
  INSTITUTION_DELETED,
  {
    stream: INSTITUTION_STREAM,
    description: (data) => `Institution ${data.id} deleted`,
    changedObjectId: id,
  },
);

export const institutionsMergedEvent = defineEvent<InstitutionsMergedData, typeof INSTITUTIONS_MERGED>(
  INSTITUTIONS_MERGED,
  {
    stream: INSTITUTION_STREAM,
    description: (data) =>
      `Institution ${data.institutionIdFrom} merged into institution ${data.institutionIdInto}, ` +
      `now named ${JSON.stringify(data.newTitle)}`,
    changedObjectId: (data) => String(data.institutionIdInto),
  },
);

export const institutionMergedAwayEvent = defineEvent<
  InstitutionMergedAwayData,
  typeof INSTITUTION_MERGED_AWAY
>(INSTITUTION_MERGED_AWAY, {
  stream: INSTITUTION_STREAM,
  description: (data) => `Institution ${data.id} merged into institution ${data.into} and closed`,
  changedObjectId: id,
});

/** Any event of an institution stream. */
export type InstitutionEvent =
  | { readonly type: typeof INSTITUTION_CREATED; readonly data: InstitutionCreatedData }
  | { readonly type: typeof INSTITUTION_UPDATED; readonly data: InstitutionUpdatedData }
  | { readonly type: typeof INSTITUTION_DELETED; readonly data: InstitutionDeletedData }
  | { readonly type: typeof INSTITUTIONS_MERGED; readonly data: InstitutionsMergedData }
  | { readonly type: typeof INSTITUTION_MERGED_AWAY; readonly data: InstitutionMergedAwayData };

export const INSTITUTIONS_EVENTS = [
  institutionCreatedEvent,
  institutionUpdatedEvent,
  institutionDeletedEvent,
  institutionsMergedEvent,
  institutionMergedAwayEvent,
] as const;

registerEvents(...INSTITUTIONS_EVENTS);
