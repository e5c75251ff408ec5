import { Inject, Injectable } from '@nestjs/common';
import { NotifiedCache } from '../../../../platform/cache/notified-cache';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** the channel the ended-sessions projection notifies when a session ends */
export const SESSIONS_ENDED_CHANNEL = 'uo_sessions_ended';

/**
 * Whether a session was ended (logout), kept between its requests: every request checks its token against the
 * ended sessions, a round trip of its own. Any session ended drops every entry (NotifiedCache: in this process at
 * once and again when logout returns, in the others at the commit by a NOTIFY); an entry is trusted 5 s at most
 * should a notification be missed.
 */
@Injectable()
export class EndedSessionsCache extends NotifiedCache {
  constructor(@Inject(SQL_CLIENT) sql: SqlClient) {
    super(sql, SESSIONS_ENDED_CHANNEL, 5_000, 10_000);
  }
}
