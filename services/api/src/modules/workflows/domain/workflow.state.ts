import {
  CONNECTION_STATUS_ACTIONS_SET,
  STATUS_CHANGING_EVENTS_SET,
  WORKFLOW_CREATED,
  WORKFLOW_DELETED,
  WORKFLOW_STATUS_ADDED,
  WORKFLOW_STATUS_DELETED,
  WORKFLOW_STATUS_MOVED,
  WORKFLOW_UPDATED,
  type ConnectionPlacement,
  type ConnectionStatusActionData,
  type WorkflowStreamEvent,
  type WorkflowType,
} from '@user-office/contracts';

/** A connection as the workflow's stream knows it: its place, its status's short code, events and actions. */
export interface ConnectionState extends ConnectionPlacement {
  shortCode: string;
  statusChangingEvents: string[];
  statusActions: ConnectionStatusActionData[];
}

/** One workflow folded from `workflow-<id>`. */
export interface WorkflowState {
  status: 'none' | 'active' | 'deleted';
  workflowId: number;
  name: string;
  description: string;
  entityType: WorkflowType | null;
  isDefault: boolean;
  /** sorted: main group first, then branches; by sort order within a group */
  connections: ConnectionState[];
}

export const initialWorkflowState: WorkflowState = {
  status: 'none',
  workflowId: 0,
  name: '',
  description: '',
  entityType: null,
  isDefault: false,
  connections: [],
};

/** The connections placed as `arrangement` says, keeping what each had (new ones start empty). */
function arranged(
  connections: readonly ConnectionState[],
  arrangement: readonly ConnectionPlacement[],
  added?: { connectionId: number; shortCode: string },
): ConnectionState[] {
  const byId = new Map(connections.map((c) => [c.connectionId, c]));
  return arrangement.map((place) => {
    const before = byId.get(place.connectionId);
    return {
      ...place,
      shortCode: before?.shortCode ?? (added?.connectionId === place.connectionId ? added.shortCode : ''),
      statusChangingEvents: before?.statusChangingEvents ?? [],
      statusActions: before?.statusActions ?? [],
    };
  });
}

const withConnection = (
  state: WorkflowState,
  connectionId: number,
  change: (c: ConnectionState) => ConnectionState,
): WorkflowState => ({
  ...state,
  connections: state.connections.map((c) => (c.connectionId === connectionId ? change(c) : c)),
});

export function evolveWorkflow(state: WorkflowState, event: { type: string; data: unknown }): WorkflowState {
  const e = event as WorkflowStreamEvent;
  switch (e.type) {
    case WORKFLOW_CREATED: {
      const d = e.data;
      return {
        status: 'active',
        workflowId: d.workflowId,
        name: d.name,
        description: d.description,
        entityType: d.entityType,
        isDefault: d.isDefault,
        connections: [
          {
            ...d.initialConnection,
            shortCode: d.initialStatusShortCode,
            statusChangingEvents: [],
            statusActions: [],
          },
        ],
      };
    }
    case WORKFLOW_UPDATED:
      return { ...state, name: e.data.name, description: e.data.description };
    case WORKFLOW_DELETED:
      return { ...state, status: 'deleted' };
    case WORKFLOW_STATUS_ADDED:
      return {
        ...state,
        connections: arranged(state.connections, e.data.arrangement, {
          connectionId: e.data.connectionId,
          shortCode: e.data.shortCode,
        }),
      };
    case WORKFLOW_STATUS_MOVED:
    case WORKFLOW_STATUS_DELETED:
      return { ...state, connections: arranged(state.connections, e.data.arrangement) };
    case STATUS_CHANGING_EVENTS_SET:
      return withConnection(state, e.data.connectionId, (c) => ({
        ...c,
        statusChangingEvents: [...e.data.statusChangingEvents],
      }));
    case CONNECTION_STATUS_ACTIONS_SET:
      return withConnection(state, e.data.connectionId, (c) => ({
        ...c,
        statusActions: e.data.actions.map((a) => ({ ...a })),
      }));
    default:
      return state;
  }
}

export const isLiveWorkflow = (state: WorkflowState): boolean => state.status === 'active';

/** The initial connection: the first of the main group (proposals start there). */
export const initialConnectionOf = (state: WorkflowState): ConnectionState | undefined =>
  state.connections.find((c) => c.parentDroppableGroupId === null && c.sortOrder === 0);
