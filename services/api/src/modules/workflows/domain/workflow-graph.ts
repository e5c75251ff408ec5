import type { ConnectionPlacement } from '@user-office/contracts';

/** A connection group (§3 Workflow "connection groups"): the statuses of one line, in order. */
export interface ConnectionGroup {
  groupId: string;
  /** null for the main group (the one starting with the initial status) */
  parentGroupId: string | null;
  /** in order */
  members: GroupMember[];
}

export interface GroupMember {
  connectionId: number;
  statusId: number;
}

/**
 * The groups of a workflow's connections: the main group first, then the branches in the order they were
 * started (by their oldest connection); members by sort order.
 */
export function groupsOf(connections: readonly ConnectionPlacement[]): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup & { oldest: number }>();
  for (const c of [...connections].sort((a, b) => a.sortOrder - b.sortOrder)) {
    let group = groups.get(c.droppableGroupId);
    if (!group) {
      group = {
        groupId: c.droppableGroupId,
        parentGroupId: c.parentDroppableGroupId,
        members: [],
        oldest: c.connectionId,
      };
      groups.set(c.droppableGroupId, group);
    }
    group.oldest = Math.min(group.oldest, c.connectionId);
    group.members.push({ connectionId: c.connectionId, statusId: c.statusId });
  }
  return [...groups.values()]
    .sort(
      (a, b) => Number(a.parentGroupId !== null) - Number(b.parentGroupId !== null) || a.oldest - b.oldest,
    )
    .map(({ groupId, parentGroupId, members }) => ({ groupId, parentGroupId, members }));
}

/**
 * Where every connection sits once the groups are as given: sort orders 0…n-1 in each group; the previous
 * status is the one before in the group, or for a branch's first connection the last status of its parent
 * group; the next status is the one after in the group (null at a group's end). Empty groups disappear.
 */
export function placementsOf(groups: readonly ConnectionGroup[]): ConnectionPlacement[] {
  const lastStatus = new Map(
    groups
      .filter((g) => g.members.length > 0)
      .map((g) => [g.groupId, g.members[g.members.length - 1].statusId]),
  );
  return groups.flatMap((group) =>
    group.members.map((member, index) => ({
      connectionId: member.connectionId,
      statusId: member.statusId,
      droppableGroupId: group.groupId,
      parentDroppableGroupId: group.parentGroupId,
      sortOrder: index,
      prevStatusId:
        index > 0
          ? group.members[index - 1].statusId
          : group.parentGroupId === null
            ? null
            : (lastStatus.get(group.parentGroupId) ?? null),
      nextStatusId: index < group.members.length - 1 ? group.members[index + 1].statusId : null,
    })),
  );
}

/** Copies of the groups (to change them without touching the state). */
export const cloneGroups = (groups: readonly ConnectionGroup[]): ConnectionGroup[] =>
  groups.map((g) => ({ ...g, members: [...g.members] }));

/** Whether other groups branch from this one. */
export const hasBranches = (groups: readonly ConnectionGroup[], groupId: string): boolean =>
  groups.some((g) => g.parentGroupId === groupId);
