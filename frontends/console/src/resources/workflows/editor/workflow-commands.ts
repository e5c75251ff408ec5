import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleAddWorkflowStatusDocument,
  ConsoleCreateWorkflowDocument,
  ConsoleDeleteWorkflowDocument,
  ConsoleDeleteWorkflowStatusDocument,
  ConsoleMoveWorkflowStatusDocument,
  ConsoleSetConnectionStatusActionsDocument,
  ConsoleSetStatusChangingEventsDocument,
  ConsoleUpdateWorkflowDocument,
  ConsoleWorkflowCataloguesDocument,
  ConsoleWorkflowDocument,
  type ConsoleAddWorkflowStatusMutationVariables,
  type ConnectionStatusActionInput,
  type ConsoleMoveWorkflowStatusMutationVariables,
  type WorkflowType,
} from '../../../gql/graphql';

/**
 * The workflow commands of the console (§7 "Workflows and status actions"). Each is one mutation; the editor
 * reloads the workflow from the server after it (the server's arrangement is the truth).
 */
export const workflowCommands = {
  load: async (workflowId: number) => (await request(ConsoleWorkflowDocument, { workflowId })).getWorkflow,
  catalogues: (entityType: WorkflowType) => request(ConsoleWorkflowCataloguesDocument, { entityType }),
  create: async (entityType: WorkflowType, name: string, description: string) =>
    (await request(ConsoleCreateWorkflowDocument, { entityType, name, description })).createWorkflow,
  update: async (id: number, name: string, description: string) =>
    (await request(ConsoleUpdateWorkflowDocument, { id, name, description })).updateWorkflow,
  remove: (workflowId: number) => request(ConsoleDeleteWorkflowDocument, { workflowId }),
  addStatus: (variables: ConsoleAddWorkflowStatusMutationVariables) =>
    request(ConsoleAddWorkflowStatusDocument, variables),
  moveStatus: (variables: ConsoleMoveWorkflowStatusMutationVariables) =>
    request(ConsoleMoveWorkflowStatusDocument, variables),
  deleteStatus: (workflowId: number, statusId: number, sortOrder: number) =>
    request(ConsoleDeleteWorkflowStatusDocument, { workflowId, statusId, sortOrder }),
  setEvents: (workflowConnectionId: number, statusChangingEvents: string[]) =>
    request(ConsoleSetStatusChangingEventsDocument, { workflowConnectionId, statusChangingEvents }),
  setActions: (workflowId: number, workflowConnectionId: number, actions: ConnectionStatusActionInput[]) =>
    request(ConsoleSetConnectionStatusActionsDocument, { workflowId, workflowConnectionId, actions }),
};
