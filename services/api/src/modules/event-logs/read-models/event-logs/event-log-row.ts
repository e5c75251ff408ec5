import { describeEvent } from '@user-office/contracts';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';

/** One row of the event-logs table (§2, §3 Event log). */
export interface EventLogRow {
  id: number;
  eventType: string;
  objectType: string;
  changedById: number | null;
  impersonatedById: number | null;
  eventTStamp: Date;
  rowData: string;
  changedObjectId: string;
  description: string;
  /** the proposal the changed object is or belongs to (its reviews, decisions, samples …), null when none */
  proposalPk: number | null;
}

/** Pure: what the log shows for an event, but its data (rowData). */
export function describeEventLogRow(event: StoredEvent): Omit<EventLogRow, 'rowData'> {
  const { description, changedObjectId, objectType, proposalPk } = describeEvent(
    event.type,
    event.data,
    event.streamId,
  );
  return {
    id: event.position,
    eventType: event.type,
    objectType,
    changedById: event.metadata.actorId ?? null,
    impersonatedById: event.metadata.impersonatorId ?? null,
    eventTStamp: event.createdAt,
    changedObjectId,
    description,
    proposalPk,
  };
}

/** Pure: what the log shows for an event. */
export function toEventLogRow(event: StoredEvent): EventLogRow {
  return { ...describeEventLogRow(event), rowData: JSON.stringify(event.data) };
}
