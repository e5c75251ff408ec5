import { badInput } from '../../../platform/errors/app-error';
import { formatDate } from './format-date';

export const downloadMessages = {
  invalidIds: 'Invalid id list: expected ids separated by commas',
  tooManyIds: (max: number) => `At most ${max} ids can be downloaded at once`,
  noAttachments: 'No attachments found',
} as const;

/** The error code the frontends show as info "No attachments found" (§8 Downloads). */
export const NO_ATTACHMENTS = 'NO_ATTACHMENTS';

/** How many proposals one download may name. */
export const MAX_DOWNLOAD_IDS = 500;

const MAX_INT = 2_147_483_647;

/**
 * `12,13, 14` → [12, 13, 14] (each once, in the order given); a range `20-25` stands for 20 to 25, so a large
 * selection fits in an address (`/download/xlsx/proposal/1-10000`). BAD_USER_INPUT for anything else, or for more
 * than `max` ids.
 */
export function parseIdList(raw: string, max = MAX_DOWNLOAD_IDS): number[] {
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9]{1,10}(-[0-9]{1,10})?$/.test(part)))
    throw badInput(downloadMessages.invalidIds);
  const ids = new Set<number>();
  for (const part of parts) {
    const [from, to = from] = part.split('-').map(Number);
    if (from < 1 || to > MAX_INT || to < from) throw badInput(downloadMessages.invalidIds);
    if (to - from + 1 > max) throw badInput(downloadMessages.tooManyIds(max));
    for (let id = from; id <= to; id++) ids.add(id);
    if (ids.size > max) throw badInput(downloadMessages.tooManyIds(max));
  }
  return [...ids];
}

/** Comma-separated question ids of a query string (`?questionIds=a,b`); none → null (every question). */
export function parseQuestionIds(raw: unknown): string[] | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  return [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /[\\/:*?"<>|]/g;

/** Text usable in a file name on every system: no path or reserved characters, one line, at most `max` long. */
export function fileNamePart(text: string, max = 100): string {
  const cleaned = text
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned]
    .slice(0, max)
    .join('')
    .replace(/^[.\s]+|[.\s]+$/g, '');
}

/** `<proposalId>_<title>.<ext>` for one proposal (`<proposalId>.<ext>` when untitled). */
export function proposalFileName(proposal: { proposalId: string; title: string }, extension: string): string {
  const id = fileNamePart(proposal.proposalId) || 'proposal';
  const title = fileNamePart(proposal.title);
  return `${title ? `${id}_${title}` : id}.${extension}`;
}

/** `proposals_<yyyy-MM-dd>.<ext>` for several proposals (the day in the TIMEZONE setting). */
export function severalProposalsFileName(extension: string, now: Date, timeZone: string): string {
  return `proposals_${formatDate(now, 'yyyy-MM-dd', timeZone)}.${extension}`;
}

/** The names of the entries of a ZIP folder, each unique: `a.pdf`, `a (2).pdf`, … */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
