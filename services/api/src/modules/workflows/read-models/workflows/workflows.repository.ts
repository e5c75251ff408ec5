import { Inject, Injectable } from '@nestjs/common';
import {
  statusActionById,
  type ConnectionStatusActionData,
  type StatusActionType,
  type WorkflowType,
} from '@user-office/contracts';
import type { SqlClient, SqlExecutor } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type {
  ConnectionStatusActionModel,
  StatusModel,
  WorkflowConnectionGroupModel,
  WorkflowConnectionModel,
  WorkflowModel,
} from './workflow.model';

interface StatusRecord {
  status_id: number;
  short_code: string;
  name: string;
  description: string;
  entity_type: WorkflowType;
  is_default: boolean;
}

interface WorkflowRecord {
  workflow_id: number;
  name: string;
  description: string;
  entity_type: WorkflowType;
  is_default: boolean;
}

interface ConnectionRecord {
  connection_id: number;
  workflow_id: number;
  status_id: number;
  droppable_group_id: string;
  parent_droppable_group_id: string | null;
  sort_order: number;
  prev_status_id: number | null;
  next_status_id: number | null;
  status_changing_events: string[];
  status_actions: ConnectionStatusActionData[];
}

type ConnectionWithStatus = ConnectionRecord & { status: StatusRecord };

const STATUS_COLUMNS = 'status_id, short_code, name, description, entity_type, is_default';
const WORKFLOW_COLUMNS = 'workflow_id, name, description, entity_type, is_default';
const CONNECTION_QUERY = `
  SELECT c.connection_id, c.workflow_id, c.status_id, c.droppable_group_id, c.parent_droppable_group_id,
         c.sort_order, c.prev_status_id, c.next_status_id, c.status_changing_events, c.status_actions,
         row_to_json(s) AS status
  FROM workflow_connections c
  JOIN (SELECT ${STATUS_COLUMNS} FROM workflow_statuses) s ON s.status_id = c.status_id`;
const CONNECTION_ORDER = 'ORDER BY c.workflow_id, c.group_rank, c.sort_order';

const nullableInt = (value: number | null): number | null => (value === null ? null : Number(value));

const toStatus = (r: StatusRecord): StatusModel => ({
  id: Number(r.status_id),
  shortCode: r.short_code,
  name: r.name,
  description: r.description,
  isDefault: r.is_default,
  entityType: r.entity_type,
});

const toAction = (r: ConnectionRecord, a: ConnectionStatusActionData): ConnectionStatusActionModel => ({
  actionId: a.actionId,
  actionType: a.actionType as StatusActionType,
  name: statusActionById(a.actionId)?.name ?? String(a.actionType),
  config: a.config,
  connectionId: Number(r.connection_id),
  workflowId: Number(r.workflow_id),
});

const toConnection = (r: ConnectionWithStatus): WorkflowConnectionModel => ({
  id: Number(r.connection_id),
  sortOrder: Number(r.sort_order),
  workflowId: Number(r.workflow_id),
  statusId: Number(r.status_id),
  status: toStatus(r.status),
  nextStatusId: nullableInt(r.next_status_id),
  prevStatusId: nullableInt(r.prev_status_id),
  droppableGroupId: r.droppable_group_id,
  parentDroppableGroupId: r.parent_droppable_group_id,
  statusChangingEvents: r.status_changing_events,
  statusActions: r.status_actions.map((a) => toAction(r, a)),
});

/** Connections (already in group order) grouped: the main group first, then the branches. */
function groupsOf(connections: readonly WorkflowConnectionModel[]): WorkflowConnectionGroupModel[] {
  const groups = new Map<string, WorkflowConnectionGroupModel>();
  for (const c of connections) {
    let group = groups.get(c.droppableGroupId);
    if (!group) {
      group = { groupId: c.droppableGroupId, parentGroupId: c.parentDroppableGroupId, connections: [] };
      groups.set(c.droppableGroupId, group);
    }
    group.connections.push(c);
  }
  return [...groups.values()];
}

