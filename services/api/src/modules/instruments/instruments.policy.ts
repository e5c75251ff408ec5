import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';

/** §6 instrument list: these roles use all instruments; the others only those they manage or work on. */
export const ROLES_SEEING_ALL_INSTRUMENTS: readonly Role[] = [
  Role.USER_OFFICER,
  Role.FAP_REVIEWER,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
  Role.USER,
];

/**
 * null: the caller sees every instrument (one of the roles above, or an API access token allowed the
 * operation); otherwise the user whose own instruments (managed or as a scientist) the caller sees.
 */
export function instrumentsRestrictedTo(session: SessionUser | null): number | null {
  if (session === null || ROLES_SEEING_ALL_INSTRUMENTS.includes(session.currentRole)) return null;
  return session.id;
}

/** The roles that read techniques (staff). */
export const TECHNIQUE_READERS = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST] as const;
