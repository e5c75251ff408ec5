import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCreateStatusDocument,
  ConsoleDeleteStatusDocument,
  ConsoleStatusesDocument,
  ConsoleUpdateStatusDocument,
  type ConsoleStatusRowFragment,
  type WorkflowType,
} from '../../gql/graphql';
import { pageOf } from '../templates/templates.operations';

export type StatusRow = ConsoleStatusRowFragment;

/** Proposal statuses (pickers): getList → getStatuses(entityType PROPOSAL). */
export const statusesOperations: ResourceOperations = {
  GET_LIST: () =>
    operation(ConsoleStatusesDocument, { entityType: 'PROPOSAL' }, (data) => ({
      data: data.getStatuses,
      total: data.getStatuses.length,
    })),
};

/** The statuses page's search box: in short code, name and description. */
export interface StatusListFilter {
  q?: string;
}

const matches = (row: StatusRow, q: string) =>
  `${row.shortCode} ${row.name} ${row.description}`.toLowerCase().includes(q);

/**
 * The statuses of one entity type (/ProposalStatuses, /ExperimentStatuses): getList and getOne → getStatuses
 * (entityType); create → createStatus; update → updateStatus (name and description; the short code is immutable);
 * delete → deleteStatus (the server refuses a default status and one a workflow uses).
 */
export function statusResourceOperations(entityType: WorkflowType): ResourceOperations {
  return {
    GET_LIST: (params: GetListParams) =>
      operation(ConsoleStatusesDocument, { entityType }, (data) => {
        const q = ((params.filter ?? {}) as StatusListFilter).q?.trim().toLowerCase() ?? '';
        const rows = data.getStatuses.filter((s) => !q || matches(s, q));
        return {
          data: pageOf(rows, {
            sort: params.sort ?? { field: 'id', order: 'ASC' },
            pagination: params.pagination,
          }),
          total: rows.length,
        };
      }),
    GET_ONE: (params: GetOneParams) =>
      operation(ConsoleStatusesDocument, { entityType }, (data) => {
        const found = data.getStatuses.find((s) => s.id === Number(params.id));
        if (!found) throw new Error('Status not found');
        return { data: found };
      }),
    CREATE: (params: CreateParams<Partial<StatusRow>>) =>
      operation(
        ConsoleCreateStatusDocument,
        {
          entityType,
          shortCode: params.data.shortCode ?? '',
          name: params.data.name ?? '',
          description: params.data.description ?? '',
        },
        (data) => {
          if (!data.createStatus) throw new Error('Status not created');
          return { data: data.createStatus };
        },
      ),
    UPDATE: (params: UpdateParams<StatusRow>) =>
      operation(
        ConsoleUpdateStatusDocument,
        { id: Number(params.id), name: params.data.name, description: params.data.description ?? '' },
        (data) => {
          if (!data.updateStatus) throw new Error('Status not found');
          return { data: data.updateStatus };
        },
      ),
    DELETE: (params: DeleteParams) =>
      operation(ConsoleDeleteStatusDocument, { id: Number(params.id) }, (data) => ({
        data: { id: data.deleteStatus?.id ?? Number(params.id) },
      })),
  };
}

/** The statuses resources by name. */
export const statusResourcesOperations: Record<string, ResourceOperations> = {
  ProposalStatuses: statusResourceOperations('PROPOSAL'),
  ExperimentStatuses: statusResourceOperations('EXPERIMENT'),
};
