import { Injectable } from '@nestjs/common';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';
import { toEventLogRow } from './event-log-row';

export const EVENT_LOGS_PROJECTION = 'event_logs';

/** Every event, as the auditors' log: async, so appends never wait for it. */
@Injectable()
@RegisterProjection()
export class EventLogsProjection implements Projection {
  readonly name = EVENT_LOGS_PROJECTION;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = 'all' as const;
  readonly tables = [
    {
      name: 'event_logs',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          event_type text NOT NULL,
          object_type text NOT NULL,
          changed_by integer,
          impersonated_by integer,
          event_tstamp timestamptz NOT NULL,
          row_data jsonb NOT NULL,
          changed_object_id text NOT NULL,
          description text NOT NULL
        )`,
        `CREATE INDEX ON ${t} (changed_object_id, id)`,
        `CREATE INDEX ON ${t} (event_type, id)`,
        `CREATE INDEX ON ${t} (object_type, id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const row = toEventLogRow(event);
    await tx.query(
      `INSERT INTO ${tables.event_logs}
         (id, event_type, object_type, changed_by, impersonated_by, event_tstamp, row_data, changed_object_id, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
      [
        row.id,
        row.eventType,
        row.objectType,
        row.changedById,
        row.impersonatedById,
        row.eventTStamp,
        row.rowData,
        row.changedObjectId,
        row.description,
      ],
    );
  }
}
