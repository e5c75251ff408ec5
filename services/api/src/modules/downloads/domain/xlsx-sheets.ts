import { formatDate } from './format-date';

/** A person as the sheets name them. */
export interface SheetPerson {
  firstname: string | null;
  lastname: string | null;
  preferredname: string | null;
  email?: string | null;
}

/** One instrument of a proposal with its technical review, as the proposal sheet shows it. */
export interface ProposalSheetInstrument {
  name: string;
  technicalStatus: string | null;
  /** the public comment (HTML), shown as text */
  publicComment: string | null;
  timeAllocation: number | null;
}

/** A proposal of the proposal sheet (`/download/xlsx/proposal/{ids}`). */
export interface ProposalSheetItem {
  proposalId: string;
  title: string;
  pi: SheetPerson | null;
  /** the call's allocation unit: Day, Hour, Week */
  allocationTimeUnit: string | null;
  commentForManagement: string;
  finalStatus: string;
  instruments: readonly ProposalSheetInstrument[];
}

/** A proposal of the technique sheet (`/download/xlsx/technique/{ids}`). */
export interface TechniqueSheetItem {
  proposalId: string;
  title: string;
  pi: SheetPerson | null;
  submittedDate: Date | null;
  techniques: readonly string[];
  instruments: readonly string[];
  statusName: string | null;
}

export type SheetCell = string | number | null;

export interface SheetColumn {
  header: string;
  width: number;
}

export const personName = (p: SheetPerson | null): string =>
  p ? `${p.preferredname || p.firstname || ''} ${p.lastname ?? ''}`.trim() : '';

/** HTML of a rich-text comment as plain text: tags dropped, entities of the sanitiser decoded, blank runs folded. */
export function htmlToText(html: string | null): string {
  if (!html) return '';
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

/** "Time (days)" when every proposal's call counts in one unit, else "Time" (each cell then names its unit). */
function timeHeader(allocationUnits: Iterable<string | null>): { header: string; unitInCell: boolean } {
  const units = new Set([...allocationUnits].map((unit) => unit ?? 'Day'));
  if (units.size <= 1) {
    const unit = [...units][0] ?? 'Day';
    return { header: `Time (${unit.toLowerCase()}s)`, unitInCell: false };
  }
  return { header: 'Time', unitInCell: true };
}

/**
 * The proposal sheet, as facilities know it: one row per proposal and instrument (a proposal on no instrument has
 * one row with those cells empty): Proposal ID, Title, Principal Investigator, Instrument, Technical status,
 * Technical comment (the public one), Time (in the call's allocation unit), Comment for management, Decision.
 * `allocationUnits`: the units of the proposals' calls (one unit names the time column).
 */
export function proposalSheet(allocationUnits: Iterable<string | null>): {
  columns: SheetColumn[];
  rows: (item: ProposalSheetItem) => SheetCell[][];
} {
  const time = timeHeader(allocationUnits);
  return {
    columns: [
      { header: 'Proposal ID', width: 14 },
      { header: 'Title', width: 40 },
      { header: 'Principal Investigator', width: 26 },
      { header: 'Instrument', width: 18 },
      { header: 'Technical status', width: 20 },
      { header: 'Technical comment', width: 50 },
      { header: time.header, width: 12 },
      { header: 'Comment for management', width: 40 },
      { header: 'Decision', width: 12 },
    ],
    rows: (item) => {
      const common = [item.proposalId, item.title, personName(item.pi)];
      const tail = [item.commentForManagement || null, item.finalStatus];
      if (item.instruments.length === 0) return [[...common, null, null, null, null, ...tail]];
      return item.instruments.map((instrument) => [
        ...common,
        instrument.name,
        instrument.technicalStatus,
        htmlToText(instrument.publicComment) || null,
        instrument.timeAllocation === null
          ? null
          : time.unitInCell
            ? `${instrument.timeAllocation} ${item.allocationTimeUnit ?? 'Day'}`
            : instrument.timeAllocation,
        ...tail,
      ]);
    },
  };
}

/**
 * The technique sheet: Proposal ID, Title, PI, PI e-mail, Date submitted (DATE_TIME_FORMAT in TIMEZONE),
 * Technique, Instrument, Status; one row per proposal, several techniques or instruments joined by commas.
 */
export function techniqueSheet(dates: { dateTimeFormat: string; timeZone: string }): {
  columns: SheetColumn[];
  rows: (item: TechniqueSheetItem) => SheetCell[][];
} {
  return {
    columns: [
      { header: 'Proposal ID', width: 14 },
      { header: 'Title', width: 40 },
      { header: 'PI', width: 26 },
      { header: 'PI e-mail', width: 30 },
      { header: 'Date submitted', width: 20 },
      { header: 'Technique', width: 20 },
      { header: 'Instrument', width: 20 },
      { header: 'Status', width: 18 },
    ],
    rows: (item) => [
      [
        item.proposalId,
        item.title,
        personName(item.pi),
        item.pi?.email ?? null,
        item.submittedDate ? formatDate(item.submittedDate, dates.dateTimeFormat, dates.timeZone) : null,
        item.techniques.join(', ') || null,
        item.instruments.join(', ') || null,
        item.statusName,
      ],
    ],
  };
}
