import type { StatusActionType, WorkflowType } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/**
 * Statuses live on `status-<statusId>`; a workflow, with its connections (their places, status-changing
 * events and status actions), on `workflow-<workflowId>`.
 */
export const STATUS_STREAM = 'status';
export const WORKFLOW_STREAM = 'workflow';
export const statusStreamId = (statusId: number): string => `${STATUS_STREAM}-${statusId}`;
export const workflowStreamId = (workflowId: number): string => `${WORKFLOW_STREAM}-${workflowId}`;

export const STATUS_CREATED = 'StatusCreated';
export const STATUS_UPDATED = 'StatusUpdated';
export const STATUS_DELETED = 'StatusDeleted';
export const WORKFLOW_CREATED = 'WorkflowCreated';
export const WORKFLOW_UPDATED = 'WorkflowUpdated';
export const WORKFLOW_DELETED = 'WorkflowDeleted';
export const WORKFLOW_STATUS_ADDED = 'WorkflowStatusAdded';
export const WORKFLOW_STATUS_MOVED = 'WorkflowStatusMoved';
export const WORKFLOW_STATUS_DELETED = 'WorkflowStatusDeleted';
export const STATUS_CHANGING_EVENTS_SET = 'StatusChangingEventsSet';
export const CONNECTION_STATUS_ACTIONS_SET = 'ConnectionStatusActionsSet';

/** A status (§3 Status). */
export interface StatusCreatedData {
  readonly statusId: number;
  readonly shortCode: string;
  readonly name: string;
  readonly description: string;
  readonly entityType: WorkflowType;
  /** one of the statuses the system starts with (cannot be deleted) */
  readonly isDefault: boolean;
}

export interface StatusUpdatedData {
  readonly statusId: number;
  /** unchanged (a short code is immutable); for the event log */
  readonly shortCode: string;
  readonly name: string;
  readonly description: string;
}

export interface StatusDeletedData {
  readonly statusId: number;
  readonly shortCode: string;
}

/**
 * Where a connection sits in its workflow. Connections are grouped (`droppableGroupId`); the main group has no
 * parent and starts with the initial status; every other group is a branch hanging from the last status of its
 * parent group. `prevStatusId` is the status before it (the one before in its group, or for a branch's first
 * connection the last status of the parent group); `nextStatusId` the one after it in its group (null at a
 * group's end: the branches of a status are the connections whose `prevStatusId` it is).
 */
export interface ConnectionPlacement {
  readonly connectionId: number;
  readonly statusId: number;
  readonly droppableGroupId: string;
  readonly parentDroppableGroupId: string | null;
  /** 0, 1, … within its group */
  readonly sortOrder: number;
  readonly prevStatusId: number | null;
  readonly nextStatusId: number | null;
}

/** A status action on a connection: what runs when a proposal reaches the connection's status. */
export interface ConnectionStatusActionData {
  readonly actionId: number;
  readonly actionType: StatusActionType;
  /** the action's config (validated by the contracts' schema of its type) */
  readonly config: Record<string, unknown>;
}

/** A workflow came to be, with its first connection (the initial status). */
export interface WorkflowCreatedData {
  readonly workflowId: number;
  readonly name: string;
  readonly description: string;
  readonly entityType: WorkflowType;
  /** one of the workflows the system starts with (cannot be deleted) */
  readonly isDefault: boolean;
  readonly initialConnection: ConnectionPlacement;
  /** the initial status's short code, for the event log */
  readonly initialStatusShortCode: string;
}

export interface WorkflowUpdatedData {
  readonly workflowId: number;
  readonly name: string;
  readonly description: string;
}

export interface WorkflowDeletedData {
  readonly workflowId: number;
  readonly name: string;
}

/**
 * The connection graph changed: `arrangement` places every connection of the workflow after the change (so
 * the stream alone rebuilds prev/next without re-deriving them).
 */
