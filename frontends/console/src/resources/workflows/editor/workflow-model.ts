import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type {
  ConsoleAddWorkflowStatusMutationVariables,
  ConsoleMoveWorkflowStatusMutationVariables,
  ConsoleWorkflowConnectionFragment,
  ConsoleWorkflowQuery,
} from '../../../gql/graphql';
import { FALLBACK_RABBITMQ_DEFAULTS, actionsSummaryOf, type RabbitMqDefaults } from './action-config';

export type WorkflowDetail = NonNullable<ConsoleWorkflowQuery['getWorkflow']>;
export type WorkflowConnection = ConsoleWorkflowConnectionFragment;

/** The data of a status node: its connection in the workflow. */
export interface StatusNodeData extends Record<string, unknown> {
  connection: WorkflowConnection;
  isInitial: boolean;
}

export type StatusNode = Node<StatusNodeData, 'status'>;
export type ConnectionEdge = Edge<{ connection: WorkflowConnection }>;

export const COLUMN_WIDTH = 420;
export const ROW_HEIGHT = 140;

/** The node id of a status in the workflow (a status is in a workflow once). */
export const nodeIdOf = (statusId: number) => `status-${statusId}`;
/** The status id of a node id. */
export const statusIdOf = (nodeId: string) => Number(nodeId.replace(/^status-/, ''));

/** Every connection of the workflow, main group first. */
export const connectionsOf = (workflow: WorkflowDetail): WorkflowConnection[] =>
  workflow.workflowConnectionGroups.flatMap((g) => g.connections);

/** The connection of a status in the workflow. */
export const connectionOfStatus = (workflow: WorkflowDetail, statusId: number) =>
  connectionsOf(workflow).find((c) => c.statusId === statusId);

const groupOf = (workflow: WorkflowDetail, groupId: string) =>
  workflow.workflowConnectionGroups.find((g) => g.groupId === groupId);

const ordered = (connections: readonly WorkflowConnection[]) =>
  [...connections].sort((a, b) => a.sortOrder - b.sortOrder);

/** The initial status's connection: the first of the main group. */
export const initialConnectionOf = (workflow: WorkflowDetail): WorkflowConnection | undefined =>
  ordered(workflow.workflowConnectionGroups.find((g) => g.parentGroupId === null)?.connections ?? [])[0];

/**
 * An edge's label: the connection's status-changing events, then its actions in short (a RabbitMQ action with its
 * profile and exchanges, the defaults filled in: "RabbitMQ (compatible): user_office_backend.fanout").
 */
