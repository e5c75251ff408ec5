import { badInput } from '../errors/app-error';

const FIRST_INSTANT = new Date('0001-01-01T00:00:00.000Z').getTime();
const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * An instant as the store can compare it (filters, as-of bounds): one that Date cannot hold (the DateTime scalar lets "" and
 * "-271821-04-19" through; a query parameter can be anything) is a refusal with `invalid`; beyond years 1–9999
 * (PostgreSQL's timestamps) it means the same as their ends.
 */
export function storeInstant(value: Date, invalid = 'Invalid date'): Date {
  const at = value.getTime();
  if (Number.isNaN(at)) throw badInput(invalid);
  return new Date(Math.min(Math.max(at, FIRST_INSTANT), LAST_INSTANT));
}
