import { FILTER_PARAMS, type ProposalTableFilter } from './proposal-filter';

/** The table's state that its address carries (§2 address parameters). */
export interface TableAddress {
  filter: ProposalTableFilter;
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  selection: number[];
}

const NUMERIC = new Set(['call', 'instrument', 'proposalStatus']);

/** The table's state from its address: the filter parameters, sortField/sortDirection, selection (repeated). */
export function readAddress(params: URLSearchParams): TableAddress {
  const filter: Record<string, string | number> = {};
  for (const name of FILTER_PARAMS) {
    const value = params.get(name);
    if (value === null || value === '') continue;
    filter[name] = NUMERIC.has(name) && /^\d+$/.test(value) ? Number(value) : value;
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
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) {
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
