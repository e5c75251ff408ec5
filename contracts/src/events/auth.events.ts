import type { Role } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

export const SESSION_STREAM = 'session';
export const sessionStreamId = (sessionId: string) => `${SESSION_STREAM}-${sessionId}`;

export interface SessionStartedData {
  sessionId: string;
  userId: number;
  currentRole: Role;
  /** the officer impersonating userId, when this session is an impersonation */
  impersonatingUserId: number | null;
  /** seconds since epoch */
  expiresAt: number;
  /** login, renewal, role switch, impersonation or its end */
  reason: 'login' | 'renewal' | 'role' | 'impersonation' | 'impersonation-ended';
}
export interface SessionEndedData {
  sessionId: string;
  userId: number;
  expiresAt: number;
}

export const SESSION_STARTED = 'SessionStarted';
export const SESSION_ENDED = 'SessionEnded';

export const AUTH_EVENTS = [
  defineEvent<SessionStartedData>(SESSION_STARTED, {
    stream: SESSION_STREAM,
    description: (d) =>
      d.reason === 'impersonation'
        ? `User ${d.impersonatingUserId} started impersonating user ${d.userId}`
        : d.reason === 'impersonation-ended'
          ? `User ${d.userId} ended an impersonation`
          : `User ${d.userId} session started (${d.reason}) as ${d.currentRole}`,
    changedObjectId: (d) => String(d.userId),
  }),
  defineEvent<SessionEndedData>(SESSION_ENDED, {
    stream: SESSION_STREAM,
    description: (d) => `User ${d.userId} logged out`,
    changedObjectId: (d) => String(d.userId),
  }),
];
registerEvents(...AUTH_EVENTS);
