import { Injectable } from '@nestjs/common';
import {
  EmailStatusActionRecipients,
  Role,
  SettingsId,
  type StatusActionEmailRecipient,
} from '@user-office/contracts';
import type { ProposalModel } from '../../proposals';
import { SettingsRepository } from '../../settings';
import { FapsRepository } from '../../faps';
import { ProposalStaff } from '../../technical-reviews';
import { UsersService, type UserRecord } from '../../users';
import type { RecipientResolution } from '../domain/plan-status-action-jobs';

/** Groups whose people the system does not know yet. */
const NOT_MODELLED: Partial<Record<EmailStatusActionRecipients, string>> = {};

const nobody = (group: EmailStatusActionRecipients, why: string): RecipientResolution => ({
  to: [],
  unresolved: `Recipients ${group} resolve to nobody: ${why}`,
});

const userRecipient = (u: UserRecord): StatusActionEmailRecipient => ({
  email: u.email,
  userId: u.id,
  firstname: u.preferredname || u.firstname,
  lastname: u.lastname,
});

const addressRecipient = (email: string, firstname = '', lastname = ''): StatusActionEmailRecipient => ({
  email,
  userId: null,
  firstname,
  lastname,
});

/**
 * Who a recipient group of an e-mail action is for a proposal (§3 "Status action recipient groups"): PI = the
 * proposer, CO_PROPOSERS = the proposal's users, USER_OFFICE = the USER_OFFICE_EMAIL setting,
 * EXPERIMENT_SAFETY_REVIEWERS = the safety reviewers and the EXPERIMENT_SAFETY_REVIEW_EMAIL setting (when set),
 * INSTRUMENT_SCIENTISTS = the managers and scientists of the proposal's instruments, TECHNIQUE_SCIENTISTS = the
 * scientists of its techniques, FAP_REVIEWERS = the reviewers of its FAP reviews, FAP_CHAIR_AND_SECRETARY = the
 * chairs and secretaries of its FAPs. A group that finds nobody resolves to nobody, and says so (the log shows it).
 * OTHER is the action's own list (see planStatusActionJobs).
 */
@Injectable()
export class RecipientsResolver {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsRepository,
    private readonly staff: ProposalStaff,
    private readonly faps: FapsRepository,
  ) {}

  async resolve(
    groups: Iterable<EmailStatusActionRecipients>,
    proposal: ProposalModel,
  ): Promise<Map<EmailStatusActionRecipients, RecipientResolution>> {
    const resolved = new Map<EmailStatusActionRecipients, RecipientResolution>();
    for (const group of new Set(groups)) resolved.set(group, await this.resolveOne(group, proposal));
    return resolved;
  }

  private async resolveOne(
    group: EmailStatusActionRecipients,
    proposal: ProposalModel,
  ): Promise<RecipientResolution> {
    const setting = async (id: SettingsId) => (await this.settings.setting(id)).settingsValue.trim();
    switch (group) {
      case EmailStatusActionRecipients.PI: {
        const pi = await this.users.byId(proposal.proposerId);
        return pi
          ? { to: [userRecipient(pi)], unresolved: null }
          : nobody(group, `user ${proposal.proposerId} does not exist`);
      }
      case EmailStatusActionRecipients.CO_PROPOSERS: {
        const members = await this.users.byIds(proposal.userIds);
        return { to: members.map(userRecipient), unresolved: null };
      }
      case EmailStatusActionRecipients.USER_OFFICE: {
        const email = await setting(SettingsId.USER_OFFICE_EMAIL);
        return email
          ? { to: [addressRecipient(email, 'User', 'Office')], unresolved: null }
          : nobody(group, 'the USER_OFFICE_EMAIL setting is empty');
      }
      case EmailStatusActionRecipients.EXPERIMENT_SAFETY_REVIEWERS: {
        // the users with the EXPERIMENT_SAFETY_REVIEWER role, and the setting's fixed address when set
        const email = await setting(SettingsId.EXPERIMENT_SAFETY_REVIEW_EMAIL);
        const reviewers = await this.users.withRole(Role.EXPERIMENT_SAFETY_REVIEWER);
        const to = [...reviewers.map(userRecipient), ...(email ? [addressRecipient(email)] : [])];
        return to.length > 0
          ? { to, unresolved: null }
          : nobody(
              group,
              'no user has the EXPERIMENT_SAFETY_REVIEWER role and the EXPERIMENT_SAFETY_REVIEW_EMAIL setting is empty',
            );
      }
      case EmailStatusActionRecipients.INSTRUMENT_SCIENTISTS: {
        const scientists = await this.users.byIds(
          await this.staff.instrumentScientistIds(proposal.primaryKey),
        );
        return scientists.length > 0
          ? { to: scientists.map(userRecipient), unresolved: null }
          : nobody(group, 'the proposal is on no instrument with a manager or scientist');
      }
      case EmailStatusActionRecipients.TECHNIQUE_SCIENTISTS: {
        const scientists = await this.users.byIds(
          await this.staff.techniqueScientistIds(proposal.primaryKey),
        );
        return scientists.length > 0
          ? { to: scientists.map(userRecipient), unresolved: null }
          : nobody(group, 'the proposal has no technique with a scientist');
      }
      case EmailStatusActionRecipients.FAP_REVIEWERS: {
        const reviewers = await this.users.byIds(await this.faps.reviewerIdsOf(proposal.primaryKey));
        return reviewers.length > 0
          ? { to: reviewers.map(userRecipient), unresolved: null }
          : nobody(group, 'the proposal has no FAP reviewer');
      }
      case EmailStatusActionRecipients.FAP_CHAIR_AND_SECRETARY: {
        const staff = await this.users.byIds(await this.faps.chairAndSecretaryIdsOf(proposal.primaryKey));
        return staff.length > 0
          ? { to: staff.map(userRecipient), unresolved: null }
          : nobody(group, 'the proposal is on no FAP with a chair or secretary');
      }
      case EmailStatusActionRecipients.OTHER:
        return { to: [], unresolved: null }; // the action's otherRecipientEmails, planned from its config
      default:
        return nobody(group, NOT_MODELLED[group] ?? 'unknown recipient group');
    }
  }
}
