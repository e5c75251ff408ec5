import { FILTER_PARAMS, type ProposalTableFilter } from './proposal-filter';

/** The table's state that its address carries (§2 address parameters). */
export interface TableAddress {
  filter: ProposalTableFilter;
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  selection: number[];
}

/** A table's filter parameters: their names, and those whose values are ids. */
export interface FilterParams {
  names: readonly string[];
  numeric: ReadonlySet<string>;
}

/** The proposals table's (the default of both functions; the experiments table passes its own). */
const PROPOSAL_PARAMS: FilterParams = {
  names: FILTER_PARAMS,
  numeric: new Set(['call', 'instrument', 'proposalStatus']),
};

/** The table's state from its address: the filter parameters, sortField/sortDirection, selection (repeated). */
export function readAddress(
  params: URLSearchParams,
  filterParams: FilterParams = PROPOSAL_PARAMS,
): TableAddress {
  const filter: Record<string, string | number> = {};
  for (const name of filterParams.names) {
    const value = params.get(name);
    if (value === null || value === '') continue;
    filter[name] = filterParams.numeric.has(name) && /^\d+$/.test(value) ? Number(value) : value;
  }
  const field = params.get('sortField');
  const direction = params.get('sortDirection')?.toUpperCase();
  return {
    filter: filter as ProposalTableFilter,
    sort: field ? { field, order: direction === 'ASC' ? 'ASC' : 'DESC' } : null,
    selection: params
      .getAll('selection')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  };
}

/**
 * The address of the table's state, keeping every other parameter (reviewModal, modalTab): empty filters and the
 * default sort leave no parameter.
 */
export function writeAddress(
  params: URLSearchParams,
  state: {
    filter: Record<string, unknown>;
    sort: { field: string; order: string } | null;
    selection: readonly unknown[];
  },
  defaultSort: { field: string; order: string },
  filterParams: FilterParams = PROPOSAL_PARAMS,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of filterParams.names) {
    const value = state.filter[name];
    if (value === undefined || value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  const sort = state.sort;
  if (!sort || (sort.field === defaultSort.field && sort.order === defaultSort.order)) {
    next.delete('sortField');
    next.delete('sortDirection');
  } else {
    next.set('sortField', sort.field);
    next.set('sortDirection', sort.order.toLowerCase());
  }
  next.delete('selection');
  for (const id of state.selection) next.append('selection', String(id));
  return next;
}
