import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden } from '../../platform/errors/app-error';

/** Record-level rules of the users module. */
export const isOfficer = (session: SessionUser) => session.currentRole === Role.USER_OFFICER;

/** officers see everyone; others themselves */
export function assertMayReadUser(session: SessionUser, userId: number): void {
  if (!isOfficer(session) && session.id !== userId) throw forbidden('You may only see your own account');
}

/** officers edit everyone; users their own profile, except the e-mail that identifies them */
export function assertMayUpdateUser(session: SessionUser, userId: number, changes: { email?: string }): void {
  if (isOfficer(session)) return;
  if (session.id !== userId) throw forbidden('You may only change your own account');
  if (changes.email !== undefined) throw forbidden('Only the user office may change an e-mail address');
}

/** staff roles that pick users (reviewers, scientists, panels); applicants use previous collaborators and e-mail */
export const USER_LISTING_ROLES = [
  Role.USER_OFFICER,
  Role.INSTRUMENT_SCIENTIST,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
  Role.INTERNAL_REVIEWER,
  Role.EXPERIMENT_SAFETY_REVIEWER,
] as const;

/** who may invite a user in a role by e-mail: anyone may invite a USER (a co-proposer); other roles, officers */
export function assertMayInvite(session: SessionUser, role: Role): void {
  if (role !== Role.USER && !isOfficer(session))
    throw forbidden('Only the user office may invite users in that role');
}
