import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { Actor } from './domain/proposal.decide';
import type { ProposalModel } from './read-models/proposals/proposal.model';

/**
 * Record-level rules of the management decision (§6). The GraphQL policies let officers (and API access tokens
 * naming the operation) call administrationProposal and notifyProposal; these rules are what the decider is told.
 * `caller` null is an API access token: the guard let it through because the token names the operation, so it
 * acts with an officer's rights (as for files).
 */

/** Who acts on the management decision: the caller, or for an API access token the system with officer rights. */
export const decisionActor = (caller: SessionUser | null): Actor =>
  caller === null
    ? { id: 0, isOfficer: true }
    : { id: caller.id, isOfficer: caller.currentRole === Role.USER_OFFICER };

/** §6: the user officer "Edits Administration" (no other role is named; FAP chairs may follow with FAPs). */
export const mayAdminister = (caller: SessionUser | null): boolean => decisionActor(caller).isOfficer;

/**
 * The comment for management is for staff: officers always; any other role but USER and EXPERIMENT_SAFETY_REVIEWER
 * when not a proposer of the proposal (reading the proposal at all is ProposalReaders'). The proposers (PI,
 * co-proposers) never see it.
 */
export function maySeeCommentForManagement(caller: SessionUser | null, proposal: ProposalModel): boolean {
  if (caller === null || caller.currentRole === Role.USER_OFFICER) return true;
  // the proposers never; a safety reviewer reads only the proposal's safety part (§6 "Experiment Safety only")
  if (caller.currentRole === Role.USER || caller.currentRole === Role.EXPERIMENT_SAFETY_REVIEWER)
    return false;
  return proposal.proposerId !== caller.id && !proposal.userIds.includes(caller.id);
}
