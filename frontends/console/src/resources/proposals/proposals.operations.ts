import type { DeleteParams, GetListParams, GetOneParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleDeleteProposalDocument,
  ConsoleInstrumentScientistProposalsDocument,
  ConsoleInstrumentsMinimalDocument,
  ConsoleProposalDocument,
  ConsoleProposalsDocument,
  type ConsoleProposalQuery,
  type ConsoleProposalViewFragment,
} from '../../gql/graphql';
import {
  SCIENTIST_SCOPE,
  searchTextOf,
  toProposalsFilter,
  toSort,
  type ProposalTableFilter,
} from './proposal-filter';

export type ProposalRow = ConsoleProposalViewFragment & { id: number };
export type ProposalRecord = NonNullable<ConsoleProposalQuery['getProposal']> & { id: number };

/** A chunk to fetch instead of react-admin's page (see prefetch.ts). */
export interface ChunkMeta {
  chunk?: { first: number; offset: number };
}

/** What a page of proposals says of its total besides the number. */
export interface TotalMeta {
  /** the total is an estimate ("about 50,000"): the exact count is one request away (countProposalsExactly) */
  totalEstimated: boolean;
}

/**
 * Proposals (the staff table, §2): getList → getProposalsCore (filter, sortField, sortDirection, first, offset,
 * searchText, allowEstimatedCount), or for the instrument scientist's table (filter.scope) →
 * getInstrumentScientistProposals (the same arguments, no estimate); getOne → getProposal(primaryKey);
 * delete → deleteProposal(proposalPk).
 */
export const proposalsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams & { meta?: ChunkMeta }) => {
    const filter = (params.filter ?? {}) as ProposalTableFilter;
    const page = params.pagination ?? { page: 1, perPage: 20 };
    const chunk = params.meta?.chunk ?? { first: page.perPage, offset: (page.page - 1) * page.perPage };
    if (filter.scope === SCIENTIST_SCOPE)
      return operation(
        ConsoleInstrumentScientistProposalsDocument,
        {
          filter: toProposalsFilter(filter),
          first: chunk.first,
          offset: chunk.offset,
          searchText: searchTextOf(filter),
          ...toSort(params.sort),
        },
        (data) => ({
          data: (data.getInstrumentScientistProposals?.proposalViews ?? []).map((row): ProposalRow => ({
            ...row,
            id: row.primaryKey,
          })),
          total: data.getInstrumentScientistProposals?.totalCount ?? 0,
          meta: { totalEstimated: false } satisfies TotalMeta,
        }),
      );
    return operation(
      ConsoleProposalsDocument,
      {
        filter: toProposalsFilter(filter),
        first: chunk.first,
        offset: chunk.offset,
        searchText: searchTextOf(filter),
        ...toSort(params.sort),
        // a count above 5,000 over a search or a question filter may be estimated, and the table says so
        allowEstimatedCount: true,
      },
      (data) => ({
        data: (data.getProposalsCore?.proposalViews ?? []).map((row): ProposalRow => ({
          ...row,
          id: row.primaryKey,
        })),
        total: data.getProposalsCore?.totalCount ?? 0,
        meta: { totalEstimated: data.getProposalsCore?.totalCountEstimated ?? false } satisfies TotalMeta,
      }),
    );
  },
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleProposalDocument, { primaryKey: Number(params.id) }, (data) => {
      if (!data.getProposal) throw new Error('Proposal not found');
      return { data: { ...data.getProposal, id: data.getProposal.primaryKey } satisfies ProposalRecord };
    }),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteProposalDocument, { proposalPk: Number(params.id) }, (data) => ({
      data: { id: data.deleteProposal?.primaryKey ?? Number(params.id) },
    })),
};

export interface InstrumentChoice {
  id: number;
  name: string;
  shortCode: string;
}

/** Instruments (the instrument filter, assign to instrument): getList → getInstrumentsMinimal (§6 list rule). */
export const instrumentsMinimalOperations: ResourceOperations = {
  GET_LIST: () =>
    operation(ConsoleInstrumentsMinimalDocument, {}, (data) => ({
      data: data.getInstrumentsMinimal satisfies InstrumentChoice[],
      total: data.getInstrumentsMinimal.length,
    })),
};
