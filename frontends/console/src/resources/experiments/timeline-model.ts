import type {
  AllocationTimeUnit,
  ConsoleExperimentTimeSummaryQuery,
  ConsoleTimelineExperimentFieldsFragment,
  ExperimentsFilter,
} from '../../gql/graphql';

/** The hours of the call's allocation unit (as the api counts them: Day = 24 h, Week = 168 h). */
export const HOURS_PER_UNIT: Record<AllocationTimeUnit, number> = { Hour: 1, Day: 24, Week: 168 };

/** A timeline item (vis-timeline's DataItem, the fields the page uses). */
export interface ExperimentItem {
  id: number;
  content: string;
  title: string;
  start: Date;
  end: Date;
  className: string;
}

/** What an item shows: the proposal's id and title. */
export const itemLabel = (e: ConsoleTimelineExperimentFieldsFragment): string =>
  e.proposal ? `${e.proposal.proposalId} ${e.proposal.title}` : e.experimentId;

/**
 * An experiment as a timeline item: its times, its label (HTML-escaped: vis-timeline renders content as HTML),
 * its experiment id and status in the tooltip, and classes by status and primary key (styles and tests find it).
 */
export function toTimelineItem(e: ConsoleTimelineExperimentFieldsFragment): ExperimentItem {
  return {
    id: e.experimentPk,
    content: escapeHtml(itemLabel(e)),
    title: escapeHtml(`${e.experimentId} · ${itemLabel(e)} · ${e.status}`),
    start: new Date(e.startsAt),
    end: new Date(e.endsAt),
    className: `experiment experiment-${e.status.toLowerCase()} experiment-pk-${e.experimentPk}`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A span of time the timeline loaded (or shows). */
export interface TimeWindow {
  start: Date;
  end: Date;
}

/**
 * The window to load for what the timeline shows: the visible span and as much again on each side, so that a
 * small pan or zoom needs no request. `loaded` (what is loaded) is kept when it still covers the visible span.
 */
export function windowToLoad(visible: TimeWindow, loaded: TimeWindow | null): TimeWindow | null {
  if (loaded && loaded.start <= visible.start && loaded.end >= visible.end) return null;
  const width = visible.end.getTime() - visible.start.getTime();
  return {
    start: new Date(visible.start.getTime() - width),
    end: new Date(visible.end.getTime() + width),
  };
}

/** experiments(filter) of one instrument in a window: those ending after its start and starting before its end. */
export const windowFilter = (instrumentId: number, window: TimeWindow): ExperimentsFilter => ({
  instrumentId,
  startsAfter: window.start.toISOString(),
  endsBefore: window.end.toISOString(),
});

/** The most experiments one window loads (a year of 2,000 fits). */
export const WINDOW_LIMIT = 5000;

type TimeSummary = ConsoleExperimentTimeSummaryQuery['experimentTimeSummary'];

export interface SummaryRow {
  proposalPk: number;
  label: string;
  allocated: number | null;
  scheduled: number;
  /** allocated minus scheduled (negative: over the allocation); null without an allocation */
  left: number | null;
}

/** A figure in the allocation unit, with at most two decimals ("1.5"). */
export const figure = (value: number): string => String(Math.round(value * 100) / 100);

/**
 * The side panel's figures: per proposal the management decision's time and the time its experiments take (in
 * the call's unit), and over the instrument the availability time against all that is scheduled.
 */
export function summaryRows(summary: TimeSummary): {
  rows: SummaryRow[];
  availability: number | null;
  scheduled: number;
  left: number | null;
} {
  const rows = [...summary.proposals]
    .sort((a, b) => a.proposalId.localeCompare(b.proposalId))
    .map((p) => ({
      proposalPk: p.proposalPk,
      label: `${p.proposalId} ${p.title}`,
      allocated: p.allocatedTime ?? null,
      scheduled: p.scheduledTime,
      left: p.allocatedTime == null ? null : p.allocatedTime - p.scheduledTime,
    }));
  const availability = summary.availabilityTime ?? null;
  return {
    rows,
    availability,
    scheduled: summary.scheduledTime,
    left: availability === null ? null : availability - summary.scheduledTime,
  };
}

/** The default length of a new experiment: one day. */
export const DEFAULT_LENGTH_MS = 24 * 3600 * 1000;
