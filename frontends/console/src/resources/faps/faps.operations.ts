import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { matching, pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCreateFapDocument,
  ConsoleDeleteFapDocument,
  ConsoleFapDocument,
  ConsoleFapsDocument,
  ConsoleFapsMinimalDocument,
  ConsoleUpdateFapDocument,
  type ConsoleFapFieldsFragment,
} from '../../gql/graphql';
import { personName } from './fap-commands';

/** A chair's or secretary's name with their current proposal count (§3 Fap). */
function withCounts(
  people: { id: number; firstname: string; lastname: string }[],
  counts: { userId: number; count: number }[],
): string {
  return people
    .map((p) => {
      const count = counts.find((c) => c.userId === p.id)?.count ?? 0;
      return `${personName(p)} (${count})`;
    })
    .join(', ');
}

/** The table's row: the chairs' and secretaries' names (with their current proposal counts) for sorting, search. */
export const fapRow = (f: ConsoleFapFieldsFragment) => ({
  ...f,
  chairNames: withCounts(f.fapChairs, f.fapChairsCurrentProposalCounts),
  secretaryNames: withCounts(f.fapSecretaries, f.fapSecretariesCurrentProposalCounts),
});

export type FapRecord = ReturnType<typeof fapRow>;

/** The arguments createFap / updateFap take, from the form (the contracts' fapSchema validates the same). */
export function fapInput(data: Record<string, unknown>) {
  const text = (v: unknown) => String(v ?? '').trim();
  const ratings = data.numberRatingsRequired;
  const guide = text(data.gradeGuide);
  return {
    code: text(data.code),
    description: text(data.description),
    numberRatingsRequired:
      ratings === '' || ratings === null || ratings === undefined
        ? (null as unknown as number)
        : Number(ratings),
    gradeGuide: guide === '' ? null : String(data.gradeGuide),
    customGradeGuide: Boolean(data.customGradeGuide),
    active:
      data.active === undefined || data.active === null ? (null as unknown as boolean) : Boolean(data.active),
  };
}

/**
 * FAPs (`/console/Faps`): getList → getFaps (the caller's: officers all, members theirs), filtered by text and
 * active, sorted and paged here; getOne → getFap(id); create → createFap; update → updateFap(id, …); delete →
 * deleteFap(id). Members, proposals and decisions are commands (fap-commands.ts).
 */
export const fapsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as { q?: string; active?: boolean };
    return operation(
      ConsoleFapsDocument,
      { filter: filter.active ? { active: true } : {}, first: null, offset: null },
      (data) =>
        pageOf(
          matching(data.getFaps.faps.map(fapRow), filter.q, [
            'code',
            'description',
            'chairNames',
            'secretaryNames',
          ]),
          params,
        ),
    );
  },
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleFapDocument, { id: Number(params.id) }, (data) => {
      if (!data.getFap) throw new Error('FAP not found');
      return { data: fapRow(data.getFap) };
    }),
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateFapDocument, fapInput(params.data), (data) => ({
      data: fapRow(data.createFap),
    })),
  UPDATE: (params: UpdateParams) =>
    operation(ConsoleUpdateFapDocument, { id: Number(params.id), ...fapInput(params.data) }, (data) => ({
      data: fapRow(data.updateFap),
    })),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteFapDocument, { id: Number(params.id) }, (data) => ({
      data: { id: data.deleteFap.id },
    })),
};

/** FAPs as choices (the staff table's "Assign to FAP"): getFapsMinimal, active ones, by code. */
export const fapsMinimalOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleFapsMinimalDocument, {}, (data) =>
      pageOf(
        data.getFapsMinimal.filter((f) => f.active).map((f) => ({ ...f, name: f.code })),
        params,
      ),
    ),
};
