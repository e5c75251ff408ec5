import { Inject, Injectable } from '@nestjs/common';
import type { SafetyStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { SampleModel, SamplesFilterInput } from './sample.model';

interface SampleRecord {
  sample_id: number;
  title: string;
  creator_id: number;
  proposal_pk: number;
  question_id: string;
  template_id: number;
  questionary_id: number;
  is_post_proposal_submission: boolean;
  safety_status: SafetyStatus;
  safety_comment: string;
  created: Date;
  deleted: boolean;
}

/** A sample as the access rules need it: deleted ones too (their questionaries stay readable to members). */
export interface SampleRow extends SampleModel {
  deleted: boolean;
}

const COLUMNS = `sample_id, title, creator_id, proposal_pk, question_id, template_id, questionary_id,
  is_post_proposal_submission, safety_status, safety_comment, created, deleted`;

const toRow = (r: SampleRecord): SampleRow => ({
  id: Number(r.sample_id),
  title: r.title,
  creatorId: Number(r.creator_id),
  proposalPk: Number(r.proposal_pk),
  questionId: r.question_id,
  templateId: Number(r.template_id),
  questionaryId: Number(r.questionary_id),
  isPostProposalSubmission: r.is_post_proposal_submission,
  safetyStatus: r.safety_status,
  safetyComment: r.safety_comment,
  created: new Date(r.created),
  deleted: r.deleted,
});

/** The samples read model. */
@Injectable()
export class SamplesRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async sample(sampleId: number): Promise<SampleRow | null> {
    const result = await this.sql.query<SampleRecord>(
      `SELECT ${COLUMNS} FROM samples WHERE sample_id = $1 AND NOT deleted`,
      [sampleId],
    );
    return result.rows.length === 0 ? null : toRow(result.rows[0]);
  }

  /** The sample owning a questionary, deleted or not. */
  async byQuestionaryId(questionaryId: number): Promise<SampleRow | null> {
    const result = await this.sql.query<SampleRecord>(
      `SELECT ${COLUMNS} FROM samples WHERE questionary_id = $1`,
      [questionaryId],
    );
    return result.rows.length === 0 ? null : toRow(result.rows[0]);
  }

  /** The live pre-submission samples of a proposal answering these questions (its declaration), oldest first. */
  async declaredOf(proposalPk: number, questionIds: readonly string[]): Promise<SampleRow[]> {
    const result = await this.sql.query<SampleRecord>(
      `SELECT ${COLUMNS} FROM samples
       WHERE proposal_pk = $1 AND question_id = ANY($2::text[]) AND NOT deleted AND NOT is_post_proposal_submission
       ORDER BY sample_id`,
      [proposalPk, questionIds],
    );
    return result.rows.map(toRow);
  }

  /** How many live pre-submission samples answer a proposal's question. */
  async declaredCount(proposalPk: number, questionId: string): Promise<number> {
    const result = await this.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM samples
       WHERE proposal_pk = $1 AND question_id = $2 AND NOT deleted AND NOT is_post_proposal_submission`,
      [proposalPk, questionId],
    );
    return Number(result.rows[0].n);
  }

  /** Live samples by filter; `proposalPks` (null: any) limits them to the proposals the caller may read. */
  async list(filter: SamplesFilterInput, proposalPks: readonly number[] | null): Promise<SampleRow[]> {
    const result = await this.sql.query<SampleRecord>(
      `SELECT ${COLUMNS} FROM samples
       WHERE NOT deleted
         AND ($1::int[] IS NULL OR proposal_pk = ANY($1::int[]))
         AND ($2::int IS NULL OR proposal_pk = $2)
         AND ($3::text IS NULL OR question_id = $3)
         AND ($4::int[] IS NULL OR sample_id = ANY($4::int[]))
         AND ($5::int[] IS NULL OR questionary_id = ANY($5::int[]))
         AND ($6::int IS NULL OR creator_id = $6)
         AND ($7::text IS NULL OR title ILIKE '%' || $7 || '%')
         AND ($8::boolean IS NULL OR is_post_proposal_submission = $8)
       ORDER BY sample_id`,
      [
        proposalPks,
        filter.proposalPk ?? null,
        filter.questionId ?? null,
        filter.sampleIds ?? null,
        filter.questionaryIds ?? null,
        filter.creatorId ?? null,
        filter.title ?? null,
        filter.isPostProposalSubmission ?? null,
      ],
    );
    return result.rows.map(toRow);
  }
}
