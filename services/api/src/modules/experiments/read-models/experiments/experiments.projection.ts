import { Injectable } from '@nestjs/common';
import {
  EXPERIMENT_CREATED,
  EXPERIMENT_DELETED,
  EXPERIMENT_UPDATED,
  EXPERIMENT_WORKFLOW_STATUS_CHANGED,
  type ExperimentCreatedData,
  type ExperimentWorkflowStatusChangedData,
  type ExperimentDeletedData,
  type ExperimentUpdatedData,
  experimentMessages,
} from '@user-office/contracts';
import { badInput } from '../../../../platform/errors/app-error';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const EXPERIMENTS_PROJECTION = 'experiments';

/**
 * Experiments with their times, for the staff list, the user's list, the overlap rule and the scheduler's
 * lookup by event id; inline, so a mutation returns what it saved and the next command sees it. Staff saves are
 * checked for overlaps again in the append's transaction (`refuseOverlap`). A live
 * experiment's scheduler event id is unique: two concurrent creates of one scheduled event cannot both land
 * (the second append's transaction fails and is decided again, as an update of the first).
 */
@Injectable()
@RegisterProjection()
export class ExperimentsProjection implements Projection {
  readonly name = EXPERIMENTS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    EXPERIMENT_CREATED,
    EXPERIMENT_UPDATED,
    EXPERIMENT_DELETED,
    EXPERIMENT_WORKFLOW_STATUS_CHANGED,
  ];
  readonly tables = [
    {
      name: 'experiments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          experiment_pk integer PRIMARY KEY,
          experiment_id text NOT NULL,
          proposal_pk integer NOT NULL,
          call_id integer NOT NULL,
          instrument_id integer NOT NULL,
          starts_at timestamptz NOT NULL,
          ends_at timestamptz NOT NULL,
          local_contact_id integer,
          status text NOT NULL,
          scheduled_event_id text,
          workflow_id integer,
          workflow_status_id integer,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE UNIQUE INDEX ON ${t} (scheduled_event_id) WHERE scheduled_event_id IS NOT NULL AND NOT deleted`,
        `CREATE INDEX ON ${t} (instrument_id, starts_at) WHERE NOT deleted`,
        `CREATE INDEX ON ${t} (proposal_pk) WHERE NOT deleted`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables.experiments;
    const when = event.createdAt.toISOString();
    if (event.type === EXPERIMENT_DELETED) {
      const d = event.data as ExperimentDeletedData;
      await tx.query(`UPDATE ${table} SET deleted = true, updated_at = $2 WHERE experiment_pk = $1`, [
        d.experimentPk,
        when,
      ]);
      return;
    }
    if (event.type === EXPERIMENT_WORKFLOW_STATUS_CHANGED) {
      const d = event.data as ExperimentWorkflowStatusChangedData;
      await tx.query(
        `UPDATE ${table} SET workflow_status_id = $2, updated_at = $3 WHERE experiment_pk = $1`,
        [d.experimentPk, d.statusId, when],
      );
      return;
    }
    const d = event.data as ExperimentCreatedData & ExperimentUpdatedData;
    await tx.query(
      `INSERT INTO ${table} (experiment_pk, experiment_id, proposal_pk, call_id, instrument_id, starts_at, ends_at,
         local_contact_id, status, scheduled_event_id, workflow_id, workflow_status_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $12, $13, $11, $11)
       ON CONFLICT (experiment_pk) DO UPDATE SET instrument_id = excluded.instrument_id,
         starts_at = excluded.starts_at, ends_at = excluded.ends_at, local_contact_id = excluded.local_contact_id,
         status = excluded.status, updated_at = excluded.updated_at`,
      [
        d.experimentPk,
        d.experimentId,
        d.proposalPk,
        d.callId,
        d.instrumentId,
        d.startsAt,
        d.endsAt,
        d.localContactId,
        d.status,
        d.scheduledEventId,
        when,
        d.workflowId ?? null,
        d.workflowStatusId ?? null,
      ],
    );
    if (d.overlapChecked) await refuseOverlap(tx, table, d);
  }
}

/**
 * A staff save is checked for overlaps before it is appended, against this table; two concurrent saves could both
 * pass that check. Checked again here, in the append's transaction: appends hold the event store's append lock
 * (one transaction at a time, in commit order), so the rows of every earlier save are visible and the later of
 * two overlapping saves throws the overlap refusal, which rolls its append back (nothing lands).
 */
async function refuseOverlap(tx: SqlExecutor, table: string, d: ExperimentCreatedData): Promise<void> {
  const hit = await tx.query<{ experiment_id: string; starts_at: Date | string; ends_at: Date | string }>(
    `SELECT experiment_id, starts_at, ends_at FROM ${table}
      WHERE instrument_id = $1 AND NOT deleted AND experiment_pk <> $2 AND starts_at < $4 AND ends_at > $3
      ORDER BY starts_at LIMIT 1`,
    [d.instrumentId, d.experimentPk, d.startsAt, d.endsAt],
  );
  const other = hit.rows[0];
  if (other)
    throw badInput(
      experimentMessages.overlaps(
        other.experiment_id,
        new Date(other.starts_at).toISOString(),
        new Date(other.ends_at).toISOString(),
      ),
    );
}
