import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { GenericTemplateModel, GenericTemplatesFilterInput } from './generic-template.model';

interface GenericTemplateRecord {
  generic_template_id: number;
  title: string;
  creator_id: number;
  proposal_pk: number;
  question_id: string;
  template_id: number;
  questionary_id: number;
  created: Date;
  deleted: boolean;
}

/** An item as the access rules need it: deleted ones too (their questionaries stay readable to members). */
export interface GenericTemplateRow extends GenericTemplateModel {
  deleted: boolean;
}

const COLUMNS =
  'generic_template_id, title, creator_id, proposal_pk, question_id, template_id, questionary_id, created, deleted';

const toRow = (r: GenericTemplateRecord): GenericTemplateRow => ({
  id: Number(r.generic_template_id),
  title: r.title,
  creatorId: Number(r.creator_id),
  proposalPk: Number(r.proposal_pk),
  questionId: r.question_id,
  templateId: Number(r.template_id),
  questionaryId: Number(r.questionary_id),
  created: new Date(r.created),
  deleted: r.deleted,
});

/** The sub-template items read model. */
@Injectable()
export class GenericTemplatesRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async genericTemplate(genericTemplateId: number): Promise<GenericTemplateRow | null> {
    const result = await this.sql.query<GenericTemplateRecord>(
      `SELECT ${COLUMNS} FROM generic_templates WHERE generic_template_id = $1 AND NOT deleted`,
      [genericTemplateId],
    );
    return result.rows.length === 0 ? null : toRow(result.rows[0]);
  }

  /** The item owning a questionary, deleted or not. */
  async byQuestionaryId(questionaryId: number): Promise<GenericTemplateRow | null> {
    const result = await this.sql.query<GenericTemplateRecord>(
      `SELECT ${COLUMNS} FROM generic_templates WHERE questionary_id = $1`,
      [questionaryId],
    );
    return result.rows.length === 0 ? null : toRow(result.rows[0]);
  }

  /** The live items of a proposal answering these questions, oldest first. */
  async ofProposal(proposalPk: number, questionIds: readonly string[]): Promise<GenericTemplateRow[]> {
    const result = await this.sql.query<GenericTemplateRecord>(
      `SELECT ${COLUMNS} FROM generic_templates
       WHERE proposal_pk = $1 AND question_id = ANY($2::text[]) AND NOT deleted ORDER BY generic_template_id`,
      [proposalPk, questionIds],
    );
    return result.rows.map(toRow);
  }

  async count(proposalPk: number, questionId: string): Promise<number> {
    const result = await this.sql.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM generic_templates WHERE proposal_pk = $1 AND question_id = $2 AND NOT deleted',
      [proposalPk, questionId],
    );
    return Number(result.rows[0].n);
  }

  /** Live items by filter; `proposalPks` (null: any) limits them to the proposals the caller may read. */
  async list(
    filter: GenericTemplatesFilterInput,
    proposalPks: readonly number[] | null,
  ): Promise<GenericTemplateRow[]> {
    const result = await this.sql.query<GenericTemplateRecord>(
      `SELECT ${COLUMNS} FROM generic_templates
       WHERE NOT deleted
         AND ($1::int[] IS NULL OR proposal_pk = ANY($1::int[]))
         AND ($2::int IS NULL OR proposal_pk = $2)
         AND ($3::text IS NULL OR question_id = $3)
         AND ($4::int[] IS NULL OR questionary_id = ANY($4::int[]))
         AND ($5::int[] IS NULL OR generic_template_id = ANY($5::int[]))
         AND ($6::int IS NULL OR creator_id = $6)
         AND ($7::text IS NULL OR title ILIKE '%' || $7 || '%')
       ORDER BY generic_template_id`,
      [
        proposalPks,
        filter.proposalPk ?? null,
        filter.questionId ?? null,
        filter.questionaryIds ?? null,
        filter.genericTemplateIds ?? null,
        filter.creatorId ?? null,
        filter.title ?? null,
      ],
    );
    return result.rows.map(toRow);
  }

  /** Live items of a template in these proposals (what a new item may copy its answers from). */
  async ofTemplate(
    templateId: number,
    proposalPks: readonly number[],
    questionId: string | null,
  ): Promise<GenericTemplateRow[]> {
    const result = await this.sql.query<GenericTemplateRecord>(
      `SELECT ${COLUMNS} FROM generic_templates
       WHERE NOT deleted AND template_id = $1 AND proposal_pk = ANY($2::int[]) AND ($3::text IS NULL OR question_id = $3)
       ORDER BY generic_template_id DESC`,
      [templateId, proposalPks, questionId],
    );
    return result.rows.map(toRow);
  }
}
