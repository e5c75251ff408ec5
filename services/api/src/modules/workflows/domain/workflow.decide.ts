import {
  connectionStatusActionsSetEvent,
  mainConnectionGroupId,
  statusActionById,
  statusChangingEvent,
  statusChangingEventsSetEvent,
  workflowCreatedEvent,
  workflowDeletedEvent,
  workflowMessages,
  workflowStatusAddedEvent,
  workflowStatusDeletedEvent,
  workflowStatusMovedEvent,
  workflowUpdatedEvent,
  type ConnectionPlacement,
  type ConnectionStatusActionData,
  type WorkflowType,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../../platform/errors/app-error';
import { cloneGroups, groupsOf, hasBranches, placementsOf, type ConnectionGroup } from './workflow-graph';
import {
  evolveWorkflow,
  initialConnectionOf,
  initialWorkflowState,
  isLiveWorkflow,
  type ConnectionState,
  type WorkflowState,
} from './workflow.state';

const M = workflowMessages;

/** What the decider knows of a status (from the statuses read model). */
export interface StatusFacts {
  statusId: number;
  shortCode: string;
  entityType: WorkflowType;
}

/** A position in a connection group (§7 moveWorkflowStatus `from`/`to`). */
export interface GroupIndex {
  index: number;
  droppableId: string;
}

/** The commands on one `workflow-<id>` stream; the input is already valid (contracts' schemas). */
export type WorkflowCommand =
  | {
      type: 'CreateWorkflow';
      workflowId: number;
      name: string;
      description: string;
      entityType: WorkflowType;
      isDefault: boolean;
      /** the initial connection: its id and status (DRAFT, AWAITING_ESF) */
      initial: { connectionId: number; status: StatusFacts };
    }
  | { type: 'UpdateWorkflow'; name?: string; description?: string }
  /** `inUse`: what uses the workflow (e.g. "3 calls"), empty when nothing does */
  | { type: 'DeleteWorkflow'; inUse: string[] }
  | {
      type: 'AddWorkflowStatus';
      connectionId: number;
      /** null: the status does not exist (or was deleted) */
      status: StatusFacts | null;
      sortOrder: number;
      droppableGroupId: string;
      parentDroppableGroupId: string | null;
      /** when given, what the client expects around the new status (checked) */
      prevStatusId: number | null;
      nextStatusId: number | null;
    }
  | { type: 'MoveWorkflowStatus'; from: GroupIndex; to: GroupIndex }
  | { type: 'DeleteWorkflowStatus'; statusId: number; sortOrder: number }
  | { type: 'SetStatusChangingEvents'; connectionId: number; statusChangingEvents: string[] }
  | { type: 'SetConnectionStatusActions'; connectionId: number; actions: ConnectionStatusActionData[] };

const clamp = (value: number, max: number): number => Math.max(0, Math.min(value, max));

function connectionOf(state: WorkflowState, connectionId: number): ConnectionState {
  const connection = state.connections.find((c) => c.connectionId === connectionId);
  if (!connection) throw notFound(M.connectionNotFound);
  return connection;
}

function groupOf(groups: readonly ConnectionGroup[], groupId: string): ConnectionGroup {
  const group = groups.find((g) => g.groupId === groupId);
  if (!group) throw badInput(M.groupNotFound(groupId), { droppableGroupId: M.groupNotFound(groupId) });
  return group;
}

const sameArrangement = (a: readonly ConnectionPlacement[], b: readonly ConnectionPlacement[]): boolean =>
  a.length === b.length &&
  a.every((p) => {
    const q = b.find((x) => x.connectionId === p.connectionId);
    return (
      q !== undefined &&
      q.droppableGroupId === p.droppableGroupId &&
      q.sortOrder === p.sortOrder &&
      q.prevStatusId === p.prevStatusId &&
      q.nextStatusId === p.nextStatusId
    );
  });

function addStatus(state: WorkflowState, command: Extract<WorkflowCommand, { type: 'AddWorkflowStatus' }>) {
  const { status } = command;
  if (!status) throw notFound(M.statusNotFound);
  if (status.entityType !== state.entityType)
    throw badInput(M.statusWrongEntityType(String(state.entityType)), {
      statusId: M.statusWrongEntityType(String(state.entityType)),
    });
  if (state.connections.some((c) => c.statusId === status.statusId))
    throw badInput(M.statusAlreadyInWorkflow, { statusId: M.statusAlreadyInWorkflow });
  if (state.connections.some((c) => c.connectionId === command.connectionId))
    throw badInput('A connection with this id exists');

  const groups = cloneGroups(groupsOf(state.connections));
  let group = groups.find((g) => g.groupId === command.droppableGroupId);
  const parent = command.parentDroppableGroupId || null;
  if (group) {
    if (parent !== null && parent !== group.parentGroupId)
      throw badInput(M.parentGroupMismatch(group.groupId, group.parentGroupId), {
        parentDroppableGroupId: M.parentGroupMismatch(group.groupId, group.parentGroupId),
      });
  } else {
    if (parent === null)
      throw badInput(M.parentGroupRequired(command.droppableGroupId), {
        parentDroppableGroupId: M.parentGroupRequired(command.droppableGroupId),
      });
    groupOf(groups, parent);
    group = { groupId: command.droppableGroupId, parentGroupId: parent, members: [] };
    groups.push(group);
  }
  const index = clamp(command.sortOrder, group.members.length);
  if (group.parentGroupId === null && index === 0)
    throw badInput(M.beforeInitialStatus, { sortOrder: M.beforeInitialStatus });
  group.members.splice(index, 0, { connectionId: command.connectionId, statusId: status.statusId });

  const arrangement = placementsOf(groups);
  const placed = arrangement.find((p) => p.connectionId === command.connectionId) as ConnectionPlacement;
  if (command.prevStatusId !== null && command.prevStatusId !== placed.prevStatusId)
    throw badInput(M.prevStatusMismatch(placed.prevStatusId), {
      prevStatusId: M.prevStatusMismatch(placed.prevStatusId),
    });
  if (command.nextStatusId !== null && command.nextStatusId !== placed.nextStatusId)
    throw badInput(M.nextStatusMismatch(placed.nextStatusId), {
      nextStatusId: M.nextStatusMismatch(placed.nextStatusId),
    });
  return [
    workflowStatusAddedEvent.create({
      workflowId: state.workflowId,
      connectionId: command.connectionId,
      statusId: status.statusId,
      shortCode: status.shortCode,
      arrangement,
    }),
  ];
}

function moveStatus(state: WorkflowState, from: GroupIndex, to: GroupIndex): NewEvent[] {
  const groups = cloneGroups(groupsOf(state.connections));
  const source = groupOf(groups, from.droppableId);
  const member = source.members[from.index];
  if (!member)
    throw badInput(M.noStatusAtPosition(from.droppableId, from.index), {
      from: M.noStatusAtPosition(from.droppableId, from.index),
    });
  const initial = initialConnectionOf(state);
  if (member.connectionId === initial?.connectionId) throw badInput(M.initialStatusFixed);
  const target = groupOf(groups, to.droppableId);
  source.members.splice(from.index, 1);
  if (source.members.length === 0 && source !== target && hasBranches(groups, source.groupId))
    throw badInput(M.branchesFollow);
  const index = clamp(to.index, target.members.length);
  if (target.parentGroupId === null && index === 0)
    throw badInput(M.beforeInitialStatus, { to: M.beforeInitialStatus });
  target.members.splice(index, 0, member);
  const arrangement = placementsOf(groups);
  if (sameArrangement(arrangement, state.connections)) return [];
  const moved = state.connections.find((c) => c.connectionId === member.connectionId) as ConnectionState;
  return [
    workflowStatusMovedEvent.create({
      workflowId: state.workflowId,
      connectionId: moved.connectionId,
      statusId: moved.statusId,
      shortCode: moved.shortCode,
      arrangement,
    }),
  ];
}

function deleteStatus(state: WorkflowState, statusId: number, sortOrder: number): NewEvent[] {
  const connection = state.connections.find((c) => c.statusId === statusId);
  if (!connection) throw badInput(M.statusNotInWorkflow, { statusId: M.statusNotInWorkflow });
  if (connection.sortOrder !== sortOrder)
    throw badInput(M.statusNotAtPosition(connection.sortOrder), {
      sortOrder: M.statusNotAtPosition(connection.sortOrder),
    });
  if (connection.connectionId === initialConnectionOf(state)?.connectionId)
    throw badInput(M.initialStatusFixed);
  const groups = cloneGroups(groupsOf(state.connections));
  const group = groupOf(groups, connection.droppableGroupId);
  group.members = group.members.filter((m) => m.connectionId !== connection.connectionId);
  if (group.members.length === 0 && hasBranches(groups, group.groupId)) throw badInput(M.branchesFollow);
  return [
    workflowStatusDeletedEvent.create({
      workflowId: state.workflowId,
      connectionId: connection.connectionId,
      statusId: connection.statusId,
      shortCode: connection.shortCode,
      arrangement: placementsOf(groups),
    }),
  ];
}

function setEvents(state: WorkflowState, connectionId: number, names: readonly string[]): NewEvent[] {
  const connection = connectionOf(state, connectionId);
  const statusChangingEvents = [...new Set(names)];
  for (const name of statusChangingEvents) {
    const known = statusChangingEvent(name);
    if (!known) throw badInput(M.unknownEvent(name), { statusChangingEvents: M.unknownEvent(name) });
    if (known.entityType !== state.entityType)
      throw badInput(M.eventWrongEntityType(name, String(state.entityType)), {
        statusChangingEvents: M.eventWrongEntityType(name, String(state.entityType)),
      });
  }
  if (statusChangingEvents.length > 0 && connectionId === initialConnectionOf(state)?.connectionId)
    throw badInput(M.initialStatusNoEvents, { statusChangingEvents: M.initialStatusNoEvents });
  const same =
    statusChangingEvents.length === connection.statusChangingEvents.length &&
    statusChangingEvents.every((name, i) => connection.statusChangingEvents[i] === name);
  if (same) return [];
  return [
    statusChangingEventsSetEvent.create({
      workflowId: state.workflowId,
      connectionId,
      statusId: connection.statusId,
      statusChangingEvents,
    }),
  ];
}

function setActions(
  state: WorkflowState,
  connectionId: number,
  actions: readonly ConnectionStatusActionData[],
): NewEvent[] {
  const connection = connectionOf(state, connectionId);
  const ids = new Set<number>();
  for (const action of actions) {
    const known = statusActionById(action.actionId);
    if (!known) throw badInput(M.unknownAction(action.actionId));
    if (known.type !== action.actionType) throw badInput(M.actionTypeMismatch(known.id, known.type));
    if (ids.has(action.actionId)) throw badInput(M.duplicateAction);
    ids.add(action.actionId);
  }
  if (JSON.stringify(actions) === JSON.stringify(connection.statusActions)) return [];
  return [
    connectionStatusActionsSetEvent.create({
      workflowId: state.workflowId,
      connectionId,
      statusId: connection.statusId,
      actions: actions.map((a) => ({ actionId: a.actionId, actionType: a.actionType, config: a.config })),
    }),
  ];
}

/** Pure: the events a workflow command leads to; throws the rule broken. */
export function decideWorkflow(command: WorkflowCommand, state: WorkflowState): NewEvent[] {
  if (command.type === 'CreateWorkflow') {
    if (state.status !== 'none') throw badInput('A workflow with this id exists');
    const { status, connectionId } = command.initial;
    if (status.entityType !== command.entityType) throw badInput(M.statusWrongEntityType(command.entityType));
    const [initialConnection] = placementsOf([
      {
        groupId: mainConnectionGroupId(command.entityType),
        parentGroupId: null,
        members: [{ connectionId, statusId: status.statusId }],
      },
    ]);
    return [
      workflowCreatedEvent.create({
        workflowId: command.workflowId,
        name: command.name,
        description: command.description,
        entityType: command.entityType,
        isDefault: command.isDefault,
        initialConnection,
        initialStatusShortCode: status.shortCode,
      }),
    ];
  }
  if (!isLiveWorkflow(state)) throw notFound(M.workflowNotFound);
  switch (command.type) {
    case 'UpdateWorkflow': {
      const name = command.name ?? state.name;
      const description = command.description ?? state.description;
      if (name === state.name && description === state.description) return [];
      return [workflowUpdatedEvent.create({ workflowId: state.workflowId, name, description })];
    }
    case 'DeleteWorkflow':
      if (state.isDefault) throw badInput(M.defaultWorkflowNotDeletable);
      if (command.inUse.length > 0) throw badInput(M.workflowInUse(command.inUse.join(', ')));
      return [workflowDeletedEvent.create({ workflowId: state.workflowId, name: state.name })];
    case 'AddWorkflowStatus':
      return addStatus(state, command);
    case 'MoveWorkflowStatus':
      return moveStatus(state, command.from, command.to);
    case 'DeleteWorkflowStatus':
      return deleteStatus(state, command.statusId, command.sortOrder);
    case 'SetStatusChangingEvents':
      return setEvents(state, command.connectionId, command.statusChangingEvents);
    case 'SetConnectionStatusActions':
      return setActions(state, command.connectionId, command.actions);
  }
}

export const workflowDecider: Decider<WorkflowState, WorkflowCommand> = {
  initialState: initialWorkflowState,
  evolve: evolveWorkflow,
  decide: decideWorkflow,
};
