import { Inject, Injectable } from '@nestjs/common';
import type { FeedbackStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { FeedbackModel } from './feedback.model';

interface FeedbackRow {
  feedback_id: number;
  experiment_pk: number;
  proposal_pk: number;
  creator_id: number;
  questionary_id: number;
  status: FeedbackStatus;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toFeedback = (r: FeedbackRow): FeedbackModel => ({
  id: Number(r.feedback_id),
  experimentPk: Number(r.experiment_pk),
  proposalPk: Number(r.proposal_pk),
  creatorId: Number(r.creator_id),
  questionaryId: Number(r.questionary_id),
  status: r.status,
  submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The feedback read model (all SQL that reads it). */
@Injectable()
export class FeedbackRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  private async one(where: string, params: unknown[]): Promise<FeedbackModel | null> {
    const { rows } = await this.sql.query<FeedbackRow>(`SELECT * FROM feedbacks WHERE ${where}`, params);
    return rows[0] ? toFeedback(rows[0]) : null;
  }

  get(feedbackId: number): Promise<FeedbackModel | null> {
    return this.one('feedback_id = $1', [feedbackId]);
  }

  byQuestionaryId(questionaryId: number): Promise<FeedbackModel | null> {
    return this.one('questionary_id = $1', [questionaryId]);
  }

  of(experimentPk: number, userId: number): Promise<FeedbackModel | null> {
    return this.one('experiment_pk = $1 AND creator_id = $2', [experimentPk, userId]);
  }

  /** newest first; `experimentPks` (when given) narrows to those experiments */
  async list(filter: {
    experimentPk?: number | null;
    status?: FeedbackStatus | null;
    experimentPks?: readonly number[] | null;
  }): Promise<FeedbackModel[]> {
    const where = ['true'];
    const params: unknown[] = [];
    if (filter.experimentPk) where.push(`experiment_pk = $${params.push(filter.experimentPk)}`);
    if (filter.experimentPks)
      where.push(`experiment_pk = ANY($${params.push([...filter.experimentPks])}::int[])`);
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    const { rows } = await this.sql.query<FeedbackRow>(
      `SELECT * FROM feedbacks WHERE ${where.join(' AND ')} ORDER BY feedback_id DESC`,
      params,
    );
    return rows.map(toFeedback);
  }
}
