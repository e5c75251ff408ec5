import { Inject, Injectable } from '@nestjs/common';
import { ProposalEndStatus, ProposalPublicStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { InviteModel, ProposalModel } from './proposal.model';

interface InviteRecord {
  invite_id: string;
  proposal_pk: number;
  code: string;
  email: string;
  created_at: Date;
  created_by: number;
  expires_at: Date;
  claimed_at: Date | null;
  claimed_by: number | null;
  cancelled: boolean;
}

const toInvite = (r: InviteRecord): InviteModel => ({
  id: r.invite_id,
  code: r.code,
  email: r.email,
  createdAt: new Date(r.created_at),
  createdByUserId: Number(r.created_by),
  claimedAt: r.claimed_at ? new Date(r.claimed_at) : null,
  claimedByUserId: r.claimed_by === null ? null : Number(r.claimed_by),
  isEmailSent: true,
  expiresAt: new Date(r.expires_at),
});

interface ProposalRecord {
  proposal_pk: number;
  proposal_id: string;
  title: string;
  abstract: string;
  status_id: number;
  call_id: number;
  questionary_id: number;
  proposer_id: number;
  submitted: boolean;
  submitted_date: Date | null;
  notified: boolean;
  final_status: ProposalEndStatus;
  comment_for_user: string;
  comment_for_management: string;
  management_decision_submitted: boolean;
  management_time_allocations: { instrumentId: number; value: number }[] | string | null;
  created: Date;
  updated: Date;
  user_ids: number[];
}

const COLUMNS = `p.proposal_pk, p.proposal_id, p.title, p.abstract, p.status_id, p.call_id, p.questionary_id, p.proposer_id,
  p.submitted, p.submitted_date, p.notified, p.final_status, p.comment_for_user, p.comment_for_management,
  p.management_decision_submitted, p.management_time_allocations, p.created, p.updated,
  coalesce((SELECT array_agg(u.user_id ORDER BY u.user_id) FROM proposal_users u WHERE u.proposal_pk = p.proposal_pk), '{}') AS user_ids`;

function publicStatus(r: ProposalRecord): ProposalPublicStatus {
  if (!r.submitted) return ProposalPublicStatus.draft;
  switch (r.final_status) {
    case ProposalEndStatus.ACCEPTED:
      return r.notified ? ProposalPublicStatus.accepted : ProposalPublicStatus.submitted;
    case ProposalEndStatus.REJECTED:
      return r.notified ? ProposalPublicStatus.rejected : ProposalPublicStatus.submitted;
    case ProposalEndStatus.RESERVED:
      return r.notified ? ProposalPublicStatus.reserved : ProposalPublicStatus.submitted;
    default:
      return ProposalPublicStatus.submitted;
  }
}

const allocationsOf = (value: ProposalRecord['management_time_allocations']) =>
  (typeof value === 'string'
    ? (JSON.parse(value) as { instrumentId: number; value: number }[])
    : (value ?? [])
  ).map((a) => ({ instrumentId: Number(a.instrumentId), value: Number(a.value) }));

const toProposal = (r: ProposalRecord): ProposalModel => ({
  primaryKey: Number(r.proposal_pk),
  proposalId: r.proposal_id,
  title: r.title,
  abstract: r.abstract,
  statusId: Number(r.status_id),
  publicStatus: publicStatus(r),
  finalStatus: r.final_status,
  commentForUser: r.comment_for_user,
  commentForManagement: r.comment_for_management,
  managementDecisionSubmitted: r.management_decision_submitted,
  managementTimeAllocations: allocationsOf(r.management_time_allocations),
  created: new Date(r.created),
  updated: new Date(r.updated),
  callId: Number(r.call_id),
  questionaryId: Number(r.questionary_id),
  proposerId: Number(r.proposer_id),
  notified: r.notified,
  submitted: r.submitted,
  submittedDate: r.submitted_date ? new Date(r.submitted_date) : null,
  userIds: (r.user_ids ?? []).map(Number),
});

/** The proposals read model. */
@Injectable()
export class ProposalsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** `includeDeleted`: a deleted proposal too (its row is kept, flagged), as it was when deleted */
  async proposal(
    proposalPk: number,
    options: { includeDeleted?: boolean } = {},
  ): Promise<ProposalModel | null> {
    const result = await this.sql.query<ProposalRecord>(
      `SELECT ${COLUMNS} FROM proposals p WHERE p.proposal_pk = $1${options.includeDeleted ? '' : ' AND NOT p.deleted'}`,
      [proposalPk],
    );
    return result.rows.length === 0 ? null : toProposal(result.rows[0]);
  }

  /** `includeDeleted`: the deleted ones too, as they were when deleted */
  async proposals(
    proposalPks: readonly number[],
    options: { includeDeleted?: boolean } = {},
  ): Promise<ProposalModel[]> {
    const result = await this.sql.query<ProposalRecord>(
      `SELECT ${COLUMNS} FROM proposals p WHERE p.proposal_pk = ANY($1::int[])${options.includeDeleted ? '' : ' AND NOT p.deleted'} ORDER BY p.proposal_pk`,
      [proposalPks],
    );
    return result.rows.map(toProposal);
  }

  /** The live proposals with these reference numbers (proposalId), by primary key. */
  async byReferenceNumbers(referenceNumbers: readonly string[]): Promise<ProposalModel[]> {
    if (referenceNumbers.length === 0) return [];
    const result = await this.sql.query<ProposalRecord>(
      `SELECT ${COLUMNS} FROM proposals p WHERE p.proposal_id = ANY($1::text[]) AND NOT p.deleted ORDER BY p.proposal_pk`,
      [[...referenceNumbers]],
    );
    return result.rows.map(toProposal);
  }

  async byQuestionaryId(questionaryId: number): Promise<ProposalModel | null> {
    const result = await this.sql.query<ProposalRecord>(
      `SELECT ${COLUMNS} FROM proposals p WHERE p.questionary_id = $1 AND NOT p.deleted`,
      [questionaryId],
    );
    return result.rows.length === 0 ? null : toProposal(result.rows[0]);
  }

  /** The proposals a user is PI or co-proposer of, newest first. */
  async ofUser(userId: number): Promise<ProposalModel[]> {
    const result = await this.sql.query<ProposalRecord>(
      `SELECT ${COLUMNS} FROM proposals p
       WHERE NOT p.deleted AND (p.proposer_id = $1 OR EXISTS (SELECT 1 FROM proposal_users u WHERE u.proposal_pk = p.proposal_pk AND u.user_id = $1))
       ORDER BY p.proposal_pk DESC`,
      [userId],
    );
    return result.rows.map(toProposal);
  }

  /**
   * The live proposals each of these users is the PI or a co-proposer of, created at or after `since`, newest
   * first: one query for many users (the FAP conflict check reads every PI's).
   */
  async ofUsers(userIds: readonly number[], since: Date): Promise<Map<number, ProposalModel[]>> {
    const byUser = new Map<number, ProposalModel[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const result = await this.sql.query<ProposalRecord & { member_id: number }>(
      `SELECT m.member_id, ${COLUMNS} FROM (
         SELECT proposal_pk, proposer_id AS member_id FROM proposals WHERE proposer_id = ANY($1::int[])
         UNION SELECT proposal_pk, user_id FROM proposal_users WHERE user_id = ANY($1::int[])
       ) m JOIN proposals p ON p.proposal_pk = m.proposal_pk
       WHERE NOT p.deleted AND p.created >= $2
       ORDER BY p.proposal_pk DESC`,
      [[...userIds], since],
    );
    for (const row of result.rows) byUser.get(Number(row.member_id))?.push(toProposal(row));
    return byUser;
  }

  /** The live proposals of a call. */
  async pksOfCall(callId: number): Promise<number[]> {
    const result = await this.sql.query<{ proposal_pk: number }>(
      'SELECT proposal_pk FROM proposals WHERE call_id = $1 AND NOT deleted ORDER BY proposal_pk',
      [callId],
    );
    return result.rows.map((r) => Number(r.proposal_pk));
  }

  /** The invitations of proposals that are not withdrawn, oldest first. */
  async invites(proposalPks: readonly number[]): Promise<Map<number, InviteModel[]>> {
    const result = await this.sql.query<InviteRecord>(
      `SELECT * FROM proposal_invites WHERE proposal_pk = ANY($1::int[]) AND NOT cancelled ORDER BY created_at, email`,
      [proposalPks],
    );
    const byProposal = new Map<number, InviteModel[]>(proposalPks.map((pk) => [pk, []]));
    for (const r of result.rows) byProposal.get(Number(r.proposal_pk))?.push(toInvite(r));
    return byProposal;
  }

  /** The invitation holding this code (withdrawn ones included), with its proposal. */
  async inviteByCode(
    code: string,
  ): Promise<(InviteModel & { proposalPk: number; cancelled: boolean }) | null> {
    const result = await this.sql.query<InviteRecord>('SELECT * FROM proposal_invites WHERE code = $1', [
      code,
    ]);
    const r = result.rows[0];
    return r ? { ...toInvite(r), proposalPk: Number(r.proposal_pk), cancelled: r.cancelled } : null;
  }
}
