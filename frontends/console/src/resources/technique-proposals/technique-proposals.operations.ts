import type { GetListParams } from 'ra-core';
import type { GraphqlTransport } from '../../app/graphql-transport';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleAssignTechniqueProposalsToInstrumentsDocument,
  ConsoleChangeTechniqueProposalsStatusDocument,
  ConsoleCreateProposalScientistCommentDocument,
  ConsoleDeleteProposalScientistCommentDocument,
  ConsoleProposalScientistCommentDocument,
  ConsoleTechniqueProposalsDocument,
  ConsoleTechniquesMinimalDocument,
  ConsoleUpdateProposalScientistCommentDocument,
  type ConsoleProposalScientistCommentQuery,
  type ConsoleScientistCommentFragment,
  type ConsoleTechniqueProposalRowFragment,
} from '../../gql/graphql';
import { searchTextOf, toSort } from '../proposals/proposal-filter';
import { toTechniqueProposalsFilter, type TechniqueProposalsFilter } from './technique-filter';

export type TechniqueProposalRow = ConsoleTechniqueProposalRowFragment & { id: number };
export type ScientistComment = ConsoleScientistCommentFragment;

/**
 * Technique proposals (§2 `/TechniqueProposals`): getList → getTechniqueScientistProposals (filter with call,
 * techniqueFilter, instrumentFilter, status, dateFilter; page size 5, paged by the server).
 */
export const techniqueProposalsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as TechniqueProposalsFilter;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 5 };
    return operation(
      ConsoleTechniqueProposalsDocument,
      {
        filter: toTechniqueProposalsFilter(filter),
        first: perPage,
        offset: (page - 1) * perPage,
        searchText: searchTextOf(filter),
        ...toSort(params.sort),
      },
      (data) => ({
        data: (data.getTechniqueScientistProposals?.proposalViews ?? []).map((row): TechniqueProposalRow => ({
          ...row,
          id: row.primaryKey,
        })),
        total: data.getTechniqueScientistProposals?.totalCount ?? 0,
      }),
    );
  },
};

/** Techniques (the technique filter): getList → getTechniquesMinimal. */
export const techniquesMinimalOperations: ResourceOperations = {
  GET_LIST: () =>
    operation(ConsoleTechniquesMinimalDocument, {}, (data) => ({
      data: data.getTechniquesMinimal,
      total: data.getTechniquesMinimal.length,
    })),
};

/** The technique proposals page's commands (explicit buttons), each one §7 operation. */
export interface TechniqueProposalCommands {
  /** changeTechniqueProposalsStatus(statusId, proposalPks): the server enforces §4's technique table rules */
  changeTechniqueProposalsStatus(proposalPks: number[], statusId: number): Promise<void>;
  /** assignTechniqueProposalsToInstruments(proposalPks, instrumentIds) */
  assignTechniqueProposalsToInstruments(proposalPks: number[], instrumentIds: number[]): Promise<void>;
  /** proposalScientistComment(proposalPk): null when there is none */
  proposalScientistComment(proposalPk: number): Promise<ScientistComment | null>;
  /** create… (no comment yet) or update… (commentId): the saved comment */
  saveProposalScientistComment(
    proposalPk: number,
    commentId: number | null,
    comment: string,
  ): Promise<ScientistComment>;
  /** deleteProposalScientistComment(commentId) */
  deleteProposalScientistComment(commentId: number): Promise<void>;
}

export function techniqueProposalCommands(transport: GraphqlTransport): TechniqueProposalCommands {
  const run = transport.mutate;
  return {
    changeTechniqueProposalsStatus: async (proposalPks, statusId) => {
      await run({
        mutation: ConsoleChangeTechniqueProposalsStatusDocument,
        variables: { proposalPks, statusId },
      });
    },
    assignTechniqueProposalsToInstruments: async (proposalPks, instrumentIds) => {
      await run({
        mutation: ConsoleAssignTechniqueProposalsToInstrumentsDocument,
        variables: { proposalPks, instrumentIds },
      });
    },
    proposalScientistComment: async (proposalPk) => {
      const { data } = await transport.query({
        query: ConsoleProposalScientistCommentDocument,
        variables: { proposalPk },
      });
      return (data as ConsoleProposalScientistCommentQuery).proposalScientistComment ?? null;
    },
    saveProposalScientistComment: async (proposalPk, commentId, comment) => {
      if (commentId === null) {
        const { data } = await run({
          mutation: ConsoleCreateProposalScientistCommentDocument,
          variables: { proposalPk, comment },
        });
        return (data as { createProposalScientistComment: ScientistComment }).createProposalScientistComment;
      }
      const { data } = await run({
        mutation: ConsoleUpdateProposalScientistCommentDocument,
        variables: { commentId, comment },
      });
      return (data as { updateProposalScientistComment: ScientistComment }).updateProposalScientistComment;
    },
    deleteProposalScientistComment: async (commentId) => {
      await run({ mutation: ConsoleDeleteProposalScientistCommentDocument, variables: { commentId } });
    },
  };
}
