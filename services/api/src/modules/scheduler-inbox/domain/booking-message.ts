import { SCHEDULER_BOOKING_TYPES, type SchedulerBookingType } from '@user-office/contracts';

/** One time slot of the scheduler, its dates as ISO 8601 (UTC). */
export interface BookingSlot {
  scheduledEventId: string;
  proposalPk: number;
  instrumentId: number | null;
  startsAt: string;
  endsAt: string;
  status: 'DRAFT' | 'ACTIVE' | 'COMPLETED' | null;
  localContactId: number | null;
}

export type BookingMessage =
  | { type: Exclude<SchedulerBookingType, 'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED'>; slot: BookingSlot }
  | { type: 'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED'; scheduledEventIds: string[] };

/** The message does not fit its schema (contracts' SCHEDULER_*_MESSAGE_SCHEMA): it is dead-lettered. */
export class InvalidBookingMessage extends Error {}

const isBookingType = (type: string): type is SchedulerBookingType =>
  (SCHEDULER_BOOKING_TYPES as readonly string[]).includes(type);

const record = (value: unknown, what: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidBookingMessage(`${what} must be an object`);
  return value as Record<string, unknown>;
};

const positiveInt = (value: unknown, what: string): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new InvalidBookingMessage(`${what} must be a positive integer`);
  return value;
};

const eventId = (value: unknown): string => {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  throw new InvalidBookingMessage('id must be an integer or a non-empty string');
};

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** the offset (ms) of `timeZone` from UTC at the instant `utcMs` */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * Pure: a date of the scheduler as ISO 8601 UTC: `yyyy-MM-dd HH:mm:ss` is a wall time in the facility's TIMEZONE
 * (the scheduler's format), an ISO 8601 date with a zone is taken as it is.
 */
export function schedulerDate(value: unknown, timeZone: string, what: string): string {
  if (typeof value !== 'string') throw new InvalidBookingMessage(`${what} must be a date`);
  const text = value.trim();
  if (ISO_WITH_ZONE.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw new InvalidBookingMessage(`${what} is not a date: ${text}`);
    return new Date(ms).toISOString();
  }
  const m = WALL.exec(text);
  if (!m) throw new InvalidBookingMessage(`${what} must be yyyy-MM-dd HH:mm:ss or ISO 8601: ${text}`);
  const [y, mo, d, h, mi, s, ms] = [
    m[1],
    m[2],
    m[3],
    m[4],
    m[5],
    m[6] ?? '0',
    (m[7] ?? '0').padEnd(3, '0'),
  ].map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    throw new InvalidBookingMessage(`${what} is not a date: ${text}`);
  let utc = wall - zoneOffsetMs(wall, timeZone);
  utc = wall - zoneOffsetMs(utc, timeZone); // the offset at the instant itself (around a DST change)
  return new Date(utc).toISOString();
}

const STATUSES = ['DRAFT', 'ACTIVE', 'COMPLETED'] as const;

function slotOf(body: Record<string, unknown>, timeZone: string): BookingSlot {
  const status = body.status ?? null;
  if (status !== null && !(STATUSES as readonly unknown[]).includes(status))
    throw new InvalidBookingMessage(`status must be one of ${STATUSES.join(', ')}`);
  const localContact = body.localContactId ?? null;
  if (localContact !== null && (typeof localContact !== 'number' || !Number.isInteger(localContact)))
    throw new InvalidBookingMessage('localContactId must be an integer or null');
  const slot: BookingSlot = {
    scheduledEventId: eventId(body.id),
    proposalPk: positiveInt(body.proposalPk, 'proposalPk'),
    instrumentId:
      body.instrumentId === undefined || body.instrumentId === null
        ? null
        : positiveInt(body.instrumentId, 'instrumentId'),
    startsAt: schedulerDate(body.startsAt, timeZone, 'startsAt'),
    endsAt: schedulerDate(body.endsAt, timeZone, 'endsAt'),
    status: status as BookingSlot['status'],
    localContactId: localContact as number | null,
  };
  if (Date.parse(slot.endsAt) <= Date.parse(slot.startsAt))
    throw new InvalidBookingMessage('endsAt must be after startsAt');
  return slot;
}

/**
 * Pure: a message of the scheduler's exchange read against its schema (null: a type we do not consume, to be
 * acknowledged and logged). Throws InvalidBookingMessage when the body does not fit.
 */
export function parseBookingMessage(type: string, body: unknown, timeZone: string): BookingMessage | null {
  if (!isBookingType(type)) return null;
  const data = record(body, 'the message');
  if (type === 'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED') {
    if (!Array.isArray(data.scheduledevents))
      throw new InvalidBookingMessage('scheduledevents must be a list');
    return {
      type,
      scheduledEventIds: data.scheduledevents.map((e, i) => eventId(record(e, `scheduledevents[${i}]`).id)),
    };
  }
  return { type, slot: slotOf(data, timeZone) };
}

/**
 * The experiment status a booking message leaves its experiment in (null: as it is), given the status the
 * experiment has now (null: none yet). The scheduler's ACTIVATED and COMPLETED carry the slot as it was before
 * the change (COMPLETED says ACTIVE), so the type decides. It sends REOPENED for two changes: reopenScheduledEvent
 * (a COMPLETED slot back to ACTIVE) and finalizeScheduledEvent RESTART (an ACTIVE or DRAFT slot back to DRAFT),
 * both saying ACTIVE from an ACTIVE slot; only a completed slot can be reopened, so a COMPLETED experiment goes
 * back to ACTIVE and any other to DRAFT (seen beside the real scheduler, scripts/interop).
 */
export function targetStatus(
  message: Extract<BookingMessage, { slot: BookingSlot }>,
  current: BookingSlot['status'] = null,
): BookingSlot['status'] {
  switch (message.type) {
    case 'PROPOSAL_BOOKING_TIME_ACTIVATED':
      return 'ACTIVE';
    case 'PROPOSAL_BOOKING_TIME_COMPLETED':
      return 'COMPLETED';
    case 'PROPOSAL_BOOKING_TIME_REOPENED':
      return current === 'COMPLETED' ? 'ACTIVE' : 'DRAFT';
    default:
      return message.slot.status;
  }
}
