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

/** What the requests of one batch share: the users read at once, each setting and role list read once. */
interface BatchLookups {
  user(id: number): Promise<UserRecord | null>;
  users(ids: readonly number[]): Promise<UserRecord[]>;
  setting(id: SettingsId): Promise<string>;
  withRole(role: Role): Promise<UserRecord[]>;
}

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
    return (await this.resolveMany([{ groups, proposal }]))[0];
  }

  /**
   * `resolve` for many proposals at once (a bulk status change): the PIs and co-proposers of them all in one read,
   * each setting and role list once; the groups that depend on a proposal's staff are read per proposal.
   */
  async resolveMany(
    requests: readonly { groups: Iterable<EmailStatusActionRecipients>; proposal: ProposalModel }[],
  ): Promise<Map<EmailStatusActionRecipients, RecipientResolution>[]> {
    const wanted = requests.map((r) => new Set(r.groups));
    const people = new Set<number>();
    requests.forEach(({ proposal }, i) => {
      if (wanted[i].has(EmailStatusActionRecipients.PI)) people.add(proposal.proposerId);
      if (wanted[i].has(EmailStatusActionRecipients.CO_PROPOSERS))
        proposal.userIds.forEach((id) => people.add(id));
    });
    const known = new Map(
      (people.size > 0 ? await this.users.byIds([...people]) : []).map((u) => [u.id, u] as const),
    );
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
      if (!memo.has(key)) memo.set(key, read());
      return memo.get(key) as Promise<T>;
    };
    const lookups: BatchLookups = {
      user: async (id) => (known.has(id) ? (known.get(id) ?? null) : this.users.byId(id)),
      users: async (ids) =>
        ids.every((id) => known.has(id)) ? ids.flatMap((id) => known.get(id) ?? []) : this.users.byIds(ids),
      setting: (id) =>
        once(`setting-${id}`, async () => (await this.settings.setting(id)).settingsValue.trim()),
      withRole: (role) => once(`role-${role}`, () => this.users.withRole(role)),
    };
    const resolved: Map<EmailStatusActionRecipients, RecipientResolution>[] = [];
    for (const [i, { proposal }] of requests.entries()) {
      const groups = new Map<EmailStatusActionRecipients, RecipientResolution>();
      for (const group of wanted[i]) groups.set(group, await this.resolveOne(group, proposal, lookups));
      resolved.push(groups);
    }
    return resolved;
  }

  private async resolveOne(
    group: EmailStatusActionRecipients,
    proposal: ProposalModel,
    lookups: BatchLookups,
  ): Promise<RecipientResolution> {
    const setting = (id: SettingsId) => lookups.setting(id);
    switch (group) {
      case EmailStatusActionRecipients.PI: {
        const pi = await lookups.user(proposal.proposerId);
        return pi
          ? { to: [userRecipient(pi)], unresolved: null }
          : nobody(group, `user ${proposal.proposerId} does not exist`);
      }
      case EmailStatusActionRecipients.CO_PROPOSERS: {
        const members = await lookups.users(proposal.userIds);
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
        const reviewers = await lookups.withRole(Role.EXPERIMENT_SAFETY_REVIEWER);
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
