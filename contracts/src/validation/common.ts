/** Reusable validation pieces and the limits of §5 and §9. */

/** E-mail pattern of §5: non-space, @, non-space, dot, non-space. */
export const emailPattern = /^\S+@\S+\.\S+$/;

/** Searches (users, internal reviewers, …) need at least this many characters (§5, §9). */
export const searchMinLength = 3;

/** An absolute http(s) URL: scheme, a host, then optionally a path, query or fragment. */
export const httpUrlPattern = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** Question natural keys: letters, digits and underscore only (§5). */
export const naturalKeyPattern = /^[a-zA-Z0-9_]+$/;

/** A CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export const hexColourPattern = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The prefix of the default title of a proposal cloned to another call (§5). */
export const cloneTitlePrefix = 'Copy of';

/** File types a file-upload question can allow (§5). */
export const fileUploadTypes = ['.pdf', '.doc', '.docx', 'audio', 'video', 'image'] as const;

/** Numeric limits of §5 and §9. */
export const validationLimits = {
  proposalTitleMax: 175,
  proposalAbstractMax: 1500,
  commentMax: 6000,
  gradeMin: 1,
  gradeMax: 10,
  naturalKeyMax: 128,
  basisQuestionTextMax: 256,
  shipmentTitleMax: 150,
  timeAllocationMin: 0,
  timeAllocationMax: 100000,
  internalDocumentsMax: 5,
  sampleDeclarationMinEntriesMin: 0,
  sampleDeclarationMaxEntriesMin: 1,
  settingValueMax: 4000,
} as const;

/** ISO 8601: a date, or a date and time (seconds and fraction optional) with an optional zone (Z or ±hh:mm). */
const isoInstantPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The instant an ISO 8601 text names, or null when it names none the store can hold: only ISO forms (Date.parse
 * also takes "1", "-1" or "$1", which PostgreSQL refuses), a day that exists in its month ("2024-02-30" is not
 * one), hours, minutes and seconds in range, and years 0001 to 9999 (PostgreSQL's timestamps). Filters and inputs
 * that reach SQL parse their dates with this, so a bad one is a refusal, never a database error.
 */
export function parseIsoInstant(text: string): Date | null {
  const m = isoInstantPattern.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hours, minutes, seconds] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(2000, month, 0)).getUTCDate()) return null; // 2000 was a leap year
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const at = Date.parse(
    m[4] === undefined ? `${m[1]}-${m[2]}-${m[3]}T00:00:00Z` : text.trim().replace(' ', 'T'),
  );
  return Number.isNaN(at) ? null : new Date(at);
}
