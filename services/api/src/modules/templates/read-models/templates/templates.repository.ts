import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  DependenciesLogicOperator,
  TEMPLATE_GROUPS,
  type DataType,
  type Dependency,
  type TemplateCategoryId,
  type TemplateGroupId,
} from '@user-office/contracts';
import type { SqlClient, SqlExecutor } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import { TemplateStructureCache } from './template-structure-cache';
import type {
  FieldDependencyModel,
  PdfTemplateModel,
  QuestionModel,
  QuestionsFilterInput,
  QuestionTemplateRelationModel,
  QuestionWithUsageModel,
  TemplateModel,
  TemplatesFilterInput,
  TemplateStepModel,
  TopicModel,
} from './template.model';

interface QuestionRecord {
  question_id: string;
  category_id: TemplateCategoryId;
  data_type: DataType;
  natural_key: string;
  question: string;
  config: Record<string, unknown>;
}

interface TemplateRecord {
  template_id: number;
  group_id: TemplateGroupId;
  name: string;
  description: string;
  is_archived: boolean;
}

interface TopicRecord {
  topic_id: number;
  template_id: number;
  title: string;
  sort_order: number;
  is_enabled: boolean;
}

interface FieldRecord extends QuestionRecord {
  template_id: number;
  topic_id: number;
  sort_order: number;
  field_config: Record<string, unknown>;
  dependencies: Dependency[];
  dependencies_operator: DependenciesLogicOperator;
}

const QUESTION_COLUMNS = 'q.question_id, q.category_id, q.data_type, q.natural_key, q.question, q.config';
const TEMPLATE_COLUMNS = 'template_id, group_id, name, description, is_archived';

export const toQuestion = (r: QuestionRecord): QuestionModel => ({
  id: r.question_id,
  question: r.question,
  naturalKey: r.natural_key,
  dataType: r.data_type,
  categoryId: r.category_id,
  config: r.config,
});

const toTemplate = (r: TemplateRecord): TemplateModel => ({
  templateId: Number(r.template_id),
  groupId: r.group_id,
  name: r.name,
  description: r.description,
  isArchived: r.is_archived,
});

const toTopic = (r: TopicRecord): TopicModel => ({
  id: Number(r.topic_id),
  title: r.title,
  templateId: Number(r.template_id),
  sortOrder: Number(r.sort_order),
  isEnabled: r.is_enabled,
});

const toDependency = (d: Dependency): FieldDependencyModel => ({
  questionId: d.questionId,
  dependencyId: d.dependencyId ?? '',
  dependencyNaturalKey: d.dependencyNaturalKey,
  condition: {
    condition: d.condition.condition as FieldDependencyModel['condition']['condition'],
    params: d.condition.params,
  },
});

const toField = (r: FieldRecord): QuestionTemplateRelationModel => ({
  question: toQuestion(r),
  sortOrder: Number(r.sort_order),
  topicId: Number(r.topic_id),
  config: r.field_config,
  dependencies: r.dependencies.map(toDependency),
  dependenciesOperator: r.dependencies_operator ?? DependenciesLogicOperator.AND,
});

/** A template with its steps: what questionaries are built from. */
export interface TemplateStructure extends TemplateModel {
  steps: TemplateStepModel[];
}

