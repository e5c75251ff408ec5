import type { ExperimentsFilter, ExperimentStatus } from '../../gql/graphql';
import { fromZonedInput } from '../../components/zoned-dates';

/** The experiments table's filter parameters, kept in its address (`?instrument=1&status=ACTIVE`). */
export const EXPERIMENT_FILTER_PARAMS = [
  'instrument',
  'call',
  'status',
  'startsAfter',
  'endsBefore',
] as const;

/** The parameters whose values are ids. */
export const EXPERIMENT_NUMERIC_PARAMS: ReadonlySet<string> = new Set(['instrument', 'call']);

export const EXPERIMENT_STATUSES: readonly ExperimentStatus[] = ['DRAFT', 'ACTIVE', 'COMPLETED'];

/** What the table's filter form holds: ids, a status and two days (`yyyy-MM-dd`, the facility's time zone). */
export interface ExperimentTableFilter {
  instrument?: number | string;
  call?: number | string;
  status?: string;
  /** experiments still running on or after this day */
  startsAfter?: string;
  /** experiments starting on or before this day */
  endsBefore?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The table's filter as experiments(filter): `startsAfter` is the first instant of its day and `endsBefore` the
 * last (the api's window: ending after the one, starting before the other), both in the facility's `zone`.
 */
export function toExperimentsFilter(filter: ExperimentTableFilter, zone: string): ExperimentsFilter {
  const id = (value: unknown) =>
    value === undefined || value === '' || value === null ? undefined : Number(value);
  const result: ExperimentsFilter = {};
  const instrumentId = id(filter.instrument);
  const callId = id(filter.call);
  if (instrumentId !== undefined && Number.isInteger(instrumentId)) result.instrumentId = instrumentId;
  if (callId !== undefined && Number.isInteger(callId)) result.callId = callId;
  if (filter.status && (EXPERIMENT_STATUSES as readonly string[]).includes(filter.status))
    result.status = [filter.status as ExperimentStatus];
  if (filter.startsAfter && DAY.test(filter.startsAfter))
    result.startsAfter = fromZonedInput(`${filter.startsAfter}T00:00`, zone) ?? undefined;
  if (filter.endsBefore && DAY.test(filter.endsBefore))
    result.endsBefore = fromZonedInput(`${nextDay(filter.endsBefore)}T00:00`, zone) ?? undefined;
  return result;
}
