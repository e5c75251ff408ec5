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
  /**
   * The kind of object the changed object id names (`proposal`, `fap-review`, `technical-review`, …). Defaults to
   * `proposal` when the id is the event's proposal, else to the stream prefix.
   */
  readonly objectType?: string;
  /**
   * The proposal the changed object belongs to, or null. Defaults to the payload's `proposalPk`, else the pk of a
   * proposal's own streams (`proposal-12`, `fap-proposal-12`, `proposal-assessment-12`, …).
   */
  readonly proposalPk?: (data: TData, streamId: string) => number | null;
}

/** A catalogued event type. */
export interface EventDescriptor<TData, TType extends string = string> {
  readonly type: TType;
  readonly stream: string;
  readonly version: number;
  /** The event-log description (method syntax, so a descriptor of any payload fits the catalogue). */
  describe(data: TData): string;
  changedObjectId(data: TData, streamId: string): string;
  /** The kind of the changed object, when the event says (else the event log infers it: `describeEvent`). */
  readonly objectType?: string;
  /** The proposal the changed object belongs to, when the event says (else inferred: `describeEvent`). */
  proposalPk?(data: TData, streamId: string): number | null;
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
  /** what kind of object `changedObjectId` names: `proposal`, `fap-review`, `call`, `status`, … */
  readonly objectType: string;
  /** the proposal the changed object is or belongs to (a review, a decision, a sample …), null when none */
  readonly proposalPk: number | null;
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
    ...(spec.objectType !== undefined && { objectType: spec.objectType }),
    ...(spec.proposalPk !== undefined && { proposalPk: spec.proposalPk }),
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
      const changedObjectId = descriptor.changedObjectId(data, streamId);
      const proposalPk = descriptor.proposalPk
        ? descriptor.proposalPk(data, streamId)
        : inferredProposalPk(data, streamId);
      return {
        description: descriptor.describe(data),
        changedObjectId,
        objectType:
          descriptor.objectType ??
          (proposalPk !== null && changedObjectId === String(proposalPk) ? 'proposal' : descriptor.stream),
        proposalPk: validPk(proposalPk),
      };
    } catch {
      // fall through to the generic description
    }
  }
  const changedObjectId = streamObjectId(streamId);
  const proposalPk = inferredProposalPk(data, streamId);
  return {
    description: eventTypeToWords(type),
    changedObjectId,
    objectType: streamPrefix(streamId),
    proposalPk,
  };
}

/** Streams whose id ends in the pk of the proposal they belong to. */
const PROPOSAL_KEYED_STREAMS =
  /^(?:proposal|fap-proposal|proposal-assessment|proposal-scientist-comment)-(\d+)$/;

const validPk = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/** The payload's `proposalPk`, else the pk at the end of a proposal's own stream, else null. */
function inferredProposalPk(data: unknown, streamId: string): number | null {
  const own =
    typeof data === 'object' && data !== null ? validPk((data as { proposalPk?: unknown }).proposalPk) : null;
  if (own !== null) return own;
  const match = PROPOSAL_KEYED_STREAMS.exec(streamId);
  return match ? validPk(Number(match[1])) : null;
}

/** `fap-proposal-12` → `fap-proposal`, `settings-facility` → `settings`: the stream id without its object part. */
function streamPrefix(streamId: string): string {
  const numbered = /^(.*?)-\d+$/.exec(streamId);
  return numbered ? numbered[1] : streamId.split('-')[0];
}
