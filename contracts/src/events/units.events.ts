import { defineEvent, registerEvents } from './catalogue';

/**
 * One stream per unit: `unit-<id>`, the id chosen by the officer (e.g. `meter`). An import appends one event
 * per unit on that unit's own stream, so each stream holds the whole history its decider needs.
 */
export const UNIT_STREAM = 'unit';
export const unitStreamId = (id: string): string => `${UNIT_STREAM}-${id}`;

export const UNIT_CREATED = 'UnitCreated';
/** A unit taken from an imported file: a new one, or an existing one replaced (USE_NEW). */
export const UNIT_IMPORTED = 'UnitImported';
export const UNIT_DELETED = 'UnitDeleted';

/** A unit (§3 Unit); `siConversionFormula` turns a value `x` in this unit into the SI unit of its quantity. */
export interface UnitData {
  readonly id: string;
  /** the unit's name, e.g. `centimeter` */
  readonly unit: string;
  /** e.g. `length` */
  readonly quantity: string;
  readonly symbol: string;
  /** e.g. `x / 100` */
  readonly siConversionFormula: string;
}

export type UnitCreatedData = UnitData;
export type UnitImportedData = UnitData;

export interface UnitDeletedData {
  readonly id: string;
}

const id = (data: { id: string }): string => data.id;

export const unitCreatedEvent = defineEvent<UnitCreatedData, typeof UNIT_CREATED>(UNIT_CREATED, {
  stream: UNIT_STREAM,
  description: (data) =>
    `Unit ${JSON.stringify(data.unit)} (${data.symbol}, ${data.quantity}) created: SI value = ${data.siConversionFormula}`,
  changedObjectId: id,
});

export const unitImportedEvent = defineEvent<UnitImportedData, typeof UNIT_IMPORTED>(UNIT_IMPORTED, {
  stream: UNIT_STREAM,
  description: (data) =>
    `Unit ${JSON.stringify(data.unit)} (${data.symbol}, ${data.quantity}) imported: SI value = ${data.siConversionFormula}`,
  changedObjectId: id,
});

export const unitDeletedEvent = defineEvent<UnitDeletedData, typeof UNIT_DELETED>(UNIT_DELETED, {
  stream: UNIT_STREAM,
  description: (data) => `Unit ${data.id} deleted`,
  changedObjectId: id,
});

/** Any event of a unit stream. */
export type UnitEvent =
  | { readonly type: typeof UNIT_CREATED; readonly data: UnitCreatedData }
  | { readonly type: typeof UNIT_IMPORTED; readonly data: UnitImportedData }
  | { readonly type: typeof UNIT_DELETED; readonly data: UnitDeletedData };

export const UNITS_EVENTS = [unitCreatedEvent, unitImportedEvent, unitDeletedEvent] as const;

registerEvents(...UNITS_EVENTS);
