import { Inject, Injectable } from '@nestjs/common';
import type { ProposalEndStatus, ReviewStatus, Role } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { FapMeetingDecisionChangeModel, FapMeetingDecisionModel, ReviewModel } from './fap.models';

export interface FapRecord {
  id: number;
  code: string;
  description: string;
  numberRatingsRequired: number;
  gradeGuide: string | null;
  customGradeGuide: boolean | null;
  active: boolean;
  files: string | null;
  deleted: boolean;
}

export interface FapMemberRecord {
  fapId: number;
  userId: number;
  role: Role;
}

export interface FapProposalRecord {
  proposalPk: number;
  fapId: number;
  instrumentId: number | null;
  callId: number;
  dateAssigned: Date;
  fapTimeAllocation: number | null;
}

export interface ReviewQuery {
  userId?: number | null;
  status?: ReviewStatus | null;
  fapId?: number | null;
  fapIds?: readonly number[] | null;
  callId?: number | null;
  instrumentId?: number | null;
  proposalPk?: number | null;
  proposalPks?: readonly number[] | null;
  /** these reviews (a bulk action's, read at once) */
  reviewIds?: readonly number[] | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/* eslint-disable @typescript-eslint/no-explicit-any */
const toFap = (r: any): FapRecord => ({
  id: Number(r.id),
  code: r.code,
  description: r.description,
  numberRatingsRequired: Number(r.number_ratings_required),
  gradeGuide: r.grade_guide,
  customGradeGuide: r.custom_grade_guide,
  active: r.active,
  files: r.files,
  deleted: r.deleted,
});

const toReview = (r: any): ReviewModel => ({
  id: Number(r.review_id),
  userID: Number(r.user_id),
  proposalPk: Number(r.proposal_pk),
  status: r.status,
  comment: r.comment,
  grade: num(r.grade),
  fapID: Number(r.fap_id),
  questionaryID: num(r.questionary_id),
  rank: num(r.rank),
  conflicts: ((r.conflicts ?? []) as { reason: string }[]).map((c) => c.reason),
  overrideReason: r.override_reason,
  dateAssigned: new Date(r.date_assigned),
});

const toDecision = (r: any): FapMeetingDecisionModel => ({
  proposalPk: Number(r.proposal_pk),
  instrumentId: Number(r.instrument_id),
  fapId: Number(r.fap_id),
  recommendation: r.recommendation as ProposalEndStatus | null,
  commentForUser: r.comment_for_user,
  commentForManagement: r.comment_for_management,
  rankOrder: num(r.rank_order),
  submitted: r.submitted,
  submittedBy: num(r.submitted_by),
});

const toFapProposal = (r: any): FapProposalRecord => ({
  proposalPk: Number(r.proposal_pk),
  fapId: Number(r.fap_id),
  instrumentId: Number(r.instrument_id) === 0 ? null : Number(r.instrument_id),
  callId: Number(r.call_id),
  dateAssigned: new Date(r.date_assigned),
  fapTimeAllocation: num(r.fap_time_allocation),
});
/* eslint-enable @typescript-eslint/no-explicit-any */

/** All SQL reading the panels' read model. */
@Injectable()
export class FapsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async fap(id: number, options: { includeDeleted?: boolean } = {}): Promise<FapRecord | null> {
    const r = await this.sql.query(`SELECT * FROM faps WHERE id = $1`, [id]);
    const row = r.rows[0] ? toFap(r.rows[0]) : null;
    return row && (!row.deleted || options.includeDeleted) ? row : null;
  }

  async byIds(ids: readonly number[]): Promise<FapRecord[]> {
    if (ids.length === 0) return [];
    const r = await this.sql.query(
      `SELECT * FROM faps WHERE id = ANY($1::int[]) AND NOT deleted ORDER BY code, id`,
      [[...ids]],
    );
    return r.rows.map(toFap);
  }

  async namesakes(code: string): Promise<number[]> {
    const r = await this.sql.query<{ id: number }>(
      `SELECT id FROM faps WHERE lower(code) = lower($1) AND NOT deleted`,
      [code.trim()],
    );
    return r.rows.map((x) => Number(x.id));
  }

