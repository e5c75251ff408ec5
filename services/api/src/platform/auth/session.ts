import type { Role } from '@user-office/contracts';

/** The verified session behind a request (the spec's Session, §3). */
export interface SessionUser {
  id: number;
  roles: Role[];
  currentRole: Role;
  isInternalUser: boolean;
  /** the officer impersonating this user, when impersonating */
  impersonatingUserId: number | null;
  /** the session's id (JWT id): logout revokes it */
  sessionId: string;
  /** seconds since epoch */
  issuedAt: number;
  expiresAt: number;
}

export type SessionInput = Omit<SessionUser, 'issuedAt' | 'expiresAt' | 'sessionId'>;
