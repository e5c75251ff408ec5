import { Injectable } from '@nestjs/common';
import {
  QUESTIONARY_ANSWERS_COPIED,
  QUESTIONARY_CREATED,
  TOPIC_ANSWERED,
  type AnswerData,
  type QuestionaryEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const QUESTIONARIES_PROJECTION = 'questionaries';

/** The number of a NUMBER_INPUT answer (null for any other shape); indexed with the question id. */
export const NUMBER_ANSWER = `(CASE WHEN jsonb_typeof(value->'value') = 'number' THEN (value->>'value')::numeric END)`;

type Tables = Readonly<Record<string, string>>;

/**
 * Questionaries, their answers (JSONB, one row per question: the staff table's question filter reads them) and
 * the completeness of each step; inline, so answerTopic returns the saved step.
 */
@Injectable()
@RegisterProjection()
export class QuestionariesProjection implements Projection {
  readonly name = QUESTIONARIES_PROJECTION;
  readonly version = 2;
  readonly mode = 'inline' as const;
  readonly eventTypes = [QUESTIONARY_CREATED, TOPIC_ANSWERED, QUESTIONARY_ANSWERS_COPIED];
  readonly tables = [
    {
      name: 'questionaries',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          questionary_id integer PRIMARY KEY,
          template_id integer NOT NULL,
          creator_id integer,
          created_at timestamptz NOT NULL
        )`,
        `CREATE INDEX ${t}_template ON ${t} (template_id)`,
      ],
    },
    {
      name: 'questionary_answers',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          questionary_id integer NOT NULL,
          question_id text NOT NULL,
          value jsonb,
          PRIMARY KEY (questionary_id, question_id)
        )`,
        `CREATE INDEX ${t}_question ON ${t} (question_id)`,
        `CREATE INDEX ${t}_value ON ${t} USING gin (value jsonb_path_ops)`,
        // the staff table's number filter: NUMBER_INPUT answers are {"value": <number>, …}
        `CREATE INDEX ${t}_number ON ${t} (question_id, ${NUMBER_ANSWER})`,
      ],
    },
    {
      name: 'questionary_steps',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          questionary_id integer NOT NULL,
          topic_id integer NOT NULL,
          is_complete boolean NOT NULL,
          PRIMARY KEY (questionary_id, topic_id)
        )`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Tables): Promise<void> {
    const e = event as unknown as QuestionaryEvent;
    switch (e.type) {
      case QUESTIONARY_CREATED:
        await tx.query(
          `INSERT INTO ${tables.questionaries} (questionary_id, template_id, creator_id, created_at) VALUES ($1, $2, $3, $4)`,
          [e.data.questionaryId, e.data.templateId, e.data.creatorId, event.createdAt],
        );
        return;
      case TOPIC_ANSWERED: {
        const d = e.data;
        if (d.removedQuestionIds.length > 0) {
          await tx.query(
            `DELETE FROM ${tables.questionary_answers} WHERE questionary_id = $1 AND question_id = ANY($2::text[])`,
            [d.questionaryId, d.removedQuestionIds],
          );
        }
        await this.upsertAnswers(tx, tables, d.questionaryId, d.answers);
        await this.setSteps(tx, tables, d.questionaryId, [d.topicId], d.isComplete);
        return;
      }
      case QUESTIONARY_ANSWERS_COPIED:
        await this.upsertAnswers(tx, tables, e.data.questionaryId, e.data.answers);
        await this.setSteps(tx, tables, e.data.questionaryId, e.data.completedTopicIds, true);
        return;
    }
  }

  private async upsertAnswers(
    tx: SqlExecutor,
    tables: Tables,
    questionaryId: number,
    answers: readonly AnswerData[],
  ) {
    if (answers.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables.questionary_answers} (questionary_id, question_id, value)
       SELECT $1, a.question_id, a.value FROM unnest($2::text[], $3::jsonb[]) AS a(question_id, value)
       ON CONFLICT (questionary_id, question_id) DO UPDATE SET value = excluded.value`,
      [questionaryId, answers.map((a) => a.questionId), answers.map((a) => JSON.stringify(a.value ?? null))],
    );
  }

  private async setSteps(
    tx: SqlExecutor,
    tables: Tables,
    questionaryId: number,
    topicIds: readonly number[],
    complete: boolean,
  ) {
    if (topicIds.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables.questionary_steps} (questionary_id, topic_id, is_complete)
       SELECT $1, t, $3 FROM unnest($2::int[]) AS t
       ON CONFLICT (questionary_id, topic_id) DO UPDATE SET is_complete = excluded.is_complete`,
      [questionaryId, topicIds, complete],
    );
  }
}
