import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleWorkflowsDocument, type WorkflowType } from '../../gql/graphql';

/** A workflow list: getList → getWorkflows(entityType), searched by name and description, sorted by name. */
export function workflowListOperations(entityType: WorkflowType): ResourceOperations {
  return {
    GET_LIST: (params: GetListParams) =>
      operation(ConsoleWorkflowsDocument, { entityType }, (data) => {
        const q = String((params.filter as { q?: string } | undefined)?.q ?? '')
          .trim()
          .toLowerCase();
        const rows = data.getWorkflows
          .filter((w) => !q || `${w.name} ${w.description}`.toLowerCase().includes(q))
          .sort((a, b) => a.name.localeCompare(b.name));
        return { data: rows, total: rows.length };
      }),
  };
}

/** The workflow lists' operations, by resource name. */
export const workflowsOperations: Record<string, ResourceOperations> = {
  ProposalWorkflows: workflowListOperations('PROPOSAL'),
  ExperimentWorkflows: workflowListOperations('EXPERIMENT'),
};
