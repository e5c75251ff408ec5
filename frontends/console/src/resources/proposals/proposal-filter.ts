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
  /** one instrument's id, `multi` (proposals on several instruments); absent (or `all`): every proposal */
  instrument?: number | string;
  proposalStatus?: number | string;
  questionId?: string;
  compareOperator?: string;
  value?: string;
  dataType?: string;
  reviewer?: string;
  proposalId?: string;
  /**
   * Whose list: the instrument scientist's (getInstrumentScientistProposals). A permanent filter of the table (not
   * a filter input, not in the address).
   */
  scope?: typeof SCIENTIST_SCOPE;
}

export const SCIENTIST_SCOPE = 'INSTRUMENT_SCIENTIST';

/** §2 instrument filter: `multi` in the address is "Multiple" (proposals on two or more instruments). */
export const MULTIPLE_INSTRUMENTS = 'multi';

/** filter.instrumentFilter of the instrument filter's value: one instrument, Multiple, or none (All). */
export function instrumentFilterOf(value: unknown): ProposalsFilter['instrumentFilter'] | undefined {
  if (value === MULTIPLE_INSTRUMENTS) return { showMultiInstrumentProposals: true, showAllProposals: false };
  const instrumentId = positiveInt(value);
  return instrumentId ? { instrumentId, showAllProposals: false } : undefined;
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
  const instrumentFilter = instrumentFilterOf(filter.instrument);
  if (instrumentFilter) result.instrumentFilter = instrumentFilter;
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
  instrument: 'instrument',
  technicalReviewStatus: 'technicalReviewStatus',
  technicalReviewTimeAllocation: 'technicalReviewTimeAllocation',
  technicalReviewAssignee: 'technicalReviewAssignee',
};

export function toSort(sort: { field: string; order: string } | undefined): {
  sortField?: string;
  sortDirection?: OrderDirection;
} {
  const sortField = sort ? SORT_FIELDS[sort.field] : undefined;
  if (!sortField) return {};
  return { sortField, sortDirection: sort?.order === 'ASC' ? 'ASC' : 'DESC' };
}

/**
 * The filter the table opens with: the address's own when it carries any filter parameter (a shared or bookmarked
 * view); otherwise, for the instrument scientist, the defaults of §6/§9: the reviewer filter from
 * DEFAULT_INST_SCI_REVIEWER_FILTER (ME or ALL) and the status from DEFAULT_INST_SCI_STATUS_FILTER (0: all, else a
 * status id, e.g. 2 feasibility review).
 */
export function initialFilter(
  address: ProposalTableFilter,
  scientist: { reviewer: string; status: string } | null,
): ProposalTableFilter {
  if (!scientist || Object.keys(address).length > 0) return address;
  const filter: ProposalTableFilter = { reviewer: scientist.reviewer === 'ALL' ? 'ALL' : 'ME' };
  const statusId = positiveInt(scientist.status);
  if (statusId) filter.proposalStatus = statusId;
  return filter;
}