export function edgeLabelOf(
  connection: WorkflowConnection,
  defaults: RabbitMqDefaults = FALLBACK_RABBITMQ_DEFAULTS,
): string | undefined {
  const parts = [
    ...(connection.statusChangingEvents.length > 0 ? [connection.statusChangingEvents.join(' + ')] : []),
    ...actionsSummaryOf(connection, defaults),
  ];
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/**
 * The graph of a workflow laid out from the server's arrangement: one row per connection group (main group first,
 * then the branches), statuses left to right by sort order, a branch starting one column after its parent group's
 * last status. Edges go from the previous status to each connection's status (a branch's first status hangs from
 * its parent group's last); an edge stands for the connection it leads to.
 */
export function graphOf(workflow: WorkflowDetail): { nodes: StatusNode[]; edges: ConnectionEdge[] } {
  const initial = initialConnectionOf(workflow);
  const endColumn = new Map<string, number>();
  const nodes: StatusNode[] = [];
  workflow.workflowConnectionGroups.forEach((group, row) => {
    const start = group.parentGroupId === null ? 0 : (endColumn.get(group.parentGroupId) ?? 0) + 1;
    const members = ordered(group.connections);
    members.forEach((connection, index) =>
      nodes.push({
        id: nodeIdOf(connection.statusId),
        type: 'status',
        position: { x: (start + index) * COLUMN_WIDTH, y: row * ROW_HEIGHT },
        data: { connection, isInitial: connection.id === initial?.id },
        deletable: connection.id !== initial?.id,
      }),
    );
    endColumn.set(group.groupId, start + Math.max(members.length - 1, 0));
  });
  const edges: ConnectionEdge[] = connectionsOf(workflow)
    .filter((c) => c.prevStatusId !== null && c.prevStatusId !== undefined)
    .map((c) => ({
      id: `connection-${c.id}`,
      source: nodeIdOf(c.prevStatusId as number),
      target: nodeIdOf(c.statusId),
      label: edgeLabelOf(c),
      deletable: false,
      markerEnd: { type: MarkerType.ArrowClosed },
      data: { connection: c },
      ariaLabel: `Connection to ${c.status.name}`,
    }));
  return { nodes, edges };
}

export const NODE_WIDTH = 180;
export const NODE_HEIGHT = 60;

const sizeOf = (node: StatusNode) => ({
  width: node.measured?.width ?? NODE_WIDTH,
  height: node.measured?.height ?? NODE_HEIGHT,
});

/** The status node under a point of the canvas (flow coordinates), if any. */
export function nodeAt(
  nodes: readonly StatusNode[],
  point: { x: number; y: number },
): StatusNode | undefined {
  return nodes.find((n) => {
    const { width, height } = sizeOf(n);
    return (
      point.x >= n.position.x &&
      point.x <= n.position.x + width &&
      point.y >= n.position.y &&
      point.y <= n.position.y + height
    );
  });
}

/** The other status node a dragged node was dropped onto: the one under its centre. */
export function nodeUnder(nodes: readonly StatusNode[], dragged: StatusNode): StatusNode | undefined {
  const { width, height } = sizeOf(dragged);
  const centre = { x: dragged.position.x + width / 2, y: dragged.position.y + height / 2 };
  return nodeAt(
    nodes.filter((n) => n.id !== dragged.id),
    centre,
  );
}

/** A group id not used in the workflow (letters, digits, underscore and hyphen). */
export function newGroupId(workflow: WorkflowDetail): string {
  const used = new Set(workflow.workflowConnectionGroups.map((g) => g.groupId));
  let n = workflow.workflowConnectionGroups.length;
  while (used.has(`workflow${workflow.id}_branch${n}`)) n += 1;
  return `workflow${workflow.id}_branch${n}`;
}

/**
 * addWorkflowStatus for a status dropped after `afterStatusId` (or, without it, at the end of the main group).
 * Dropped on a status, it comes right after it in its group; with `branch`, it starts a new branch from the end
 * of that status's group.
 */
export function addStatusCommand(
  workflow: WorkflowDetail,
  statusId: number,
  afterStatusId: number | null,
  branch = false,
): ConsoleAddWorkflowStatusMutationVariables | null {
  const main = workflow.workflowConnectionGroups.find((g) => g.parentGroupId === null);
  const after =
    afterStatusId !== null
      ? connectionOfStatus(workflow, afterStatusId)
      : main && ordered(main.connections).at(-1);
  if (!after) return null;
  if (branch) {
    const group = ordered(groupOf(workflow, after.droppableGroupId)?.connections ?? []);
    return {
      workflowId: workflow.id,
      statusId,
      sortOrder: 0,
      droppableGroupId: newGroupId(workflow),
      parentDroppableGroupId: after.droppableGroupId,
      prevStatusId: group.at(-1)?.statusId ?? after.statusId,
      nextStatusId: null,
    };
  }
  return {
    workflowId: workflow.id,
    statusId,
    sortOrder: after.sortOrder + 1,
    droppableGroupId: after.droppableGroupId,
    parentDroppableGroupId: null,
    prevStatusId: after.statusId,
    nextStatusId: after.nextStatusId ?? null,
  };
}

/**
 * moveWorkflowStatus for a connection drawn from `sourceStatusId` to `targetStatusId`: the target status moves to
 * right after the source in the source's group. Null when nothing would change or the target is the initial status.
 */
export function connectCommand(
  workflow: WorkflowDetail,
  sourceStatusId: number,
  targetStatusId: number,
): ConsoleMoveWorkflowStatusMutationVariables | null {
  const source = connectionOfStatus(workflow, sourceStatusId);
  const target = connectionOfStatus(workflow, targetStatusId);
  if (!source || !target || source.id === target.id) return null;
  if (target.id === initialConnectionOf(workflow)?.id) return null;
  if (target.prevStatusId === source.statusId) return null;
  const sameGroup = source.droppableGroupId === target.droppableGroupId;
  const index = sameGroup && target.sortOrder < source.sortOrder ? source.sortOrder : source.sortOrder + 1;
  return {
    workflowId: workflow.id,
    from: { droppableId: target.droppableGroupId, index: target.sortOrder },
    to: { droppableId: source.droppableGroupId, index },
  };
}