  /** live panels matching the filter, by code; `onlyIds` limits them (a member's panels) */
  async list(
    filter: { filter?: string | null; active?: boolean | null },
    onlyIds: readonly number[] | null,
    page: { first?: number | null; offset?: number | null } = {},
  ): Promise<{ totalCount: number; faps: FapRecord[] }> {
    const where = ['NOT f.deleted'];
    const params: unknown[] = [];
    if (filter.filter?.trim()) {
      params.push(`%${filter.filter.trim().toLowerCase()}%`);
      where.push(`(lower(f.code) LIKE $${params.length} OR lower(f.description) LIKE $${params.length})`);
    }
    if (filter.active != null) {
      params.push(filter.active);
      where.push(`f.active = $${params.length}`);
    }
    if (onlyIds) {
      params.push([...onlyIds]);
      where.push(`f.id = ANY($${params.length}::int[])`);
    }
    const clause = where.join(' AND ');
    const count = await this.sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM faps f WHERE ${clause}`,
      params,
    );
    let sql = `SELECT f.* FROM faps f WHERE ${clause} ORDER BY f.code, f.id`;
    if (page.first != null) sql += ` LIMIT ${Math.max(0, Math.trunc(page.first))}`;
    if (page.offset != null) sql += ` OFFSET ${Math.max(0, Math.trunc(page.offset))}`;
    const r = await this.sql.query(sql, params);
    return { totalCount: Number(count.rows[0].n), faps: r.rows.map(toFap) };
  }

  async members(fapIds: readonly number[]): Promise<FapMemberRecord[]> {
    if (fapIds.length === 0) return [];
    const r = await this.sql.query<{ fap_id: number; user_id: number; role: Role }>(
      `SELECT fap_id, user_id, role FROM fap_members WHERE fap_id = ANY($1::int[]) ORDER BY ord`,
      [[...fapIds]],
    );
    return r.rows.map((m) => ({ fapId: Number(m.fap_id), userId: Number(m.user_id), role: m.role }));
  }

  /** the live panels the user is a member of (in one of `roles`, any when absent) */
  async fapIdsOfMember(userId: number, roles?: readonly Role[]): Promise<number[]> {
    const r = await this.sql.query<{ fap_id: number }>(
      `SELECT DISTINCT m.fap_id FROM fap_members m JOIN faps f ON f.id = m.fap_id AND NOT f.deleted
       WHERE m.user_id = $1 AND ($2::text[] IS NULL OR m.role = ANY($2::text[]))`,
      [userId, roles ? [...roles] : null],
    );
    return r.rows.map((x) => Number(x.fap_id));
  }

  /** per panel: proposals assigned, those with a DRAFT review, and per user the proposals with their DRAFT review */
  async counts(fapIds: readonly number[]): Promise<{
    proposals: Map<number, number>;
    current: Map<number, number>;
    userDrafts: Map<string, number>;
  }> {
    const proposals = new Map<number, number>();
    const current = new Map<number, number>();
    const userDrafts = new Map<string, number>();
    if (fapIds.length === 0) return { proposals, current, userDrafts };
    const ids = [[...fapIds]];
    const p = await this.sql.query<{ fap_id: number; n: string }>(
      `SELECT fap_id, count(DISTINCT proposal_pk) AS n FROM fap_proposals WHERE fap_id = ANY($1::int[]) GROUP BY fap_id`,
      ids,
    );
    for (const r of p.rows) proposals.set(Number(r.fap_id), Number(r.n));
    const c = await this.sql.query<{ fap_id: number; n: string }>(
      `SELECT fap_id, count(DISTINCT proposal_pk) AS n FROM fap_reviews WHERE fap_id = ANY($1::int[]) AND status = 'DRAFT'
       GROUP BY fap_id`,
      ids,
    );
    for (const r of c.rows) current.set(Number(r.fap_id), Number(r.n));
    const u = await this.sql.query<{ fap_id: number; user_id: number; n: string }>(
      `SELECT fap_id, user_id, count(DISTINCT proposal_pk) AS n FROM fap_reviews
       WHERE fap_id = ANY($1::int[]) AND status = 'DRAFT' GROUP BY fap_id, user_id`,
      ids,
    );
    for (const r of u.rows) userDrafts.set(`${r.fap_id}:${r.user_id}`, Number(r.n));
    return { proposals, current, userDrafts };
  }

  async reviewCounts(fapId: number): Promise<Map<number, number>> {
    const r = await this.sql.query<{ user_id: number; n: string }>(
      `SELECT user_id, count(*) AS n FROM fap_reviews WHERE fap_id = $1 GROUP BY user_id`,
      [fapId],
    );
    return new Map(r.rows.map((x) => [Number(x.user_id), Number(x.n)]));
  }

  async fapProposals(q: {
    fapId?: number | null;
    fapIds?: readonly number[] | null;
    callId?: number | null;
    instrumentId?: number | null;
    proposalPks?: readonly number[] | null;
  }): Promise<FapProposalRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.fapId != null) add('p.fap_id = ?', q.fapId);
    if (q.fapIds) add('p.fap_id = ANY(?::int[])', [...q.fapIds]);
    if (q.callId != null) add('p.call_id = ?', q.callId);
    if (q.instrumentId != null) add('p.instrument_id = ?', q.instrumentId);
    if (q.proposalPks) add('p.proposal_pk = ANY(?::int[])', [...q.proposalPks]);
    const r = await this.sql.query(
      `SELECT p.*, t.fap_time_allocation FROM fap_proposals p
       LEFT JOIN fap_time_allocations t ON t.proposal_pk = p.proposal_pk AND t.fap_id = p.fap_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.proposal_pk, p.fap_id, p.instrument_id`,
      params,
    );
    return r.rows.map(toFapProposal);
  }

  async reviews(q: ReviewQuery): Promise<ReviewModel[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    if (q.userId != null) add('r.user_id = ?', q.userId);
    if (q.status != null) add('r.status = ?', q.status);
    if (q.fapId != null) add('r.fap_id = ?', q.fapId);
    if (q.fapIds) add('r.fap_id = ANY(?::int[])', [...q.fapIds]);
    if (q.proposalPk != null) add('r.proposal_pk = ?', q.proposalPk);
    if (q.proposalPks) add('r.proposal_pk = ANY(?::int[])', [...q.proposalPks]);
    if (q.reviewIds) add('r.review_id = ANY(?::int[])', [...q.reviewIds]);
    if (q.callId != null)
      add(
        'EXISTS (SELECT 1 FROM fap_proposals p WHERE p.proposal_pk = r.proposal_pk AND p.fap_id = r.fap_id AND p.call_id = ?)',
        q.callId,
      );
    if (q.instrumentId != null)
      add(
        'EXISTS (SELECT 1 FROM fap_proposals p WHERE p.proposal_pk = r.proposal_pk AND p.fap_id = r.fap_id AND p.instrument_id = ?)',
        q.instrumentId,
      );
    const r = await this.sql.query(
      `SELECT r.* FROM fap_reviews r ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY r.proposal_pk, r.review_id`,
      params,
    );
    return r.rows.map(toReview);
  }

  async review(reviewId: number): Promise<ReviewModel | null> {
    const r = await this.sql.query(`SELECT * FROM fap_reviews WHERE review_id = $1`, [reviewId]);
    return r.rows[0] ? toReview(r.rows[0]) : null;
  }

  async reviewByQuestionary(questionaryId: number): Promise<ReviewModel | null> {
    const r = await this.sql.query(`SELECT * FROM fap_reviews WHERE questionary_id = $1`, [questionaryId]);
    return r.rows[0] ? toReview(r.rows[0]) : null;
  }

  async decisions(proposalPks: readonly number[]): Promise<FapMeetingDecisionModel[]> {
    if (proposalPks.length === 0) return [];
    const r = await this.sql.query(
      `SELECT * FROM fap_meeting_decisions WHERE proposal_pk = ANY($1::int[]) ORDER BY proposal_pk, instrument_id`,
      [[...proposalPks]],
    );
    return r.rows.map(toDecision);
  }

  async decisionHistory(
    proposalPk: number,
    instrumentId: number,
  ): Promise<Omit<FapMeetingDecisionChangeModel, 'byName'>[]> {
    const r = await this.sql.query(
      `SELECT * FROM fap_decision_history WHERE proposal_pk = $1 AND instrument_id = $2 ORDER BY position`,
      [proposalPk, instrumentId],
    );
    /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
    return r.rows.map((h: any) => ({
      at: new Date(h.at),
      by: num(h.by_user),
      recommendation: h.recommendation,
      commentForUser: h.comment_for_user,
      commentForManagement: h.comment_for_management,
      rankOrder: num(h.rank_order),
      submitted: h.submitted,
    }));
  }

  /** the reviewers of the proposal's FAP reviews (status-action recipients FAP_REVIEWERS) */
  async reviewerIdsOf(proposalPk: number): Promise<number[]> {
    const r = await this.sql.query<{ user_id: number }>(
      `SELECT DISTINCT user_id FROM fap_reviews WHERE proposal_pk = $1 ORDER BY user_id`,
      [proposalPk],
    );
    return r.rows.map((x) => Number(x.user_id));
  }

  /** the chairs and secretaries of the proposal's panels (FAP_CHAIR_AND_SECRETARY) */
  async chairAndSecretaryIdsOf(proposalPk: number): Promise<number[]> {
    const r = await this.sql.query<{ user_id: number }>(
      `SELECT DISTINCT m.user_id FROM fap_members m JOIN fap_proposals p ON p.fap_id = m.fap_id
       WHERE p.proposal_pk = $1 AND m.role IN ('FAP_CHAIR', 'FAP_SECRETARY') ORDER BY m.user_id`,
      [proposalPk],
    );
    return r.rows.map((x) => Number(x.user_id));
  }

  async submittedInstruments(fapId: number, callId: number): Promise<Set<number>> {
    const r = await this.sql.query<{ instrument_id: number }>(
      `SELECT instrument_id FROM fap_instrument_submissions WHERE fap_id = $1 AND call_id = $2 AND submitted`,
      [fapId, callId],
    );
    return new Set(r.rows.map((x) => Number(x.instrument_id)));
  }
}
