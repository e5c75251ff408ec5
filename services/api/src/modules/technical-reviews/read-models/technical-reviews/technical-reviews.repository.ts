import { Inject, Injectable } from '@nestjs/common';
import type { TechnicalReviewStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { TechnicalReviewModel } from './technical-review.model';

interface Row {
  technical_review_id: number;
  proposal_pk: number;
  instrument_id: number;
  status: TechnicalReviewStatus | null;
  time_allocation: number | null;
  comment: string | null;
  public_comment: string | null;
  submitted: boolean;
  reviewer_id: number | null;
  technical_review_assignee_id: number | null;
  files: string[] | null;
  questionary_id: number | null;
}

const num = (v: number | null) => (v === null ? null : Number(v));

const toModel = (r: Row): TechnicalReviewModel => ({
  id: Number(r.technical_review_id),
  proposalPk: Number(r.proposal_pk),
  instrumentId: Number(r.instrument_id),
  status: r.status,
  timeAllocation: num(r.time_allocation),
  comment: r.comment,
  publicComment: r.public_comment,
  submitted: r.submitted,
  reviewerId: num(r.reviewer_id),
  technicalReviewAssigneeId: num(r.technical_review_assignee_id),
  files: r.files ?? [],
  questionaryId: num(r.questionary_id),
});

/** The technical reviews and the proposals' instruments and techniques: all SQL of the read model. */
@Injectable()
export class TechnicalReviewsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async review(technicalReviewId: number): Promise<TechnicalReviewModel | null> {
    const r = await this.sql.query<Row>(`SELECT * FROM technical_reviews WHERE technical_review_id = $1`, [
      technicalReviewId,
    ]);
    return r.rows[0] ? toModel(r.rows[0]) : null;
  }

  async byProposals(proposalPks: readonly number[]): Promise<TechnicalReviewModel[]> {
    const r = await this.sql.query<Row>(
      `SELECT * FROM technical_reviews WHERE proposal_pk = ANY($1::int[]) ORDER BY proposal_pk, technical_review_id`,
      [[...proposalPks]],
    );
    return r.rows.map(toModel);
  }

  async ofProposal(proposalPk: number): Promise<TechnicalReviewModel[]> {
    return this.byProposals([proposalPk]);
  }

  async byQuestionaryId(questionaryId: number): Promise<TechnicalReviewModel | null> {
    const r = await this.sql.query<Row>(`SELECT * FROM technical_reviews WHERE questionary_id = $1`, [
      questionaryId,
    ]);
    return r.rows[0] ? toModel(r.rows[0]) : null;
  }

  /** proposal pk → its instrument ids in the order assigned (absent: none) */
  async instrumentIdsOf(proposalPks: readonly number[]): Promise<Map<number, number[]>> {
    const r = await this.sql.query<{ proposal_pk: number; instrument_id: number }>(
      `SELECT proposal_pk, instrument_id FROM proposal_instruments WHERE proposal_pk = ANY($1::int[])
       ORDER BY proposal_pk, sort_order`,
      [[...proposalPks]],
    );
    const map = new Map<number, number[]>();
    for (const row of r.rows) {
      const pk = Number(row.proposal_pk);
      map.set(pk, [...(map.get(pk) ?? []), Number(row.instrument_id)]);
    }
    return map;
  }

  /** proposal pk → its technique ids (absent: none) */
  async techniqueIdsOf(proposalPks: readonly number[]): Promise<Map<number, number[]>> {
    const r = await this.sql.query<{ proposal_pk: number; technique_id: number }>(
      `SELECT proposal_pk, technique_id FROM proposal_techniques WHERE proposal_pk = ANY($1::int[])
       ORDER BY proposal_pk, sort_order`,
      [[...proposalPks]],
    );
    const map = new Map<number, number[]>();
    for (const row of r.rows) {
      const pk = Number(row.proposal_pk);
      map.set(pk, [...(map.get(pk) ?? []), Number(row.technique_id)]);
    }
    return map;
  }
}
