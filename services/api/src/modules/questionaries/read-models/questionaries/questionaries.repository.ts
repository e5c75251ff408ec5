import { Inject, Injectable } from '@nestjs/common';
import type { TemplateGroupId } from '@user-office/contracts';
import type { SqlClient, SqlExecutor } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import { TemplatesRepository, type TemplateStepModel } from '../../../templates';
import { LIST_ANSWER } from './questionaries.projection';
import type { AnswerModel, QuestionaryModel, QuestionaryStepModel } from './questionary.model';

export interface QuestionaryRecord {
  questionaryId: number;
  templateId: number;
  creatorId: number | null;
  created: Date;
  /** its template's group (which module owns it); absent where unknown */
  groupId?: TemplateGroupId | null;
}

/** Steps of a template filled with answers and completeness (enabled topics only). */
export function fillSteps(
  questionaryId: number | null,
  steps: readonly TemplateStepModel[],
  answers: ReadonlyMap<string, unknown>,
  completed: ReadonlySet<number>,
): QuestionaryStepModel[] {
  return steps
    .filter((step) => step.topic.isEnabled)
    .map((step) => ({
      topic: step.topic,
      isCompleted: completed.has(step.topic.id),
      fields: step.fields.map((field): AnswerModel => ({
        answerId:
          questionaryId !== null && answers.has(field.question.id)
            ? `${questionaryId}:${field.question.id}`
            : null,
        question: field.question,
        sortOrder: field.sortOrder,
        topicId: field.topicId,
        config: field.config,
        dependencies: field.dependencies,
        dependenciesOperator: field.dependenciesOperator,
        value: answers.has(field.question.id) ? answers.get(field.question.id) : null,
      })),
    }));
}

/** how many questionaries' records a process keeps (then it starts again) */
const RECORDS_KEPT = 50_000;

/** The questionaries read model, joined with the templates read model for the steps. */
@Injectable()
export class QuestionariesRepository {
  /**
   * A questionary's record never changes once it exists (its template, creator, creation time and the template's
   * group are set at its creation; no event updates or removes the row): every save looks it up, so a process
   * keeps those it has read. Only found ones, and only reads outside a transaction.
   */
  private readonly records = new Map<number, QuestionaryRecord>();

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly templates: TemplatesRepository,
  ) {}

  async record(questionaryId: number, db: SqlExecutor = this.sql): Promise<QuestionaryRecord | null> {
    const kept = db === this.sql ? this.records.get(questionaryId) : undefined;
    if (kept) return { ...kept };
    const record = await this.readRecord(questionaryId, db);
    if (record && db === this.sql) {
      if (this.records.size >= RECORDS_KEPT) this.records.clear();
      this.records.set(questionaryId, { ...record });
    }
    return record;
  }

  private async readRecord(questionaryId: number, db: SqlExecutor): Promise<QuestionaryRecord | null> {
    const result = await db.query<{
      questionary_id: number;
      template_id: number;
      creator_id: number | null;
      created_at: Date;
      group_id: TemplateGroupId | null;
    }>(
      `SELECT q.questionary_id, q.template_id, q.creator_id, q.created_at, t.group_id
         FROM questionaries q LEFT JOIN templates t ON t.template_id = q.template_id
        WHERE q.questionary_id = $1`,
      [questionaryId],
    );
    const r = result.rows[0];
    if (!r) return null;
    return {
      questionaryId: Number(r.questionary_id),
      templateId: Number(r.template_id),
      creatorId: r.creator_id === null ? null : Number(r.creator_id),
      created: new Date(r.created_at),
      groupId: r.group_id ?? null,
    };
  }

  async answers(questionaryId: number, db: SqlExecutor = this.sql): Promise<Map<string, unknown>> {
    const result = await db.query<{ question_id: string; value: unknown }>(
      'SELECT question_id, value FROM questionary_answers WHERE questionary_id = $1',
      [questionaryId],
    );
    return new Map(result.rows.map((r) => [r.question_id, r.value]));
  }

  async completedTopics(questionaryId: number, db: SqlExecutor = this.sql): Promise<Set<number>> {
    const result = await db.query<{ topic_id: number }>(
      'SELECT topic_id FROM questionary_steps WHERE questionary_id = $1 AND is_complete',
      [questionaryId],
    );
    return new Set(result.rows.map((r) => Number(r.topic_id)));
  }

  /**
   * The questionary with its steps, or null (`known`: its record, already read; `saved`: its answers and completed
   * steps as a save just left them, instead of reading them back).
   */
  async questionary(
    questionaryId: number,
    known?: QuestionaryRecord,
    saved?: { answers: Readonly<Record<string, unknown>>; completedTopicIds: ReadonlySet<number> },
  ): Promise<QuestionaryModel | null> {
    const record = known ?? (await this.record(questionaryId));
    if (!record) return null;
    const [steps, answers, completed] = await Promise.all([
      this.templates.stepsOf([record.templateId]),
      saved ? new Map(Object.entries(saved.answers)) : this.answers(questionaryId),
      saved ? saved.completedTopicIds : this.completedTopics(questionaryId),
    ]);
    const filled = fillSteps(questionaryId, steps.get(record.templateId) ?? [], answers, completed);
    return {
      questionaryId,
      templateId: record.templateId,
      created: record.created,
      isCompleted: filled.every((s) => s.isCompleted),
      steps: filled,
    };
  }

  /** The questionaries whose FILE_UPLOAD answers name this file. */
  async referencingFile(fileId: string): Promise<number[]> {
    const result = await this.sql.query<{ questionary_id: number }>(
      `SELECT questionary_id FROM questionary_answers WHERE ${LIST_ANSWER} AND value @> $1::jsonb`,
      [JSON.stringify([{ id: fileId }])],
    );
    return result.rows.map((r) => Number(r.questionary_id));
  }

  /** Whether all enabled steps of each questionary are complete (sub-template items' completeness). */
  async completion(questionaryIds: readonly number[]): Promise<Map<number, boolean>> {
    if (questionaryIds.length === 0) return new Map();
    const result = await this.sql.query<{ questionary_id: number; complete: boolean }>(
      `SELECT q.questionary_id,
              NOT EXISTS (SELECT 1 FROM template_topics t
                          WHERE t.template_id = q.template_id AND t.is_enabled
                            AND NOT EXISTS (SELECT 1 FROM questionary_steps s
                                            WHERE s.questionary_id = q.questionary_id AND s.topic_id = t.topic_id AND s.is_complete)) AS complete
       FROM questionaries q WHERE q.questionary_id = ANY($1::int[])`,
      [questionaryIds],
    );
    return new Map(result.rows.map((r) => [Number(r.questionary_id), r.complete]));
  }

  /** The enabled steps of a template with no answers. */
  async blankSteps(templateId: number): Promise<QuestionaryStepModel[]> {
    const steps = await this.templates.stepsOf([templateId]);
    return fillSteps(null, steps.get(templateId) ?? [], new Map(), new Set());
  }

  /** How many questionaries each template has (the templates' questionaryCount). */
  async countByTemplate(templateIds: readonly number[]): Promise<Map<number, number>> {
    const result = await this.sql.query<{ template_id: number; n: string | number }>(
      'SELECT template_id, count(*) AS n FROM questionaries WHERE template_id = ANY($1::int[]) GROUP BY template_id',
      [templateIds],
    );
    return new Map(result.rows.map((r) => [Number(r.template_id), Number(r.n)]));
  }
}
