import type { OrderDirection, ProposalsFilter, QuestionFilterInput } from '../../gql/graphql';

/** §9: the search is sent from 3 characters on. */
export const SEARCH_MIN_LENGTH = 3;
/** §9: the staff table's search waits 600 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 600;
/** §9: staff proposals page size. */
export const PAGE_SIZE = 20;
/** §9: proposals are fetched in chunks of 200 as the user pages. */
export const PREFETCH_CHUNK = 200;
/** §4/§9: status id 9 is left out of staff lists unless a status is chosen. */
export const EXCLUDED_STATUS_ID = 9;

/**
 * The table's filter values. Their names are the §2 address parameters, so that the address of a filtered view is
 * its filter (bookmark, share): call, instrument, proposalStatus, questionId, proposalId, compareOperator, value,
 * dataType, reviewer, search.
 */
export interface ProposalTableFilter {
  search?: string;
  call?: number | string;
  instrument?: number | string;
  proposalStatus?: number | string;
  questionId?: string;
  compareOperator?: string;
  value?: string;
  dataType?: string;
  reviewer?: string;
  proposalId?: string;
}

export const FILTER_PARAMS = [
  'call',
  'instrument',
  'proposalStatus',
  'questionId',
  'proposalId',
  'compareOperator',
  'value',
  'dataType',
  'reviewer',
  'search',
] as const;

function positiveInt(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The search text once it is long enough (§9), else none. */
export function searchTextOf(filter: ProposalTableFilter): string | undefined {
  const text = (filter.search ?? '').trim();
  return text.length >= SEARCH_MIN_LENGTH ? text : undefined;
}

/** The question filter when it is complete (EXISTS needs no value). */
export function questionFilterOf(filter: ProposalTableFilter): QuestionFilterInput | undefined {
  if (!filter.questionId || !filter.compareOperator || !filter.dataType) return undefined;
  const value = filter.value ?? '';
  if (filter.compareOperator !== 'EXISTS' && value === '') return undefined;
  return {
    questionId: filter.questionId,
    compareOperator: filter.compareOperator as QuestionFilterInput['compareOperator'],
    dataType: filter.dataType as QuestionFilterInput['dataType'],
    value,
  };
}

/** getProposalsCore's filter (§7) from the table's filter values. */
export function toProposalsFilter(filter: ProposalTableFilter): ProposalsFilter {
  const statusId = positiveInt(filter.proposalStatus);
  const result: ProposalsFilter = {};
  const callId = positiveInt(filter.call);
  if (callId) result.callId = callId;
  if (statusId) result.proposalStatusId = statusId;
  else result.excludeProposalStatusIds = [EXCLUDED_STATUS_ID];
  const instrumentId = positiveInt(filter.instrument);
  if (instrumentId) result.instrumentFilter = { instrumentId, showAllProposals: false };
  if (filter.proposalId) result.referenceNumbers = [filter.proposalId];
  if (filter.reviewer === 'ME' || filter.reviewer === 'ALL') result.reviewer = filter.reviewer;
  const questionFilter = questionFilterOf(filter);
  if (questionFilter) result.questionFilter = questionFilter;
  return result;
}

/** The table's sortable columns and the sortField getProposalsCore knows them by. */
const SORT_FIELDS: Record<string, string> = {
  primaryKey: 'primaryKey',
  proposalId: 'proposalId',
  title: 'title',
  statusName: 'statusName',
  callShortCode: 'callShortCode',
  submitted: 'submittedDate',
  submittedDate: 'submittedDate',
  finalStatus: 'finalStatus',
  principalInvestigator: 'principalInvestigator',
  created: 'created',
};

export function toSort(sort: { field: string; order: string } | undefined): {
  sortField?: string;
  sortDirection?: OrderDirection;
} {
  const sortField = sort ? SORT_FIELDS[sort.field] : undefined;
  if (!sortField) return {};
  return { sortField, sortDirection: sort?.order === 'ASC' ? 'ASC' : 'DESC' };
}
