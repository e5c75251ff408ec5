import { array, boolean, number, object, string } from 'yup';
import { searchMinLength } from '../validation/common';

/** Messages of the status actions log operations (the spec quotes none of them; worded like its own). */
export const statusActionsMessages = {
  logNotFound: 'Status actions log not found',
  logIdInvalid: 'Status actions log id must be a positive integer',
  searchTooShort: `Search needs at least ${searchMinLength} characters`,
  unknownSortField: 'Unknown sort field',
  pageSize: 'Page size must be between 1 and 1000',
  offset: 'Offset must be 0 or more',
  idsInvalid: 'Ids must be positive integers',
  unknownState: 'Unknown status actions log state',
} as const;

/**
 * Where a status actions log entry stands: its job is owed and has not run yet (PENDING: waiting in the queue,
 * or between two tries), is running, or ended with its latest outcome (SUCCESSFUL, FAILED). An entry whose
 * replay is owed is PENDING or RUNNING until the replay ends.
 */
export enum StatusActionsLogState {
  PENDING = 'PENDING',
  RUNNING = 'RUNNING',
  SUCCESSFUL = 'SUCCESSFUL',
  FAILED = 'FAILED',
}

/** The status actions log table's default page size (§9 "status log 20"). */
export const STATUS_ACTIONS_LOG_PAGE_SIZE = 20;

/** What getStatusActionsLogs sorts by. */
export const STATUS_ACTIONS_LOG_SORT_FIELDS = [
  'statusActionsLogId',
  'timestamp',
  'successful',
  'message',
  'recipient',
  'actionType',
  'connectionId',
] as const;
export type StatusActionsLogSortField = (typeof STATUS_ACTIONS_LOG_SORT_FIELDS)[number];

const ids = () =>
  array(
    number().integer(statusActionsMessages.idsInvalid).positive(statusActionsMessages.idsInvalid).required(),
  )
    .nullable()
    .default(null);

const searchText = () =>
  string()
    .trim()
    .nullable()
    .default(null)
    .test(
      'search-min',
      statusActionsMessages.searchTooShort,
      (value) => !value || value.length >= searchMinLength,
    );
const first = () =>
  number()
    .integer(statusActionsMessages.pageSize)
    .min(1, statusActionsMessages.pageSize)
    .max(1000, statusActionsMessages.pageSize)
    .nullable()
    .default(null);
const offset = () =>
  number()
    .integer(statusActionsMessages.offset)
    .min(0, statusActionsMessages.offset)
    .nullable()
    .default(null);

/** getStatusActionsLogs(filter, searchText, sortField, first, offset); sortDirection is a GraphQL enum */
export const statusActionsLogsQuerySchema = object({
  filter: object({
    statusActionsSuccessful: boolean().nullable().default(null),
    callIds: ids(),
    statusActionIds: ids(),
    states: array(
      string()
        .oneOf(Object.values(StatusActionsLogState), statusActionsMessages.unknownState)
        .required(statusActionsMessages.unknownState),
    )
      .nullable()
      .default(null),
  })
    .nullable()
    .default(null),
  searchText: searchText(),
  sortField: string()
    .nullable()
    .default(null)
    .oneOf([...STATUS_ACTIONS_LOG_SORT_FIELDS, null], statusActionsMessages.unknownSortField),
  first: first(),
  offset: offset(),
});

/** replayStatusActionsLog(statusActionsLogId) */
export const replayStatusActionsLogSchema = object({
  statusActionsLogId: number()
    .required(statusActionsMessages.logIdInvalid)
    .integer(statusActionsMessages.logIdInvalid)
    .positive(statusActionsMessages.logIdInvalid),
});

/**
 * getDownstreamMessages(filter, searchText, first, offset): the compatible messages owed on the `downstream` queue
 * (the deletions, the feed) with their outcome, newest first; filter by state and type.
 */
export const downstreamMessagesQuerySchema = object({
  filter: object({
    states: array(
      string()
        .oneOf(Object.values(StatusActionsLogState), statusActionsMessages.unknownState)
        .required(statusActionsMessages.unknownState),
    )
      .nullable()
      .default(null),
    types: array(string().trim().required()).nullable().default(null),
  })
    .nullable()
    .default(null),
  searchText: searchText(),
  first: first(),
  offset: offset(),
});
