import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** One internal review as the read model holds it. */
export interface InternalReviewRow {
  id: number;
  technicalReviewId: number;
  title: string;
  comment: string | null;
  reviewerId: number;
  files: string[];
  /** the officer who created it; null for an API access token */
  assignedBy: number | null;
  createdAt: Date;
}

interface StoredRow {
  id: number;
  technical_review_id: number;
  title: string;
  comment: string | null;
  reviewer_id: number;
  files: string[] | string;
  assigned_by: number | null;
  created_at: Date | string;
}

const COLUMNS =
  'r.id, r.technical_review_id, r.title, r.comment, r.reviewer_id, r.files, r.assigned_by, r.created_at';

const toRow = (r: StoredRow): InternalReviewRow => ({
  id: Number(r.id),
  technicalReviewId: Number(r.technical_review_id),
  title: r.title,
  comment: r.comment,
  reviewerId: Number(r.reviewer_id),
  files: typeof r.files === 'string' ? (JSON.parse(r.files) as string[]) : r.files,
  assignedBy: r.assigned_by === null ? null : Number(r.assigned_by),
  createdAt: new Date(r.created_at),
});

/** Which internal reviews a list covers. */
export interface InternalReviewsQuery {
  /** the reviews of one technical review; absent: of every technical review */
  technicalReviewId?: number | null;
  /** only the reviews of this internal reviewer */
  reviewerId?: number;
  /** only the reviews of technical reviews this internal reviewer has a review of */
  assignedTo?: number;
}

/** Internal reviews: all SQL of the read model. */
@Injectable()
export class InternalReviewsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** The live reviews matching the query, oldest first. */
  async list(q: InternalReviewsQuery): Promise<InternalReviewRow[]> {
    const where = ['NOT r.deleted'];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replaceAll('$?', `$${params.length}`));
    };
    if (q.technicalReviewId != null) add('r.technical_review_id = $?', q.technicalReviewId);
    if (q.reviewerId !== undefined) add('r.reviewer_id = $?', q.reviewerId);
    if (q.assignedTo !== undefined) {
      add(
        `EXISTS (SELECT 1 FROM internal_reviews o
           WHERE o.technical_review_id = r.technical_review_id AND o.reviewer_id = $? AND NOT o.deleted)`,
        q.assignedTo,
      );
    }
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM internal_reviews r WHERE ${where.join(' AND ')} ORDER BY r.id`,
      params,
    );
    return result.rows.map(toRow);
  }

  /** One review; a deleted one only with `includeDeleted` (what deleteInternalReview returns). */
  async get(id: number, options: { includeDeleted?: boolean } = {}): Promise<InternalReviewRow | null> {
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM internal_reviews r WHERE r.id = $1${options.includeDeleted ? '' : ' AND NOT r.deleted'}`,
      [id],
    );
    return result.rows[0] ? toRow(result.rows[0]) : null;
  }

  /** Whether the user is the internal reviewer of a live review of this technical review. */
  async isAssigned(technicalReviewId: number, userId: number): Promise<boolean> {
    const result = await this.sql.query(
      `SELECT 1 FROM internal_reviews WHERE technical_review_id = $1 AND reviewer_id = $2 AND NOT deleted LIMIT 1`,
      [technicalReviewId, userId],
    );
    return result.rows.length > 0;
  }

  /** The live reviews that attach this file. */
  async referencingFile(fileId: string): Promise<InternalReviewRow[]> {
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM internal_reviews r WHERE r.files @> $1::jsonb AND NOT r.deleted ORDER BY r.id`,
      [JSON.stringify([fileId])],
    );
    return result.rows.map(toRow);
  }
}
