import type { TemplateGroupId } from '@user-office/contracts';
import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleTemplatesDocument, type ConsoleTemplateRowFragment } from '../../gql/graphql';
import { TEMPLATE_LISTS } from './template-lists';

export type TemplateRow = ConsoleTemplateRowFragment & { id: number; isActive: boolean };

export interface TemplateListFilter {
  /** archived templates are hidden unless asked for (§2) */
  isArchived?: boolean;
  q?: string;
}

/**
 * Sorts and pages rows answered all at once (getTemplates: a group holds tens, not thousands; also the question
 * library and the statuses).
 */
export function pageOf<T extends object = TemplateRow>(
  rows: T[],
  params: Pick<GetListParams, 'sort' | 'pagination'>,
): T[] {
  const sort = params.sort ?? { field: 'templateId', order: 'DESC' };
  const field = sort.field as keyof T;
  const sorted = [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y);
    return sort.order === 'DESC' ? -order : order;
  });
  const page = params.pagination ?? { page: 1, perPage: sorted.length };
  return sorted.slice((page.page - 1) * page.perPage, page.page * page.perPage);
}

/** A template list: getList → getTemplates(filter group, isArchived) with getActiveTemplateId of the group. */
export function templateListOperations(groupId: TemplateGroupId): ResourceOperations {
  return {
    GET_LIST: (params: GetListParams) => {
      const filter = (params.filter ?? {}) as TemplateListFilter;
      return operation(
        ConsoleTemplatesDocument,
        { filter: { group: groupId, isArchived: filter.isArchived === true }, group: groupId },
        (data) => {
          const q = filter.q?.trim().toLowerCase() ?? '';
          const rows = data.getTemplates
            .map((t): TemplateRow => ({
              ...t,
              id: t.templateId,
              isActive: t.templateId === data.getActiveTemplateId,
            }))
            .filter((t) => !q || `${t.name} ${t.description}`.toLowerCase().includes(q));
          return { data: pageOf(rows, params), total: rows.length };
        },
      );
    },
  };
}

/** Every template list's operations, by resource name. */
export const templateListsOperations: Record<string, ResourceOperations> = Object.fromEntries(
  TEMPLATE_LISTS.map((list) => [list.name, templateListOperations(list.groupId)]),
);
