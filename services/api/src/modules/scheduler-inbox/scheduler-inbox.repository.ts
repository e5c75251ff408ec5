import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '../../platform/database/sql-client';
import { SQL_CLIENT } from '../../platform/tokens';

export const SCHEDULER_INBOX_TABLE = 'scheduler_inbox';

export interface InboxEntry {
  /** the AMQP timestamp of the latest message applied (null: the sender gave none) */
  lastTimestamp: number | null;
  /** the scheduler removed the time slot: later (late) messages of it change nothing */
  removed: boolean;
}

/**
 * What the consumer remembers of each scheduled event (working state, like the owed jobs): the time of the latest
 * message applied, so that a message older than it (delivered out of order) changes nothing, and whether the
 * slot was removed, so that a late message does not bring it back.
 */
@Injectable()
export class SchedulerInbox implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SCHEDULER_INBOX_TABLE]);
      await tx.query(`CREATE TABLE IF NOT EXISTS ${SCHEDULER_INBOX_TABLE} (
        scheduled_event_id text PRIMARY KEY, last_timestamp bigint, removed boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now())`);
    });
  }

  async entry(scheduledEventId: string): Promise<InboxEntry | null> {
    const result = await this.sql.query<{ last_timestamp: string | number | null; removed: boolean }>(
      `SELECT last_timestamp, removed FROM ${SCHEDULER_INBOX_TABLE} WHERE scheduled_event_id = $1`,
      [scheduledEventId],
    );
    const row = result.rows[0];
    if (!row) return null;
    return {
      lastTimestamp: row.last_timestamp === null ? null : Number(row.last_timestamp),
      removed: row.removed,
    };
  }

  async applied(scheduledEventId: string, timestamp: number | null, removed: boolean): Promise<void> {
    await this.sql.query(
      `INSERT INTO ${SCHEDULER_INBOX_TABLE} (scheduled_event_id, last_timestamp, removed) VALUES ($1, $2, $3)
       ON CONFLICT (scheduled_event_id) DO UPDATE SET
         last_timestamp = GREATEST(${SCHEDULER_INBOX_TABLE}.last_timestamp, EXCLUDED.last_timestamp),
         removed = ${SCHEDULER_INBOX_TABLE}.removed OR EXCLUDED.removed, updated_at = now()`,
      [scheduledEventId, timestamp, removed],
    );
  }
}
