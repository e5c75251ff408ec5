import { Injectable, Optional } from '@nestjs/common';
import {
  ACTIVE_TEMPLATE_SET,
  PDF_TEMPLATE_UPDATED,
  QUESTION_CREATED,
  QUESTION_DELETED,
  QUESTION_UPDATED,
  TEMPLATE_CREATED,
  TEMPLATE_DELETED,
  TEMPLATE_QUESTION_ADDED,
  TEMPLATE_QUESTION_REMOVED,
  TEMPLATE_QUESTION_UPDATED,
  TEMPLATE_QUESTIONS_ARRANGED,
  TEMPLATE_UPDATED,
  TOPIC_CREATED,
  TOPIC_DELETED,
  TOPIC_UPDATED,
  TOPICS_REORDERED,
  type ActiveTemplateSetData,
  type PdfTemplateData,
  type QuestionEvent,
  type TemplateEvent,
  type TemplateFieldData,
  type TopicData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';
import { TemplateStructureCache } from './template-structure-cache';

export const TEMPLATES_PROJECTION = 'templates';

type Tables = Readonly<Record<string, string>>;

/**
 * Questions, templates, their topics and placed questions, the active template of each group and PDF layouts;
 * inline, so a mutation returns the saved template, and the unique index on live natural keys refuses a
 * duplicate key even when two officers race (the append rolls back).
 */
@Injectable()
@RegisterProjection()
export class TemplatesProjection implements Projection {
  readonly name = TEMPLATES_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    QUESTION_CREATED,
    QUESTION_UPDATED,
    QUESTION_DELETED,
    TEMPLATE_CREATED,
    TEMPLATE_UPDATED,
    TEMPLATE_DELETED,
    ACTIVE_TEMPLATE_SET,
    TOPIC_CREATED,
    TOPIC_UPDATED,
    TOPIC_DELETED,
    TOPICS_REORDERED,
    TEMPLATE_QUESTION_ADDED,
    TEMPLATE_QUESTION_UPDATED,
    TEMPLATE_QUESTION_REMOVED,
    TEMPLATE_QUESTIONS_ARRANGED,
    PDF_TEMPLATE_UPDATED,
  ];
  readonly tables = [
    {
      name: 'questions',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          question_id text PRIMARY KEY,
          category_id text NOT NULL,
          data_type text NOT NULL,
          natural_key text NOT NULL,
          question text NOT NULL,
          config jsonb NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE UNIQUE INDEX ${t}_natural_key ON ${t} (natural_key) WHERE NOT deleted`,
        `CREATE INDEX ${t}_category ON ${t} (category_id)`,
      ],
    },
    {
      name: 'templates',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          template_id integer PRIMARY KEY,
          group_id text NOT NULL,
          name text NOT NULL,
          description text NOT NULL,
          is_archived boolean NOT NULL DEFAULT false,
          deleted boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL
        )`,
        `CREATE INDEX ${t}_group ON ${t} (group_id)`,
      ],
    },
    {
      name: 'template_topics',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          topic_id integer PRIMARY KEY,
          template_id integer NOT NULL,
          title text NOT NULL,
          sort_order integer NOT NULL,
          is_enabled boolean NOT NULL
        )`,
        `CREATE INDEX ${t}_template ON ${t} (template_id, sort_order)`,
      ],
    },
    {
      name: 'template_fields',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          template_id integer NOT NULL,
          question_id text NOT NULL,
          topic_id integer NOT NULL,
          sort_order integer NOT NULL,
          config jsonb NOT NULL,
          dependencies jsonb NOT NULL,
          dependencies_operator text NOT NULL,
          PRIMARY KEY (template_id, question_id)
        )`,
        `CREATE INDEX ${t}_question ON ${t} (question_id)`,
        `CREATE INDEX ${t}_topic ON ${t} (topic_id, sort_order)`,
      ],
    },
    {
      name: 'active_templates',
      ddl: (t: string) => [`CREATE TABLE ${t} (group_id text PRIMARY KEY, template_id integer)`],
    },
    {
      name: 'pdf_templates',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          template_id integer PRIMARY KEY,
          template_data text NOT NULL,
          template_header text NOT NULL,
          template_footer text NOT NULL,
          template_sample_declaration text NOT NULL,
          dummy_data text NOT NULL
        )`,
      ],
    },
  ];

  constructor(@Optional() private readonly cache?: TemplateStructureCache) {}

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Tables): Promise<void> {
    await this.cache?.changed(tx);
    const e = event as unknown as
      QuestionEvent | TemplateEvent | { type: typeof ACTIVE_TEMPLATE_SET; data: ActiveTemplateSetData };
    switch (e.type) {
      case QUESTION_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.questions} (question_id, category_id, data_type, natural_key, question, config)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (question_id) DO UPDATE SET category_id = excluded.category_id, data_type = excluded.data_type,
             natural_key = excluded.natural_key, question = excluded.question, config = excluded.config, deleted = false`,
          [d.questionId, d.categoryId, d.dataType, d.naturalKey, d.question, JSON.stringify(d.config)],
        );
        return;
      }
      case QUESTION_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${tables.questions} SET natural_key = $2, question = $3, config = $4 WHERE question_id = $1`,
          [d.questionId, d.naturalKey, d.question, JSON.stringify(d.config)],
        );
        return;
      }
      case QUESTION_DELETED:
        await tx.query(`UPDATE ${tables.questions} SET deleted = true WHERE question_id = $1`, [
          e.data.questionId,
        ]);
        return;
      case TEMPLATE_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.templates} (template_id, group_id, name, description, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [d.templateId, d.groupId, d.name, d.description, event.createdAt],
        );
        for (const topic of d.topics) await this.insertTopic(tx, tables, d.templateId, topic);
        for (const field of d.fields) await this.insertField(tx, tables, d.templateId, field);
        if (d.pdf) await this.upsertPdf(tx, tables, d.templateId, d.pdf);
        return;
      }
      case TEMPLATE_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${tables.templates} SET name = $2, description = $3, is_archived = $4 WHERE template_id = $1`,
          [d.templateId, d.name, d.description, d.isArchived],
        );
        if (d.isArchived) {
          await tx.query(`UPDATE ${tables.active_templates} SET template_id = NULL WHERE template_id = $1`, [
            d.templateId,
          ]);
        }
        return;
      }
      case TEMPLATE_DELETED: {
        const id = e.data.templateId;
        await tx.query(`UPDATE ${tables.templates} SET deleted = true WHERE template_id = $1`, [id]);
        await tx.query(`UPDATE ${tables.active_templates} SET template_id = NULL WHERE template_id = $1`, [
          id,
        ]);
        return;
      }
      case ACTIVE_TEMPLATE_SET:
        await tx.query(
          `INSERT INTO ${tables.active_templates} (group_id, template_id) VALUES ($1, $2)
           ON CONFLICT (group_id) DO UPDATE SET template_id = excluded.template_id`,
          [e.data.groupId, e.data.templateId],
        );
        return;
      case TOPIC_CREATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${tables.template_topics} SET sort_order = sort_order + 1 WHERE template_id = $1 AND sort_order >= $2`,
          [d.templateId, d.topic.sortOrder],
        );
        await this.insertTopic(tx, tables, d.templateId, d.topic);
        return;
      }
      case TOPIC_UPDATED:
        await tx.query(
          `UPDATE ${tables.template_topics} SET title = $2, is_enabled = $3 WHERE topic_id = $1`,
          [e.data.topicId, e.data.title, e.data.isEnabled],
        );
        return;
      case TOPIC_DELETED: {
        const d = e.data;
        await tx.query(`DELETE FROM ${tables.template_fields} WHERE template_id = $1 AND topic_id = $2`, [
          d.templateId,
          d.topicId,
        ]);
        await tx.query(`DELETE FROM ${tables.template_topics} WHERE topic_id = $1`, [d.topicId]);
        await tx.query(
          `UPDATE ${tables.template_topics} t SET sort_order = n.rank - 1
           FROM (SELECT topic_id, row_number() OVER (ORDER BY sort_order) AS rank FROM ${tables.template_topics} WHERE template_id = $1) n
           WHERE t.topic_id = n.topic_id`,
          [d.templateId],
        );
        return;
      }
      case TOPICS_REORDERED:
        await tx.query(
          `UPDATE ${tables.template_topics} t SET sort_order = o.ordinality - 1
           FROM unnest($2::int[]) WITH ORDINALITY AS o(topic_id, ordinality)
           WHERE t.template_id = $1 AND t.topic_id = o.topic_id`,
          [e.data.templateId, e.data.topicIds],
        );
        return;
      case TEMPLATE_QUESTION_ADDED:
        await this.insertField(tx, tables, e.data.templateId, e.data.field);
        return;
      case TEMPLATE_QUESTION_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${tables.template_fields} SET config = $3, dependencies = $4, dependencies_operator = $5
           WHERE template_id = $1 AND question_id = $2`,
          [
            d.templateId,
            d.questionId,
            JSON.stringify(d.config),
            JSON.stringify(d.dependencies),
            d.dependenciesOperator,
          ],
        );
        return;
      }
      case TEMPLATE_QUESTION_REMOVED:
        await tx.query(`DELETE FROM ${tables.template_fields} WHERE template_id = $1 AND question_id = $2`, [
          e.data.templateId,
          e.data.questionId,
        ]);
        return;
      case TEMPLATE_QUESTIONS_ARRANGED:
        for (const topic of e.data.topics) {
          await tx.query(
            `UPDATE ${tables.template_fields} f SET topic_id = $2, sort_order = o.ordinality - 1
             FROM unnest($3::text[]) WITH ORDINALITY AS o(question_id, ordinality)
             WHERE f.template_id = $1 AND f.question_id = o.question_id`,
            [e.data.templateId, topic.topicId, topic.questionIds],
          );
        }
        return;
      case PDF_TEMPLATE_UPDATED:
        await this.upsertPdf(tx, tables, e.data.templateId, e.data);
        return;
    }
  }

  private async insertTopic(
    tx: SqlExecutor,
    tables: Tables,
    templateId: number,
    topic: TopicData,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${tables.template_topics} (topic_id, template_id, title, sort_order, is_enabled) VALUES ($1, $2, $3, $4, $5)`,
      [topic.topicId, templateId, topic.title, topic.sortOrder, topic.isEnabled],
    );
  }

  private async insertField(
    tx: SqlExecutor,
    tables: Tables,
    templateId: number,
    field: TemplateFieldData,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${tables.template_fields} (template_id, question_id, topic_id, sort_order, config, dependencies, dependencies_operator)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        templateId,
        field.questionId,
        field.topicId,
        field.sortOrder,
        JSON.stringify(field.config),
        JSON.stringify(field.dependencies),
        field.dependenciesOperator,
      ],
    );
  }

  private async upsertPdf(
    tx: SqlExecutor,
    tables: Tables,
    templateId: number,
    pdf: PdfTemplateData,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${tables.pdf_templates} (template_id, template_data, template_header, template_footer, template_sample_declaration, dummy_data)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (template_id) DO UPDATE SET template_data = excluded.template_data, template_header = excluded.template_header,
         template_footer = excluded.template_footer, template_sample_declaration = excluded.template_sample_declaration,
         dummy_data = excluded.dummy_data`,
      [
        templateId,
        pdf.templateData,
        pdf.templateHeader,
        pdf.templateFooter,
        pdf.templateSampleDeclaration,
        pdf.dummyData,
      ],
    );
  }
}
