import { Injectable, Optional } from '@nestjs/common';
import { SESSION_ENDED, type SessionEndedData } from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';
import { EndedSessionsCache } from './ended-sessions-cache';

export const ENDED_SESSIONS_PROJECTION = 'ended_sessions';

/** Logged-out sessions: inline, so a token is refused the moment logout returns. */
@Injectable()
@RegisterProjection()
export class EndedSessionsProjection implements Projection {
  readonly name = ENDED_SESSIONS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [SESSION_ENDED];
  readonly tables = [
    {
      name: 'ended_sessions',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (session_id text PRIMARY KEY, user_id integer NOT NULL, expires_at timestamptz NOT NULL)`,
      ],
    },
  ];

  constructor(@Optional() private readonly cache?: EndedSessionsCache) {}

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const d = event.data as SessionEndedData;
    await tx.query(
      `INSERT INTO ${tables.ended_sessions} (session_id, user_id, expires_at) VALUES ($1, $2, to_timestamp($3))
       ON CONFLICT (session_id) DO NOTHING`,
      [d.sessionId, d.userId, d.expiresAt],
    );
    // the processes' kept answers dropped (this one at once, the others at the commit)
    await this.cache?.changed(tx);
  }
}
