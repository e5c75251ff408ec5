/**
 * The workflow engine's pure step, shared by the proposal and the experiment deciders: which connection an
 * entity (proposal or experiment) moves along next, given the status-changing events that happened since it
 * entered its current status.
 */

/** A connection of a workflow, as the engine needs it. */
export interface WorkflowStep {
  connectionId: number;
  sortOrder: number;
  prevStatusId: number | null;
  statusId: number;
  statusChangingEvents: readonly string[];
}

/** Where an entity is on its workflow. */
export interface WorkflowPosition {
  statusId: number;
  /** the status-changing events (names) that happened since it entered `statusId` */
  eventsSinceStatus: readonly string[];
}

/** The most hops one decision takes (a workflow looping on events that are always there must not spin). */
export const MAX_WORKFLOW_HOPS = 20;

/**
 * The connection out of the current status whose status-changing events all happened (the first by sort order,
 * then id), or undefined when the entity stays.
 */
export function nextWorkflowStep(
  connections: readonly WorkflowStep[],
  position: WorkflowPosition,
): WorkflowStep | undefined {
  return connections
    .filter(
      (c) =>
        c.prevStatusId === position.statusId &&
        c.statusChangingEvents.length > 0 &&
        c.statusChangingEvents.every((name) => position.eventsSinceStatus.includes(name)),
    )
    .sort((a, b) => a.sortOrder - b.sortOrder || a.connectionId - b.connectionId)[0];
}
