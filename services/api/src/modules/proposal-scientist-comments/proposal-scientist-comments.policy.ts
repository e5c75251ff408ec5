import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { forbidden } from '../../platform/errors/app-error';

/**
 * Who reads and writes proposal scientist comments (§6: "Manages proposal scientist comments (hidden from users
 * and safety reviewers)"): officers and instrument scientists. `caller` null is an API access token naming the
 * operation: it acts with an officer's rights.
 */
export const SCIENTIST_COMMENT_ROLES = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST] as const;

/**
 * Record level: whether the caller may read and write the scientist comment of a proposal: officers, and the
 * instrument scientists who may read the proposal (`mayRead` throws otherwise: the scientists of its instruments
 * and techniques and its technical reviews' assignees, the proposals module's reader rules).
 */
export async function assertMayCommentOn(
  caller: SessionUser | null,
  mayRead: (caller: SessionUser) => Promise<void>,
): Promise<void> {
  if (caller === null) return;
  if (!SCIENTIST_COMMENT_ROLES.includes(caller.currentRole as (typeof SCIENTIST_COMMENT_ROLES)[number])) {
    throw forbidden();
  }
  if (caller.currentRole === Role.INSTRUMENT_SCIENTIST) await mayRead(caller);
}
