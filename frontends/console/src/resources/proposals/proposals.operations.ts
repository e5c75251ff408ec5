import type { DeleteParams, GetListParams, GetOneParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleDeleteProposalDocument,
  ConsoleProposalDocument,
  ConsoleProposalsDocument,
  type ConsoleProposalQuery,
  type ConsoleProposalViewFragment,
} from '../../gql/graphql';
import { searchTextOf, toProposalsFilter, toSort, type ProposalTableFilter } from './proposal-filter';

export type ProposalRow = ConsoleProposalViewFragment & { id: number };
export type ProposalRecord = NonNullable<ConsoleProposalQuery['getProposal']> & { id: number };

/** A chunk to fetch instead of react-admin's page (see prefetch.ts). */
export interface ChunkMeta {
  chunk?: { first: number; offset: number };
}

/**
 * Proposals (the staff table, §2): getList → getProposalsCore (filter, sortField, sortDirection, first, offset,
 * searchText); getOne → getProposal(primaryKey); delete → deleteProposal(proposalPk).
 */
export const proposalsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams & { meta?: ChunkMeta }) => {
    const filter = (params.filter ?? {}) as ProposalTableFilter;
    const page = params.pagination ?? { page: 1, perPage: 20 };
    const chunk = params.meta?.chunk ?? { first: page.perPage, offset: (page.page - 1) * page.perPage };
    return operation(
      ConsoleProposalsDocument,
      {
        filter: toProposalsFilter(filter),
        first: chunk.first,
        offset: chunk.offset,
        searchText: searchTextOf(filter),
        ...toSort(params.sort),
      },
      (data) => ({
        data: (data.getProposalsCore?.proposalViews ?? []).map((row): ProposalRow => ({
          ...row,
          id: row.primaryKey,
        })),
        total: data.getProposalsCore?.totalCount ?? 0,
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
