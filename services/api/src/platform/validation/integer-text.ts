import { badInput } from '../errors/app-error';

/** the largest id of the spec's integer ids (GraphQL Int, PostgreSQL integer) */
export const MAX_INT_ID = 2_147_483_647;

/**
 * A whole number carried as text (an id inside a string argument, e.g. `<questionaryId>:<questionId>`), checked
 * for form and range before it reaches any query: BAD_USER_INPUT naming the argument otherwise.
 */
export function integerFromText(
  text: string,
  argument: string,
  what = 'a whole number',
  range: { min: number; max: number } = { min: 1, max: MAX_INT_ID },
): number {
  const value = /^-?\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (Number.isSafeInteger(value) && value >= range.min && value <= range.max) return value;
  const message = `"${argument}" must hold ${what} from ${range.min} to ${range.max}`;
  throw badInput(message, { [argument]: message });
}