/**
 * The statuses and workflows read model, also what other modules use (calls pick a workflow, proposals show
 * their status, the workflow engine walks the connections).
 */
@Injectable()
export class WorkflowsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  // statuses

  /** Live statuses of one entity type (or all), by id. */
  async statuses(entityType: WorkflowType | null = null): Promise<StatusModel[]> {
    const result = await this.sql.query<StatusRecord>(
      `SELECT ${STATUS_COLUMNS} FROM workflow_statuses
       WHERE NOT deleted AND ($1::text IS NULL OR entity_type = $1) ORDER BY status_id`,
      [entityType],
    );
    return result.rows.map(toStatus);
  }

  /** A status; null when unknown, or deleted unless `includeDeleted`. */
  async status(statusId: number, options: { includeDeleted?: boolean } = {}): Promise<StatusModel | null> {
    const result = await this.sql.query<StatusRecord>(
      `SELECT ${STATUS_COLUMNS} FROM workflow_statuses WHERE status_id = $1 AND ($2 OR NOT deleted)`,
      [statusId, options.includeDeleted ?? false],
    );
    return result.rows.length === 0 ? null : toStatus(result.rows[0]);
  }

  /** The live statuses of these ids, in the order of `ids` (unknown ones left out). */
  async statusesByIds(ids: readonly number[]): Promise<StatusModel[]> {
    if (ids.length === 0) return [];
    const result = await this.sql.query<StatusRecord>(
      `SELECT ${STATUS_COLUMNS} FROM workflow_statuses WHERE status_id = ANY($1::int[]) AND NOT deleted`,
      [ids],
    );
    const byId = new Map(result.rows.map((r) => [Number(r.status_id), toStatus(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The live status of an entity type with this short code, or null. */
  async statusByShortCode(entityType: WorkflowType, shortCode: string): Promise<StatusModel | null> {
    const result = await this.sql.query<StatusRecord>(
      `SELECT ${STATUS_COLUMNS} FROM workflow_statuses
       WHERE entity_type = $1 AND short_code = $2 AND NOT deleted`,
      [entityType, shortCode],
    );
    return result.rows.length === 0 ? null : toStatus(result.rows[0]);
  }

  /** Whether any status was ever created (deleted ones count): when none was, the defaults are due. */
  async anyStatus(): Promise<boolean> {
    const result = await this.sql.query('SELECT 1 FROM workflow_statuses LIMIT 1');
    return result.rows.length > 0;
  }

  /** The names of the live workflows using a status. */
  async workflowsUsingStatus(statusId: number): Promise<string[]> {
    const result = await this.sql.query<{ name: string }>(
      `SELECT w.name FROM workflows w
       WHERE NOT w.deleted AND EXISTS (SELECT 1 FROM workflow_connections c WHERE c.workflow_id = w.workflow_id AND c.status_id = $1)
       ORDER BY w.workflow_id`,
      [statusId],
    );
    return result.rows.map((r) => r.name);
  }

  // workflows

  /** A workflow with its connection groups; null when unknown or deleted. */
  async workflow(workflowId: number, db: SqlExecutor = this.sql): Promise<WorkflowModel | null> {
    const result = await db.query<WorkflowRecord>(
      `SELECT ${WORKFLOW_COLUMNS} FROM workflows WHERE workflow_id = $1 AND NOT deleted`,
      [workflowId],
    );
    if (result.rows.length === 0) return null;
    return (await this.withGroups(result.rows, db))[0];
  }

  /** The live workflows of one entity type (or all), by id, with their connection groups. */
  async workflows(entityType: WorkflowType | null = null): Promise<WorkflowModel[]> {
    const result = await this.sql.query<WorkflowRecord>(
      `SELECT ${WORKFLOW_COLUMNS} FROM workflows
       WHERE NOT deleted AND ($1::text IS NULL OR entity_type = $1) ORDER BY workflow_id`,
      [entityType],
    );
    return this.withGroups(result.rows, this.sql);
  }

  /** Whether a workflow of this entity type was ever created (deleted ones count). */
  async anyWorkflow(entityType: WorkflowType): Promise<boolean> {
    const result = await this.sql.query('SELECT 1 FROM workflows WHERE entity_type = $1 LIMIT 1', [
      entityType,
    ]);
    return result.rows.length > 0;
  }

  /** The default workflow of an entity type (the first seeded one), or null. */
  async defaultWorkflowId(entityType: WorkflowType): Promise<number | null> {
    const result = await this.sql.query<{ workflow_id: number }>(
      `SELECT workflow_id FROM workflows WHERE is_default AND NOT deleted AND entity_type = $1
       ORDER BY workflow_id LIMIT 1`,
      [entityType],
    );
    return result.rows.length === 0 ? null : Number(result.rows[0].workflow_id);
  }

  /**
   * Every connection of a live workflow, flat (main group first, then the branches; by sort order), each with
   * its status, the events it waits for and its actions: what the engine needs to decide the next hop — from
   * status S the candidates are the connections whose `prevStatusId` is S.
   */
  async connections(workflowId: number, db: SqlExecutor = this.sql): Promise<WorkflowConnectionModel[]> {
    const result = await db.query<ConnectionWithStatus>(
      `${CONNECTION_QUERY}
       WHERE c.workflow_id = $1 AND EXISTS (SELECT 1 FROM workflows w WHERE w.workflow_id = c.workflow_id AND NOT w.deleted)
       ${CONNECTION_ORDER}`,
      [workflowId],
    );
    return result.rows.map(toConnection);
  }

  /** One connection (of a live workflow), or null. */
  async connection(connectionId: number): Promise<WorkflowConnectionModel | null> {
    const result = await this.sql.query<ConnectionWithStatus>(
      `${CONNECTION_QUERY}
       WHERE c.connection_id = $1 AND EXISTS (SELECT 1 FROM workflows w WHERE w.workflow_id = c.workflow_id AND NOT w.deleted)`,
      [connectionId],
    );
    return result.rows.length === 0 ? null : toConnection(result.rows[0]);
  }

  /** The initial status of a live workflow (the first of its main group: where proposals start), or null. */
  async initialStatus(workflowId: number): Promise<StatusModel | null> {
    const result = await this.sql.query<StatusRecord>(
      `SELECT s.status_id, s.short_code, s.name, s.description, s.entity_type, s.is_default
       FROM workflow_connections c
       JOIN workflow_statuses s ON s.status_id = c.status_id
       JOIN workflows w ON w.workflow_id = c.workflow_id AND NOT w.deleted
       WHERE c.workflow_id = $1 AND c.parent_droppable_group_id IS NULL AND c.sort_order = 0`,
      [workflowId],
    );
    return result.rows.length === 0 ? null : toStatus(result.rows[0]);
  }

  private async withGroups(rows: readonly WorkflowRecord[], db: SqlExecutor): Promise<WorkflowModel[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.workflow_id));
    const result = await db.query<ConnectionWithStatus>(
      `${CONNECTION_QUERY} WHERE c.workflow_id = ANY($1::int[]) ${CONNECTION_ORDER}`,
      [ids],
    );
    const byWorkflow = new Map<number, WorkflowConnectionModel[]>(ids.map((id) => [id, []]));
    for (const row of result.rows) byWorkflow.get(Number(row.workflow_id))?.push(toConnection(row));
    return rows.map((r) => ({
      id: Number(r.workflow_id),
      name: r.name,
      description: r.description,
      entityType: r.entity_type,
      isDefault: r.is_default,
      workflowConnectionGroups: groupsOf(byWorkflow.get(Number(r.workflow_id)) ?? []),
    }));
  }
}
