import { Injectable } from '@nestjs/common';
import {
  CONNECTION_STATUS_ACTIONS_SET,
  STATUS_CHANGING_EVENTS_SET,
  STATUS_CREATED,
  STATUS_DELETED,
  STATUS_UPDATED,
  WORKFLOW_CREATED,
  WORKFLOW_DELETED,
  WORKFLOW_STATUS_ADDED,
  WORKFLOW_STATUS_DELETED,
  WORKFLOW_STATUS_MOVED,
  WORKFLOW_UPDATED,
  type ConnectionPlacement,
  type StatusStreamEvent,
  type WorkflowStreamEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const WORKFLOWS_PROJECTION = 'workflows';

type Tables = Readonly<Record<string, string>>;

/**
 * Statuses, workflows and their connections (place, prev/next, status-changing events, status actions);
 * inline, so a mutation returns the saved definition, and the unique index on live short codes (per entity
 * type) refuses a duplicate even when two officers race (the append rolls back). Deleted statuses and
 * workflows are kept, flagged (the mutation that deleted one returns it; an empty table means the defaults are
 * due); a deleted workflow's connections are removed.
 */
@Injectable()
@RegisterProjection()
export class WorkflowsProjection implements Projection {
  readonly name = WORKFLOWS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    STATUS_CREATED,
    STATUS_UPDATED,
    STATUS_DELETED,
    WORKFLOW_CREATED,
    WORKFLOW_UPDATED,
    WORKFLOW_DELETED,
    WORKFLOW_STATUS_ADDED,
    WORKFLOW_STATUS_MOVED,
    WORKFLOW_STATUS_DELETED,
    STATUS_CHANGING_EVENTS_SET,
    CONNECTION_STATUS_ACTIONS_SET,
  ];
  readonly tables = [
    {
      name: 'workflow_statuses',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          status_id integer PRIMARY KEY,
          short_code text NOT NULL,
          name text NOT NULL,
          description text NOT NULL,
          entity_type text NOT NULL,
          is_default boolean NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE UNIQUE INDEX ${t}_short_code ON ${t} (entity_type, short_code) WHERE NOT deleted`,
      ],
    },
    {
      name: 'workflows',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          workflow_id integer PRIMARY KEY,
          name text NOT NULL,
          description text NOT NULL,
          entity_type text NOT NULL,
          is_default boolean NOT NULL,
          deleted boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL
        )`,
        `CREATE INDEX ${t}_entity_type ON ${t} (entity_type)`,
      ],
    },
    {
      name: 'workflow_connections',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          connection_id integer PRIMARY KEY,
          workflow_id integer NOT NULL,
          status_id integer NOT NULL,
          droppable_group_id text NOT NULL,
          parent_droppable_group_id text,
          group_rank integer NOT NULL,
          sort_order integer NOT NULL,
          prev_status_id integer,
          next_status_id integer,
          status_changing_events jsonb NOT NULL DEFAULT '[]',
          status_actions jsonb NOT NULL DEFAULT '[]',
          UNIQUE (workflow_id, status_id)
        )`,
        `CREATE INDEX ${t}_workflow ON ${t} (workflow_id, group_rank, sort_order)`,
        `CREATE INDEX ${t}_status ON ${t} (status_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Tables): Promise<void> {
    const e = event as unknown as StatusStreamEvent | WorkflowStreamEvent;
    const statuses = tables.workflow_statuses;
    const connections = tables.workflow_connections;
    switch (e.type) {
      case STATUS_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${statuses} (status_id, short_code, name, description, entity_type, is_default)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [d.statusId, d.shortCode, d.name, d.description, d.entityType, d.isDefault],
        );
        return;
      }
      case STATUS_UPDATED:
        await tx.query(`UPDATE ${statuses} SET name = $2, description = $3 WHERE status_id = $1`, [
          e.data.statusId,
          e.data.name,
          e.data.description,
        ]);
        return;
      case STATUS_DELETED:
        await tx.query(`UPDATE ${statuses} SET deleted = true WHERE status_id = $1`, [e.data.statusId]);
        return;
      case WORKFLOW_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.workflows} (workflow_id, name, description, entity_type, is_default, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [d.workflowId, d.name, d.description, d.entityType, d.isDefault, event.createdAt],
        );
        await this.insertConnection(tx, connections, d.workflowId, d.initialConnection);
        return;
      }
      case WORKFLOW_UPDATED:
        await tx.query(`UPDATE ${tables.workflows} SET name = $2, description = $3 WHERE workflow_id = $1`, [
          e.data.workflowId,
          e.data.name,
          e.data.description,
        ]);
        return;
      case WORKFLOW_DELETED:
        await tx.query(`UPDATE ${tables.workflows} SET deleted = true WHERE workflow_id = $1`, [
          e.data.workflowId,
        ]);
        await tx.query(`DELETE FROM ${connections} WHERE workflow_id = $1`, [e.data.workflowId]);
        return;
      case WORKFLOW_STATUS_ADDED: {
        const d = e.data;
        const place = d.arrangement.find((p) => p.connectionId === d.connectionId);
        if (place) await this.insertConnection(tx, connections, d.workflowId, place);
        await this.arrange(tx, connections, d.workflowId, d.arrangement);
        return;
      }
      case WORKFLOW_STATUS_MOVED:
        await this.arrange(tx, connections, e.data.workflowId, e.data.arrangement);
        return;
      case WORKFLOW_STATUS_DELETED:
        await tx.query(`DELETE FROM ${connections} WHERE connection_id = $1`, [e.data.connectionId]);
        await this.arrange(tx, connections, e.data.workflowId, e.data.arrangement);
        return;
      case STATUS_CHANGING_EVENTS_SET:
        await tx.query(`UPDATE ${connections} SET status_changing_events = $2 WHERE connection_id = $1`, [
          e.data.connectionId,
          JSON.stringify(e.data.statusChangingEvents),
        ]);
        return;
      case CONNECTION_STATUS_ACTIONS_SET:
        await tx.query(`UPDATE ${connections} SET status_actions = $2 WHERE connection_id = $1`, [
          e.data.connectionId,
          JSON.stringify(e.data.actions),
        ]);
        return;
    }
  }

  private async insertConnection(
    tx: SqlExecutor,
    table: string,
    workflowId: number,
    p: ConnectionPlacement,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${table} (connection_id, workflow_id, status_id, droppable_group_id, parent_droppable_group_id,
         group_rank, sort_order, prev_status_id, next_status_id)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8)`,
      [
        p.connectionId,
        workflowId,
        p.statusId,
        p.droppableGroupId,
        p.parentDroppableGroupId,
        p.sortOrder,
        p.prevStatusId,
        p.nextStatusId,
      ],
    );
  }

  /** Places every connection of the workflow as the arrangement says (its order gives the groups' order). */
  private async arrange(
    tx: SqlExecutor,
    table: string,
    workflowId: number,
    arrangement: readonly ConnectionPlacement[],
  ): Promise<void> {
    const groupRank = new Map<string, number>();
    for (const p of arrangement)
      if (!groupRank.has(p.droppableGroupId)) groupRank.set(p.droppableGroupId, groupRank.size);
    const rows = arrangement.map((p) => ({ ...p, groupRank: groupRank.get(p.droppableGroupId) }));
    await tx.query(
      `UPDATE ${table} c SET droppable_group_id = a."droppableGroupId",
         parent_droppable_group_id = a."parentDroppableGroupId", group_rank = a."groupRank",
         sort_order = a."sortOrder", prev_status_id = a."prevStatusId", next_status_id = a."nextStatusId"
       FROM jsonb_to_recordset($2::jsonb) AS a("connectionId" integer, "droppableGroupId" text,
         "parentDroppableGroupId" text, "groupRank" integer, "sortOrder" integer, "prevStatusId" integer,
         "nextStatusId" integer)
       WHERE c.workflow_id = $1 AND c.connection_id = a."connectionId"`,
      [workflowId, JSON.stringify(rows)],
    );
  }
}
