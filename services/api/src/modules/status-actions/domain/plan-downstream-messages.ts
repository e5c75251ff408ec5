import {
  CALL_CREATED,
  INSTRUMENT_CREATED,
  INSTRUMENT_DELETED,
  INSTRUMENT_UPDATED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_FAPS_ASSIGNED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  ProposalEndStatus,
  TOPIC_ANSWERED,
  USER_DELETED,
  USER_UPDATED,
  VISIT_CREATED,
  type CompatibleOutType,
} from '@user-office/contracts';

/** What a downstream message's body is made of, read when it is planned. */
export type DownstreamBodySource =
  | { kind: 'proposal'; proposalPk: number; includeDeleted: boolean }
  | { kind: 'instrument'; instrumentId: number }
  | { kind: 'user'; userId: number }
  /** the event's own data */
  | { kind: 'data' };

export interface PlannedDownstreamMessage {
  type: CompatibleOutType;
  orderingKey: string;
  body: DownstreamBodySource;
}

/** the domain events the compatible profile publishes on, by out type (the deletions always, the feed when on) */
export const DOWNSTREAM_EVENT_TYPES = [
  PROPOSAL_DELETED,
  INSTRUMENT_DELETED,
  PROPOSAL_CREATED,
  PROPOSAL_UPDATED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  CALL_CREATED,
  INSTRUMENT_CREATED,
  INSTRUMENT_UPDATED,
  TOPIC_ANSWERED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_FAPS_ASSIGNED,
  USER_UPDATED,
  USER_DELETED,
  VISIT_CREATED,
];

interface EventLike {
  type: string;
  streamId: string;
  data: unknown;
}

const num = (data: unknown, key: string): number | null => {
  const value = (data as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' ? value : null;
};

/**
 * Pure: the compatible message an event causes (null: none). PROPOSAL_DELETED and INSTRUMENT_DELETED always; the
 * feed's types only when `feedTypes` names them. Messages of one proposal share the ordering key `proposal-<pk>`
 * (with its status actions' messages); others are ordered by their stream.
 */
export function planDownstreamMessage(
  event: EventLike,
  feedTypes: ReadonlySet<string>,
): PlannedDownstreamMessage | null {
  const proposalPk = num(event.data, 'proposalPk');
  const key = proposalPk !== null ? `proposal-${proposalPk}` : event.streamId;
  const feed = (type: CompatibleOutType, body: DownstreamBodySource): PlannedDownstreamMessage | null =>
    feedTypes.has(type) ? { type, orderingKey: key, body } : null;
  const proposal = (includeDeleted = false): DownstreamBodySource => ({
    kind: 'proposal',
    proposalPk: proposalPk ?? 0,
    includeDeleted,
  });
  const instrumentId = num(event.data, 'id') ?? 0;
  switch (event.type) {
    case PROPOSAL_DELETED:
      return { type: 'PROPOSAL_DELETED', orderingKey: key, body: proposal(true) };
    case INSTRUMENT_DELETED:
      return { type: 'INSTRUMENT_DELETED', orderingKey: key, body: { kind: 'instrument', instrumentId } };
    case PROPOSAL_CREATED:
      return feed('PROPOSAL_CREATED', proposal());
    case PROPOSAL_UPDATED:
      return feed('PROPOSAL_UPDATED', proposal());
    case PROPOSAL_SUBMITTED:
      return feed('PROPOSAL_SUBMITTED', proposal());
    case PROPOSAL_MANAGEMENT_DECISION_SUBMITTED:
      return (event.data as { finalStatus?: string }).finalStatus === ProposalEndStatus.ACCEPTED
        ? feed('PROPOSAL_ACCEPTED', proposal())
        : null;
    case CALL_CREATED:
      return feed('CALL_CREATED', { kind: 'data' });
    case INSTRUMENT_CREATED:
      return feed('INSTRUMENT_CREATED', { kind: 'instrument', instrumentId });
    case INSTRUMENT_UPDATED:
      return feed('INSTRUMENT_UPDATED', { kind: 'instrument', instrumentId });
    case TOPIC_ANSWERED:
      return feed('TOPIC_ANSWERED', { kind: 'data' });
    case PROPOSAL_INSTRUMENTS_ASSIGNED:
      return feed('PROPOSAL_INSTRUMENTS_SELECTED', { kind: 'data' });
    case PROPOSAL_FAPS_ASSIGNED:
      return feed('PROPOSAL_FAPS_SELECTED', { kind: 'data' });
    case USER_UPDATED:
      return feed('USER_UPDATED', { kind: 'user', userId: num(event.data, 'id') ?? 0 });
    case USER_DELETED:
      return feed('USER_DELETED', { kind: 'user', userId: num(event.data, 'id') ?? 0 });
    case VISIT_CREATED:
      return feed('VISIT_CREATED', { kind: 'data' });
    default:
      return null;
  }
}
