import { Injectable } from '@nestjs/common';
import {
  PREDEFINED_MESSAGE_CREATED,
  PREDEFINED_MESSAGE_DELETED,
  PREDEFINED_MESSAGE_UPDATED,
  type PredefinedMessageCreatedData,
  type PredefinedMessageDeletedData,
  type PredefinedMessageUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const PREDEFINED_MESSAGES_PROJECTION = 'predefined_messages';

/**
 * Predefined messages with who changed them last and when; inline, so a mutation returns the saved message.
 * A deleted message keeps its row (marked deleted, with who deleted it) so that the delete can return it.
 */
@Injectable()
@RegisterProjection()
export class PredefinedMessagesProjection implements Projection {
  readonly name = PREDEFINED_MESSAGES_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [PREDEFINED_MESSAGE_CREATED, PREDEFINED_MESSAGE_UPDATED, PREDEFINED_MESSAGE_DELETED];
  readonly tables = [
    {
      name: 'predefined_messages',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          title text NOT NULL,
          message text NOT NULL,
          key text NOT NULL,
          last_modified_by integer,
          date_modified timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (key, title) WHERE NOT deleted`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables.predefined_messages;
    const who = event.metadata.actorId ?? null;
    const when = event.createdAt.toISOString();
    if (event.type === PREDEFINED_MESSAGE_DELETED) {
      const data = event.data as PredefinedMessageDeletedData;
      await tx.query(
        `UPDATE ${table} SET deleted = true, last_modified_by = $2, date_modified = $3 WHERE id = $1`,
        [data.id, who, when],
      );
      return;
    }
    const data = event.data as PredefinedMessageCreatedData | PredefinedMessageUpdatedData;
    await tx.query(
      `INSERT INTO ${table} (id, title, message, key, last_modified_by, date_modified) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET title = excluded.title, message = excluded.message, key = excluded.key,
         last_modified_by = excluded.last_modified_by, date_modified = excluded.date_modified`,
      [data.id, data.title, data.message, data.key, who, when],
    );
  }
}
