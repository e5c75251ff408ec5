/**
 * Dates as the DATE_FORMAT / DATE_TIME_FORMAT settings say (date-fns tokens, §3 settings), without date-fns:
 * the tokens a facility writes in these settings (`dd-MM-yyyy`, `yyyy/MM/dd HH:mm`, `d MMM yyyy`, …) and
 * `'quoted'` literal text. A letter that is not a token is kept as it is.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The calendar fields of a moment in a time zone. */
interface Parts {
  year: number;
  month: number; // 1–12
  day: number;
  weekday: number; // 0 = Sunday
  hour: number;
  minute: number;
  second: number;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

const TOKENS: Record<string, (p: Parts) => string> = {
  yyyy: (p) => pad(p.year, 4),
  yy: (p) => pad(p.year % 100, 2),
  y: (p) => String(p.year),
  MMMM: (p) => MONTHS[p.month - 1],
  MMM: (p) => MONTHS[p.month - 1].slice(0, 3),
  MM: (p) => pad(p.month, 2),
  M: (p) => String(p.month),
  dd: (p) => pad(p.day, 2),
  d: (p) => String(p.day),
  EEEE: (p) => WEEKDAYS[p.weekday],
  EEE: (p) => WEEKDAYS[p.weekday].slice(0, 3),
  HH: (p) => pad(p.hour, 2),
  H: (p) => String(p.hour),
  hh: (p) => pad(p.hour % 12 || 12, 2),
  h: (p) => String(p.hour % 12 || 12),
  mm: (p) => pad(p.minute, 2),
  m: (p) => String(p.minute),
  ss: (p) => pad(p.second, 2),
  s: (p) => String(p.second),
  a: (p) => (p.hour < 12 ? 'AM' : 'PM'),
};

/** Longest tokens first, so that `yyyy` is not read as `yy` twice; then quoted literals. */
const PATTERN = new RegExp(
  `'(?:[^']|'')*'|${Object.keys(TOKENS)
    .sort((a, b) => b.length - a.length)
    .join('|')}`,
  'g',
);

function format(parts: Parts, pattern: string): string {
  return pattern.replace(PATTERN, (token) => {
    if (token.startsWith("'")) return token === "''" ? "'" : token.slice(1, -1).replace(/''/g, "'");
    return TOKENS[token](parts);
  });
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function zonedParts(date: Date, timeZone: string): Parts {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    // an unknown zone in the TIMEZONE setting: UTC rather than a failed download
    return zonedParts(date, 'UTC');
  }
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(date).find((part) => part.type === type)?.value ?? 0);
  const year = get('year');
  const month = get('month');
  const day = get('day');
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * An ISO date (`2025-01-31`, a calendar day: never shifted by the time zone) or date-time (shown in `timeZone`)
 * in the given pattern; the value itself when it is not a date.
 */
export function formatDate(value: string | Date, pattern: string, timeZone = 'UTC'): string {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value.trim());
    if (dateOnly) {
      const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
      const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
      if (Number.isNaN(weekday)) return value;
      return format({ year, month, day, weekday, hour: 0, minute: 0, second: 0 }, pattern);
    }
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return format(zonedParts(date, timeZone), pattern);
}
