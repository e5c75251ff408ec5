/** The rows of the FAP spreadsheets (pure: the controller loads, these lay out). */
export interface FapSheetRow {
  proposalId: string;
  title: string;
  principalInvestigator: string;
  instrument: string;
  availabilityTime: number | null;
  technicalReviewTime: number | null;
  fapTime: number | null;
  averageGrade: number | null;
  rank: number | null;
  inAvailabilityZone: boolean | null;
  decision: string | null;
  commentForUser: string | null;
  commentForManagement: string | null;
}

type Cell = string | number | null;

interface Column {
  header: string;
  width: number;
  value: (row: FapSheetRow) => Cell;
}

const yesNo = (v: boolean | null) => (v === null ? null : v ? 'yes' : 'no');
const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/** HTML comments as text */
export const plain = (html: string | null): string | null =>
  html === null
    ? null
    : html
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<\/p>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .trim();

export const fapSheetColumns: readonly Column[] = [
  { header: 'Proposal Reference Number', width: 22, value: (r) => r.proposalId },
  { header: 'Proposal Title', width: 40, value: (r) => r.title },
  { header: 'Principal Investigator', width: 26, value: (r) => r.principalInvestigator },
  { header: 'Instrument', width: 20, value: (r) => r.instrument },
  { header: 'Instrument available time', width: 14, value: (r) => r.availabilityTime },
  { header: 'Technical review allocated time', width: 14, value: (r) => r.technicalReviewTime },
  { header: 'Fap allocated time', width: 14, value: (r) => r.fapTime },
  { header: 'Average score', width: 12, value: (r) => round(r.averageGrade) },
  { header: 'Current rank', width: 10, value: (r) => r.rank },
  { header: 'Is in availability zone', width: 12, value: (r) => yesNo(r.inAvailabilityZone) },
];

export const fapResultsColumns: readonly Column[] = [
  ...fapSheetColumns,
  { header: 'Fap meeting decision', width: 16, value: (r) => r.decision },
  { header: 'Comment for user', width: 40, value: (r) => plain(r.commentForUser) },
  { header: 'Comment for management', width: 40, value: (r) => plain(r.commentForManagement) },
];

/** Excel sheet names: ≤ 31 characters, none of []:*?/\, unique in the workbook. */
export function safeSheetName(name: string, used: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet';
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 26).trim()} (${n})`;
  used.add(candidate.toLowerCase());
  return candidate;
}