interface WorkflowArrangedData {
  readonly workflowId: number;
  readonly connectionId: number;
  readonly statusId: number;
  /** the status's short code, for the event log */
  readonly shortCode: string;
  readonly arrangement: readonly ConnectionPlacement[];
}

/** A status was added to the workflow as a new connection (`connectionId`), placed in `arrangement`. */
export type WorkflowStatusAddedData = WorkflowArrangedData;
/** A connection moved within its group or to another group. */
export type WorkflowStatusMovedData = WorkflowArrangedData;
/** A connection is gone, with its events and actions. */
export type WorkflowStatusDeletedData = WorkflowArrangedData;

/** The status-changing events a connection waits for (all of them, replacing the previous ones). */
export interface StatusChangingEventsSetData {
  readonly workflowId: number;
  readonly connectionId: number;
  readonly statusId: number;
  readonly statusChangingEvents: readonly string[];
}

/** The status actions of a connection (all of them, replacing the previous ones). */
export interface ConnectionStatusActionsSetData {
  readonly workflowId: number;
  readonly connectionId: number;
  readonly statusId: number;
  readonly actions: readonly ConnectionStatusActionData[];
}

const statusId = (data: { statusId: number }): string => String(data.statusId);
const workflowId = (data: { workflowId: number }): string => String(data.workflowId);

export const statusCreatedEvent = defineEvent<StatusCreatedData, typeof STATUS_CREATED>(STATUS_CREATED, {
  stream: STATUS_STREAM,
  description: (d) =>
    `${d.isDefault ? 'Default status' : 'Status'} ${d.shortCode} (${JSON.stringify(d.name)}, ${d.entityType}) created`,
  changedObjectId: statusId,
});
export const statusUpdatedEvent = defineEvent<StatusUpdatedData, typeof STATUS_UPDATED>(STATUS_UPDATED, {
  stream: STATUS_STREAM,
  description: (d) => `Status ${d.shortCode} updated: ${JSON.stringify(d.name)}`,
  changedObjectId: statusId,
});
export const statusDeletedEvent = defineEvent<StatusDeletedData, typeof STATUS_DELETED>(STATUS_DELETED, {
  stream: STATUS_STREAM,
  description: (d) => `Status ${d.shortCode} deleted`,
  changedObjectId: statusId,
});
export const workflowCreatedEvent = defineEvent<WorkflowCreatedData, typeof WORKFLOW_CREATED>(
  WORKFLOW_CREATED,
  {
    stream: WORKFLOW_STREAM,
    description: (d) =>
      `${d.isDefault ? 'Default workflow' : 'Workflow'} ${JSON.stringify(d.name)} (${d.entityType}) created, starting at ${d.initialStatusShortCode}`,
    changedObjectId: workflowId,
  },
);
export const workflowUpdatedEvent = defineEvent<WorkflowUpdatedData, typeof WORKFLOW_UPDATED>(
  WORKFLOW_UPDATED,
  {
    stream: WORKFLOW_STREAM,
    description: (d) => `Workflow ${JSON.stringify(d.name)} updated`,
    changedObjectId: workflowId,
  },
);
export const workflowDeletedEvent = defineEvent<WorkflowDeletedData, typeof WORKFLOW_DELETED>(
  WORKFLOW_DELETED,
  {
    stream: WORKFLOW_STREAM,
    description: (d) => `Workflow ${JSON.stringify(d.name)} deleted`,
    changedObjectId: workflowId,
  },
);

const placeOf = (d: WorkflowArrangedData): string => {
  const place = d.arrangement.find((p) => p.connectionId === d.connectionId);
  return place ? ` (${place.droppableGroupId} #${place.sortOrder})` : '';
};

