import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** What a datetime-local input holds: a wall-clock time without zone. */
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The facility's time zone (the TIMEZONE setting), else the browser's. */
export function zoneOf(timezoneSetting: string): string {
  return timezoneSetting || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant (ISO) as the wall-clock time of `zone` for a datetime-local input; a wall-clock time as it is. */
export function toZonedInput(value: unknown, zone: string): string {
  if (typeof value !== 'string' || value === '') return '';
  if (LOCAL_INPUT.test(value)) return value.slice(0, 16);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatInTimeZone(date, zone, "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local input's wall-clock time in `zone` as an instant (ISO); an instant as it is; blank as null. */
export function fromZonedInput(value: unknown, zone: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (!LOCAL_INPUT.test(value)) return value;
  return fromZonedTime(value, zone).toISOString();
}
