import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { ProposalScientistCommentModel } from './proposal-scientist-comment.model';

interface StoredRow {
  comment_id: number;
  proposal_pk: number;
  comment: string;
  last_modified_by: number | null;
  date_modified: Date | string;
}

const COLUMNS = 'comment_id, proposal_pk, comment, last_modified_by, date_modified';

const toModel = (r: StoredRow): ProposalScientistCommentModel => ({
  commentId: Number(r.comment_id),
  proposalPk: Number(r.proposal_pk),
  comment: r.comment,
  lastModifiedBy: r.last_modified_by === null ? null : Number(r.last_modified_by),
  dateModified: new Date(r.date_modified),
});

/** Proposal scientist comments: all SQL of the read model. */
@Injectable()
export class ProposalScientistCommentsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** The live comment of a proposal, or null. */
  async ofProposal(proposalPk: number): Promise<ProposalScientistCommentModel | null> {
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM proposal_scientist_comments WHERE proposal_pk = $1 AND NOT deleted`,
      [proposalPk],
    );
    return result.rows[0] ? toModel(result.rows[0]) : null;
  }

  /** One comment by its id; a deleted one only with `includeDeleted` (what the delete returns). */
  async get(
    commentId: number,
    options: { includeDeleted?: boolean } = {},
  ): Promise<ProposalScientistCommentModel | null> {
    const result = await this.sql.query<StoredRow>(
      `SELECT ${COLUMNS} FROM proposal_scientist_comments WHERE comment_id = $1${options.includeDeleted ? '' : ' AND NOT deleted'}`,
      [commentId],
    );
    return result.rows[0] ? toModel(result.rows[0]) : null;
  }
}