export const workflowStatusAddedEvent = defineEvent<WorkflowStatusAddedData, typeof WORKFLOW_STATUS_ADDED>(
  WORKFLOW_STATUS_ADDED,
  {
    stream: WORKFLOW_STREAM,
    description: (d) => `Status ${d.shortCode} added to workflow ${d.workflowId}${placeOf(d)}`,
    changedObjectId: workflowId,
  },
);
export const workflowStatusMovedEvent = defineEvent<WorkflowStatusMovedData, typeof WORKFLOW_STATUS_MOVED>(
  WORKFLOW_STATUS_MOVED,
  {
    stream: WORKFLOW_STREAM,
    description: (d) => `Status ${d.shortCode} moved in workflow ${d.workflowId}${placeOf(d)}`,
    changedObjectId: workflowId,
  },
);
export const workflowStatusDeletedEvent = defineEvent<
  WorkflowStatusDeletedData,
  typeof WORKFLOW_STATUS_DELETED
>(WORKFLOW_STATUS_DELETED, {
  stream: WORKFLOW_STREAM,
  description: (d) => `Status ${d.shortCode} removed from workflow ${d.workflowId}`,
  changedObjectId: workflowId,
});
export const statusChangingEventsSetEvent = defineEvent<
  StatusChangingEventsSetData,
  typeof STATUS_CHANGING_EVENTS_SET
>(STATUS_CHANGING_EVENTS_SET, {
  stream: WORKFLOW_STREAM,
  description: (d) =>
    `Connection ${d.connectionId} of workflow ${d.workflowId} waits for ${
      d.statusChangingEvents.length === 0 ? 'no event' : d.statusChangingEvents.join(', ')
    }`,
  changedObjectId: workflowId,
});
export const connectionStatusActionsSetEvent = defineEvent<
  ConnectionStatusActionsSetData,
  typeof CONNECTION_STATUS_ACTIONS_SET
>(CONNECTION_STATUS_ACTIONS_SET, {
  stream: WORKFLOW_STREAM,
  description: (d) =>
    `Connection ${d.connectionId} of workflow ${d.workflowId} runs ${
      d.actions.length === 0 ? 'no action' : d.actions.map((a) => a.actionType).join(', ')
    }`,
  changedObjectId: workflowId,
});

export type StatusStreamEvent =
  | { readonly type: typeof STATUS_CREATED; readonly data: StatusCreatedData }
  | { readonly type: typeof STATUS_UPDATED; readonly data: StatusUpdatedData }
  | { readonly type: typeof STATUS_DELETED; readonly data: StatusDeletedData };

export type WorkflowStreamEvent =
  | { readonly type: typeof WORKFLOW_CREATED; readonly data: WorkflowCreatedData }
  | { readonly type: typeof WORKFLOW_UPDATED; readonly data: WorkflowUpdatedData }
  | { readonly type: typeof WORKFLOW_DELETED; readonly data: WorkflowDeletedData }
  | { readonly type: typeof WORKFLOW_STATUS_ADDED; readonly data: WorkflowStatusAddedData }
  | { readonly type: typeof WORKFLOW_STATUS_MOVED; readonly data: WorkflowStatusMovedData }
  | { readonly type: typeof WORKFLOW_STATUS_DELETED; readonly data: WorkflowStatusDeletedData }
  | { readonly type: typeof STATUS_CHANGING_EVENTS_SET; readonly data: StatusChangingEventsSetData }
  | { readonly type: typeof CONNECTION_STATUS_ACTIONS_SET; readonly data: ConnectionStatusActionsSetData };

export const WORKFLOWS_EVENTS = [
  statusCreatedEvent,
  statusUpdatedEvent,
  statusDeletedEvent,
  workflowCreatedEvent,
  workflowUpdatedEvent,
  workflowDeletedEvent,
  workflowStatusAddedEvent,
  workflowStatusMovedEvent,
  workflowStatusDeletedEvent,
  statusChangingEventsSetEvent,
  connectionStatusActionsSetEvent,
] as const;

registerEvents(...WORKFLOWS_EVENTS);
