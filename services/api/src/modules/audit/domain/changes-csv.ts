import type { FieldChange } from './proposal-history';

/** a cell a spreadsheet would run as a formula gets an apostrophe; quoted when it holds a quote, comma or newline */
function cell(raw: string): string {
  const value = /^[=+@\t\r]|^-(?![\d.])/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
const json = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/**
 * The changes list as CSV for an audit file (RFC 4180, CRLF; cells that a spreadsheet would run as a formula are
 * quoted and prefixed with an apostrophe). `names` gives users' display names by id; `question` is the text of the
 * question an answer field is of (today's), blank for other fields.
 */
export function changesCsv(
  changes: readonly (FieldChange & { question?: string | null })[],
  names: ReadonlyMap<number, string>,
): string {
  const who = (id: number | null): string => (id === null ? '' : (names.get(id) ?? `User #${id}`));
  const lines = [
    [
      'Changed on',
      'Changed by',
      'Impersonated by',
      'Event type',
      'Field',
      'Question',
      'Before',
      'After',
      'Event position',
    ],
    ...changes.map((c) => [
      c.at.toISOString(),
      c.changedById === null ? 'System' : who(c.changedById),
      who(c.impersonatedById),
      c.eventType,
      c.field,
      c.question ?? '',
      json(c.before),
      json(c.after),
      String(c.position),
    ]),
  ];
  return lines.map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}
