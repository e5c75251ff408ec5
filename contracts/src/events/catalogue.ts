/**
 * The event catalogue: for each event type, the stream it is written to, its payload version and how the
 * event-logs projection describes it (description and changed object id).
 */

/** How an event type is described; given to `defineEvent`. */
export interface EventSpec<TData> {
  /** The stream prefix, e.g. `settings` for `settings-facility`, `proposal` for `proposal-12`. */
  readonly stream: string;
  /** The event-log description of one event. */
  readonly description: (data: TData) => string;
  /** The event-log changed object id of one event. */
  readonly changedObjectId: (data: TData, streamId: string) => string;
  /** The payload version; bump it (and add an upcaster) when the payload changes. Defaults to 1. */
  readonly version?: number;
}

/** A catalogued event type. */
export interface EventDescriptor<TData, TType extends string = string> {
  readonly type: TType;
  readonly stream: string;
  readonly version: number;
  /** The event-log description (method syntax, so a descriptor of any payload fits the catalogue). */
  describe(data: TData): string;
  changedObjectId(data: TData, streamId: string): string;
  /** The event to append: `{ type, data }`. */
  create(data: TData): CataloguedEvent<TData, TType>;
}

/** An event of a catalogued type as handed to the event store. */
export interface CataloguedEvent<TData, TType extends string = string> {
  readonly type: TType;
  readonly data: TData;
}

/** What the event-logs projection shows for one event. */
export interface EventDescription {
  readonly description: string;
  readonly changedObjectId: string;
}

/** Defines an event type. Give `TType` (e.g. `typeof SETTING_UPDATED`) to keep the literal type name. */
export function defineEvent<TData, TType extends string = string>(
  type: TType,
  spec: EventSpec<TData>,
): EventDescriptor<TData, TType> {
  const version = spec.version ?? 1;
  if (!Number.isInteger(version) || version < 1) {
    throw new Error(`Event ${type}: version must be a positive integer, got ${version}`);
  }
  return {
    type,
    stream: spec.stream,
    version,
    describe: (data) => spec.description(data),
    changedObjectId: (data, streamId) => spec.changedObjectId(data, streamId),
    create: (data) => ({ type, data }),
  };
}

const catalogue = new Map<string, EventDescriptor<unknown>>();

/**
 * Every catalogued event type by name. Fill it with `registerEvents`. The event modules register theirs when they
 * are loaded: all of them in the api (Node loads every module it imports). The frontends bundle the contracts as free
 * of side effects (contracts/package.json `sideEffects`), so a module none of whose exports they use is left out,
 * and with it its registration: a frontend that ever reads the catalogue must use the events' exports it needs.
 */
export const EVENT_CATALOGUE: ReadonlyMap<string, EventDescriptor<unknown>> = catalogue;

/**
 * Adds event descriptors to the catalogue. Registering the same descriptor again is a no-op; a different
 * descriptor under a type name already taken is an error.
 */
export function registerEvents(...descriptors: ReadonlyArray<EventDescriptor<unknown>>): void {
  for (const descriptor of descriptors) {
    const existing = catalogue.get(descriptor.type);
    if (existing === undefined) {
      catalogue.set(descriptor.type, descriptor);
    } else if (existing !== descriptor) {
      throw new Error(`Event type ${descriptor.type} is already catalogued`);
    }
  }
}

/** `ProposalSubmitted` → `Proposal submitted`; `FAP_REVIEW_SUBMITTED` → `FAP REVIEW SUBMITTED`. */
export function eventTypeToWords(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.:-]+/)
    .filter((word) => word !== '');
  return words
    .map((word, index) => (index === 0 || /^[A-Z0-9]+$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** The part of a stream id after its first '-' (`proposal-12` → `12`), or the whole id if it has none. */
export function streamObjectId(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(dash + 1);
}

/**
 * The event-log description and changed object id of an event. Unknown types, and catalogued ones whose
 * payload cannot be described (e.g. an old shape without an upcaster), fall back to the type in words and the
 * stream id's object part, so that the event log never stops on one event.
 */
export function describeEvent(type: string, data: unknown, streamId: string): EventDescription {
  const descriptor = catalogue.get(type);
  if (descriptor !== undefined) {
    try {
      return {
        description: descriptor.describe(data),
        changedObjectId: descriptor.changedObjectId(data, streamId),
      };
    } catch {
      // fall through to the generic description
    }
  }
  return { description: eventTypeToWords(type), changedObjectId: streamObjectId(streamId) };
}
