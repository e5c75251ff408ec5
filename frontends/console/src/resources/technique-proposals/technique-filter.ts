import { addDays, format, parseISO } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { ProposalsFilter } from '../../gql/graphql';
import { instrumentFilterOf, MULTIPLE_INSTRUMENTS } from '../proposals/proposal-filter';

/** §9: the technique proposals table's page size. */
export const TECHNIQUE_PAGE_SIZE = 5;

/**
 * The technique proposals table's filter values (§2): call, technique and instrument (an id, or `multi`), status,
 * from / to (yyyy-MM-dd, both days included), search; `zone` is the facility's time zone (a permanent filter from
 * the TIMEZONE setting) in which the days begin and end.
 */
export interface TechniqueProposalsFilter {
  search?: string;
  call?: number | string;
  technique?: number | string;
  instrument?: number | string;
  proposalStatus?: number | string;
  from?: string;
  to?: string;
  zone?: string;
}

/** The date presets of §2: today, next 7 days, next 30 days, all. */
export const DATE_PRESETS = ['today', 'next7', 'next30', 'all'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in `zone` as yyyy-MM-dd. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return formatInTimeZone(now, zone, 'yyyy-MM-dd');
}

/** The from / to days of a preset, counted from `today` (yyyy-MM-dd); `all` clears both. */
export function presetRange(preset: DatePreset, today: string): { from?: string; to?: string } {
  const plus = (days: number) => format(addDays(parseISO(today), days), 'yyyy-MM-dd');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'next7':
      return { from: today, to: plus(7) };
    case 'next30':
      return { from: today, to: plus(30) };
    default:
      return { from: undefined, to: undefined };
  }
}

/** Which preset a from / to pair is (null when the user typed other days). */
export function presetOf(from: string | undefined, to: string | undefined, today: string): DatePreset | null {
  for (const preset of DATE_PRESETS) {
    const range = presetRange(preset, today);
    if ((range.from ?? '') === (from ?? '') && (range.to ?? '') === (to ?? '')) return preset;
  }
  return null;
}

function positiveInt(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * getTechniqueScientistProposals' filter: the days become instants in the facility's zone, `to` included (the
 * api's `to` is exclusive: the next day's start). The server leaves status 9 out for scientists.
 */
export function toTechniqueProposalsFilter(filter: TechniqueProposalsFilter): ProposalsFilter {
  const zone = filter.zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const result: ProposalsFilter = {};
  const callId = positiveInt(filter.call);
  if (callId) result.callId = callId;
  const statusId = positiveInt(filter.proposalStatus);
  if (statusId) result.proposalStatusId = statusId;
  if (filter.technique === MULTIPLE_INSTRUMENTS)
    result.techniqueFilter = { showMultiTechniqueProposals: true, showAllProposals: false };
  else if (positiveInt(filter.technique))
    result.techniqueFilter = { techniqueId: positiveInt(filter.technique), showAllProposals: false };
  const instrumentFilter = instrumentFilterOf(filter.instrument);
  if (instrumentFilter) result.instrumentFilter = instrumentFilter;
  const dateFilter: NonNullable<ProposalsFilter['dateFilter']> = {};
  if (filter.from && DAY.test(filter.from))
    dateFilter.from = fromZonedTime(`${filter.from}T00:00:00`, zone).toISOString();
  if (filter.to && DAY.test(filter.to)) {
    const next = format(addDays(parseISO(filter.to), 1), 'yyyy-MM-dd');
    dateFilter.to = fromZonedTime(`${next}T00:00:00`, zone).toISOString();
  }
  if (dateFilter.from || dateFilter.to) result.dateFilter = dateFilter;
  return result;
}
