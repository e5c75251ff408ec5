import { Injectable } from '@nestjs/common';
import {
  DOWNSTREAM_MESSAGE_FAILED,
  DOWNSTREAM_MESSAGE_PUBLISHED,
  type DownstreamMessageOutcomeData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const DOWNSTREAM_MESSAGES_PROJECTION = 'downstream_messages';

/** Pure: the text the list's search looks in. */
export const downstreamSearchTextOf = (d: DownstreamMessageOutcomeData): string =>
  [d.type, d.messageId, d.orderingKey, d.message, ...d.exchanges].join(' ').toLowerCase();

/**
 * The Downstream messages list (issue 31; ARCHITECTURE §4 "nothing owed is invisible"): one row per compatible
 * message owed on the `downstream` queue (the deletions, the feed) with its outcome, beside the status actions log
 * (which has the status actions' messages). Async: written by the workers' outcome events; what is owed and not
 * published yet comes from the owed jobs (DownstreamMessagesRepository).
 */
@Injectable()
@RegisterProjection()
export class DownstreamMessagesProjection implements Projection {
  readonly name = DOWNSTREAM_MESSAGES_PROJECTION;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [DOWNSTREAM_MESSAGE_PUBLISHED, DOWNSTREAM_MESSAGE_FAILED];
  readonly tables = [
    {
      name: 'downstream_messages',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          message_key text PRIMARY KEY,
          type text NOT NULL,
          message_id text NOT NULL,
          ordering_key text NOT NULL,
          exchanges text[] NOT NULL,
          published_to text[] NOT NULL,
          message text NOT NULL,
          successful boolean NOT NULL,
          tries integer NOT NULL,
          occurred_at timestamptz NOT NULL,
          tstamp timestamptz NOT NULL,
          search text NOT NULL
        )`,
        `CREATE INDEX ON ${t} (tstamp DESC, message_key DESC)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const d = event.data as DownstreamMessageOutcomeData;
    await tx.query(
      `INSERT INTO ${tables.downstream_messages} (message_key, type, message_id, ordering_key, exchanges,
         published_to, message, successful, tries, occurred_at, tstamp, search)
       VALUES ($1, $2, $3, $4, $5::text[], $6::text[], $7, $8, $9, $10, $11, $12)
       ON CONFLICT (message_key) DO NOTHING`,
      [
        d.messageKey,
        d.type,
        d.messageId,
        d.orderingKey,
        [...d.exchanges],
        [...d.publishedTo],
        d.message,
        event.type === DOWNSTREAM_MESSAGE_PUBLISHED,
        d.tries,
        d.occurredAt,
        d.timestamp,
        downstreamSearchTextOf(d),
      ],
    );
  }
}