/** The templates read model: questions, templates, topics, placed questions, active templates, PDF layouts. */
@Injectable()
export class TemplatesRepository {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() private readonly cache?: TemplateStructureCache,
  ) {}

  /** A template (not deleted), or null; outside a transaction from the structure cache. */
  async template(templateId: number, db: SqlExecutor = this.sql): Promise<TemplateModel | null> {
    if (db === this.sql && this.cache)
      return this.cache.get(`template:${templateId}`, () => this.loadTemplate(templateId, db));
    return this.loadTemplate(templateId, db);
  }

  private async loadTemplate(templateId: number, db: SqlExecutor): Promise<TemplateModel | null> {
    const result = await db.query<TemplateRecord>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE template_id = $1 AND NOT deleted`,
      [templateId],
    );
    return result.rows.length === 0 ? null : toTemplate(result.rows[0]);
  }

  async templatesByIds(ids: readonly number[]): Promise<TemplateModel[]> {
    if (ids.length === 0) return [];
    const result = await this.sql.query<TemplateRecord>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE template_id = ANY($1::int[]) AND NOT deleted`,
      [ids],
    );
    return result.rows.map(toTemplate);
  }

  async templates(filter: TemplatesFilterInput = {}): Promise<TemplateModel[]> {
    const result = await this.sql.query<TemplateRecord>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates
       WHERE NOT deleted AND ($1::boolean IS NULL OR is_archived = $1) AND ($2::text IS NULL OR group_id = $2)
         AND ($3::int[] IS NULL OR template_id = ANY($3::int[]))
       ORDER BY template_id`,
      [filter.isArchived ?? null, filter.group ?? null, filter.templateIds ?? null],
    );
    return result.rows.map(toTemplate);
  }

  /**
   * The steps of these templates (topics in order, each with its questions in order); one template's, outside a
   * transaction, from the structure cache (shared: read, never change, what it returns).
   */
  async stepsOf(
    templateIds: readonly number[],
    db: SqlExecutor = this.sql,
  ): Promise<Map<number, TemplateStepModel[]>> {
    if (templateIds.length === 1 && db === this.sql && this.cache) {
      const [id] = templateIds;
      const steps = await this.cache.get(`steps:${id}`, async () =>
        (await this.loadSteps(templateIds, db)).get(id)!,
      );
      return new Map([[id, steps]]);
    }
    return this.loadSteps(templateIds, db);
  }

  private async loadSteps(
    templateIds: readonly number[],
    db: SqlExecutor,
  ): Promise<Map<number, TemplateStepModel[]>> {
    const steps = new Map<number, TemplateStepModel[]>(templateIds.map((id) => [id, []]));
    if (templateIds.length === 0) return steps;
    const [topics, fields] = await Promise.all([
      db.query<TopicRecord>(
        `SELECT topic_id, template_id, title, sort_order, is_enabled FROM template_topics
         WHERE template_id = ANY($1::int[]) ORDER BY template_id, sort_order`,
        [templateIds],
      ),
      db.query<FieldRecord>(
        `SELECT f.template_id, f.topic_id, f.sort_order, f.config AS field_config, f.dependencies, f.dependencies_operator,
                ${QUESTION_COLUMNS}
         FROM template_fields f JOIN questions q ON q.question_id = f.question_id
         WHERE f.template_id = ANY($1::int[]) ORDER BY f.template_id, f.topic_id, f.sort_order`,
        [templateIds],
      ),
    ]);
    const byTopic = new Map<number, TemplateStepModel>();
    for (const row of topics.rows) {
      const step: TemplateStepModel = { topic: toTopic(row), fields: [] };
      byTopic.set(step.topic.id, step);
      steps.get(step.topic.templateId)?.push(step);
    }
    for (const row of fields.rows) byTopic.get(Number(row.topic_id))?.fields.push(toField(row));
    return steps;
  }

  /** A template with its steps; null when unknown or deleted. */
  async structure(templateId: number, db: SqlExecutor = this.sql): Promise<TemplateStructure | null> {
    const template = await this.template(templateId, db);
    if (!template) return null;
    const steps = await this.stepsOf([templateId], db);
    return { ...template, steps: steps.get(templateId) ?? [] };
  }

  async topic(topicId: number): Promise<TopicModel | null> {
    const result = await this.sql.query<TopicRecord>(
      'SELECT topic_id, template_id, title, sort_order, is_enabled FROM template_topics WHERE topic_id = $1',
      [topicId],
    );
    return result.rows.length === 0 ? null : toTopic(result.rows[0]);
  }

  async topicsByIds(topicIds: readonly number[]): Promise<TopicModel[]> {
    const result = await this.sql.query<TopicRecord>(
      'SELECT topic_id, template_id, title, sort_order, is_enabled FROM template_topics WHERE topic_id = ANY($1::int[])',
      [topicIds],
    );
    return result.rows.map(toTopic);
  }

  async question(questionId: string): Promise<QuestionModel | null> {
    const result = await this.sql.query<QuestionRecord>(
      `SELECT ${QUESTION_COLUMNS} FROM questions q WHERE question_id = $1 AND NOT deleted`,
      [questionId],
    );
    return result.rows.length === 0 ? null : toQuestion(result.rows[0]);
  }

  async questionsByIds(questionIds: readonly string[]): Promise<QuestionModel[]> {
    if (questionIds.length === 0) return [];
    const result = await this.sql.query<QuestionRecord>(
      `SELECT ${QUESTION_COLUMNS} FROM questions q WHERE question_id = ANY($1::text[]) AND NOT deleted`,
      [questionIds],
    );
    return result.rows.map(toQuestion);
  }

  /** Today's text of these questions, deleted ones included (an auditor reads answers to since-deleted questions). */
  async questionTexts(questionIds: readonly string[]): Promise<Map<string, string>> {
    if (questionIds.length === 0) return new Map();
    const result = await this.sql.query<{ question_id: string; question: string }>(
      'SELECT question_id, question FROM questions WHERE question_id = ANY($1::text[])',
      [questionIds],
    );
    return new Map(result.rows.map((r) => [r.question_id, r.question]));
  }

  /** The live questions holding these natural keys. */
  async questionsByNaturalKeys(naturalKeys: readonly string[]): Promise<QuestionModel[]> {
    if (naturalKeys.length === 0) return [];
    const result = await this.sql.query<QuestionRecord>(
      `SELECT ${QUESTION_COLUMNS} FROM questions q WHERE natural_key = ANY($1::text[]) AND NOT deleted`,
      [naturalKeys],
    );
    return result.rows.map(toQuestion);
  }

  /** Whether a question ever had this id (deleted ones too): a new question needs an unused one. */
  async isQuestionIdUsed(questionId: string): Promise<boolean> {
    const result = await this.sql.query('SELECT 1 FROM questions WHERE question_id = $1', [questionId]);
    return result.rows.length > 0;
  }

  /** The live question holding this natural key, if any. */
  async questionByNaturalKey(naturalKey: string): Promise<QuestionModel | null> {
    const result = await this.sql.query<QuestionRecord>(
      `SELECT ${QUESTION_COLUMNS} FROM questions q WHERE natural_key = $1 AND NOT deleted`,
      [naturalKey],
    );
    return result.rows.length === 0 ? null : toQuestion(result.rows[0]);
  }

  async isNaturalKeyPresent(naturalKey: string): Promise<boolean> {
    return (await this.questionByNaturalKey(naturalKey)) !== null;
  }

  /** The questions of the filter, by category then natural key, with the templates they are placed on. */
  async questions(filter: QuestionsFilterInput = {}): Promise<QuestionWithUsageModel[]> {
    const text = filter.text?.trim() ? `%${filter.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const result = await this.sql.query<
      QuestionRecord & { templates: { templateId: number; name: string }[] }
    >(
      `SELECT ${QUESTION_COLUMNS},
              coalesce((SELECT json_agg(json_build_object('templateId', t.template_id, 'name', t.name) ORDER BY t.template_id)
                        FROM template_fields f JOIN templates t ON t.template_id = f.template_id AND NOT t.deleted
                        WHERE f.question_id = q.question_id), '[]') AS templates
       FROM questions q
       WHERE NOT q.deleted
         AND ($1::text IS NULL OR q.question ILIKE $1 OR q.natural_key ILIKE $1)
         AND ($2::text IS NULL OR q.category_id = $2)
         AND ($3::text[] IS NULL OR q.data_type = ANY($3::text[]))
         AND ($4::text[] IS NULL OR NOT (q.data_type = ANY($4::text[])))
         AND ($5::text[] IS NULL OR q.question_id = ANY($5::text[]))
       ORDER BY q.category_id, q.natural_key
       LIMIT 5000`,
      [
        text,
        filter.category ?? null,
        filter.dataType ?? null,
        filter.excludeDataType ?? null,
        filter.questionIds ?? null,
      ],
    );
    return result.rows.map((r) => ({ ...toQuestion(r), templates: r.templates }));
  }

  /** The names of the live templates a question is placed on (what the officer knows them by). */
  async templatesUsingQuestion(questionId: string): Promise<string[]> {
    const result = await this.sql.query<{ name: string }>(
      `SELECT t.name FROM template_fields f JOIN templates t ON t.template_id = f.template_id AND NOT t.deleted
       WHERE f.question_id = $1 ORDER BY f.template_id`,
      [questionId],
    );
    return result.rows.map((r) => r.name);
  }

  /** Questions of the template's category that are not on it (the question picker of the template editor). */
  async complementaryQuestions(template: TemplateModel): Promise<QuestionModel[]> {
    const result = await this.sql.query<QuestionRecord>(
      `SELECT ${QUESTION_COLUMNS} FROM questions q
       WHERE NOT q.deleted AND q.category_id = $2
         AND NOT EXISTS (SELECT 1 FROM template_fields f WHERE f.template_id = $1 AND f.question_id = q.question_id)
       ORDER BY q.natural_key`,
      [template.templateId, TEMPLATE_GROUPS[template.groupId].categoryId],
    );
    return result.rows.map(toQuestion);
  }

  async activeTemplateId(groupId: TemplateGroupId): Promise<number | null> {
    const result = await this.sql.query<{ template_id: number | null }>(
      'SELECT template_id FROM active_templates WHERE group_id = $1',
      [groupId],
    );
    const id = result.rows[0]?.template_id;
    return id === null || id === undefined ? null : Number(id);
  }

  async pdfTemplate(templateId: number): Promise<PdfTemplateModel | null> {
    const result = await this.sql.query<{
      template_id: number;
      template_data: string;
      template_header: string;
      template_footer: string;
      template_sample_declaration: string;
      dummy_data: string;
    }>(
      `SELECT p.* FROM pdf_templates p JOIN templates t ON t.template_id = p.template_id AND NOT t.deleted
       WHERE p.template_id = $1`,
      [templateId],
    );
    const r = result.rows[0];
    if (!r) return null;
    return {
      pdfTemplateId: Number(r.template_id),
      templateId: Number(r.template_id),
      templateData: r.template_data,
      templateHeader: r.template_header,
      templateFooter: r.template_footer,
      templateSampleDeclaration: r.template_sample_declaration,
      dummyData: r.dummy_data,
    };
  }
}
