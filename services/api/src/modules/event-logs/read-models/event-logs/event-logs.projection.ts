import { Injectable } from '@nestjs/common';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';
import { describeEventLogRow } from './event-log-row';

export const EVENT_LOGS_PROJECTION = 'event_logs';

/** Every event, as the auditors' log: async, so appends never wait for it. */
@Injectable()
@RegisterProjection()
export class EventLogsProjection implements Projection {
  readonly name = EVENT_LOGS_PROJECTION;
  readonly version = 2; // 2: object_type from the catalogue (fap-review, technical-review, …), proposal_pk
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
          description text NOT NULL,
          proposal_pk integer
        )`,
        `CREATE INDEX ON ${t} (changed_object_id, id)`,
        `CREATE INDEX ON ${t} (event_type, id)`,
        `CREATE INDEX ON ${t} (object_type, id)`,
        `CREATE INDEX ON ${t} (proposal_pk, id) WHERE proposal_pk IS NOT NULL`,
      ],
    },
  ];

  apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    return this.applyBatch(tx, [event], tables);
  }

  /** one multi-row insert per batch: rebuilds and catch-up run at tens of thousands of events per second */
  async applyBatch(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    const { text, params } = this.batchInsert(events, tables, 'true');
    await tx.query(text, params);
  }

  /**
   * The batch's rows in one insert (the projector's fast path: with its checkpoint's move, one statement). The rows
   * go as one JSON document (each event's data in it as it is), not ten arrays whose every element `pg` escapes.
   */
  batchInsert(
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
    guard: string,
  ): { text: string; params: unknown[] } {
    const rows = events.map((event) => {
      const r = describeEventLogRow(event);
      return [
        r.id,
        r.eventType,
        r.objectType,
        r.changedById,
        r.impersonatedById,
        r.eventTStamp.toISOString(),
        event.data ?? null,
        r.changedObjectId,
        r.description,
        r.proposalPk,
      ];
    });
    return {
      text: `INSERT INTO ${tables.event_logs}
         (id, event_type, object_type, changed_by, impersonated_by, event_tstamp, row_data, changed_object_id, description,
          proposal_pk)
       SELECT (r->>0)::bigint, r->>1, r->>2, (r->>3)::int, (r->>4)::int, (r->>5)::timestamptz, r->6, r->>7, r->>8,
              (r->>9)::int
         FROM jsonb_array_elements($1::jsonb) AS r
        WHERE ${guard}`,
      params: [JSON.stringify(rows)],
    };
  }
}
