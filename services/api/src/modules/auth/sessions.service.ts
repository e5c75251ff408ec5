import { Inject, Injectable } from '@nestjs/common';
import {
  Role,
  SESSION_ENDED,
  SESSION_STARTED,
  sessionStreamId,
  type SessionEndedData,
  type SessionStartedData,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { TokenService } from '../../platform/auth/token.service';
import { RequestContext } from '../../platform/context/request-context';
import { EventSourcing } from '../../platform/cqrs/event-sourcing';
import type { SqlClient } from '../../platform/database/sql-client';
import { SQL_CLIENT } from '../../platform/tokens';
import { EndedSessionsCache } from './read-models/sessions/ended-sessions-cache';

export interface SessionSubject {
  id: number;
  roles: Role[];
}

/** Issues session tokens (each one a SessionStarted event) and ends them (SessionEnded, checked on every request). */
@Injectable()
export class SessionsService {
  constructor(
    private readonly tokens: TokenService,
    private readonly events: EventSourcing,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly ended: EndedSessionsCache,
  ) {}

  async start(
    user: SessionSubject,
    currentRole: Role,
    impersonatingUserId: number | null,
    reason: SessionStartedData['reason'],
  ): Promise<string> {
    const token = this.tokens.sign({
      id: user.id,
      roles: user.roles,
      currentRole,
      // staff roles work inside the facility; applicants are external
      isInternalUser: user.roles.some((r) => r !== Role.USER),
      impersonatingUserId,
    });
    const session = this.tokens.verify(token);
    const data: SessionStartedData = {
      sessionId: session.sessionId,
      userId: user.id,
      currentRole,
      impersonatingUserId,
      expiresAt: session.expiresAt,
      reason,
    };
    // a login has no actor yet: the user logging in is the one acting
    if (RequestContext.current()?.actorId == null) RequestContext.setActor(user.id, impersonatingUserId);
    await this.events.append(
      sessionStreamId(session.sessionId),
      [{ type: SESSION_STARTED, data }],
      'no_stream',
    );
    return token;
  }

  async end(session: SessionUser): Promise<void> {
    if (await this.isEnded(session.sessionId)) return;
    const data: SessionEndedData = {
      sessionId: session.sessionId,
      userId: session.id,
      expiresAt: session.expiresAt,
    };
    if (RequestContext.current()?.actorId == null)
      RequestContext.setActor(session.id, session.impersonatingUserId);
    await this.events.append(sessionStreamId(session.sessionId), [{ type: SESSION_ENDED, data }], 'any');
    // a check of this session read between the projection's drop and the commit is not kept: refused from now on
    this.ended.invalidate();
  }

  /** whether the session was ended (every request asks: its answer is kept until any session ends) */
  isEnded(sessionId: string): Promise<boolean> {
    return this.ended.get(sessionId, async () => {
      const r = await this.sql.query('SELECT 1 FROM ended_sessions WHERE session_id = $1', [sessionId]);
      return r.rows.length > 0;
    });
  }
}
