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
/**
 * The answers the value index (GIN) holds: lists (the options chosen, the files uploaded), the only answers a
 * containment query (`@>`) looks for. A query says it too; a text, a date, a number or an interval costs the index
 * no entry on a save.
 */
export const LIST_ANSWER = `jsonb_typeof(value) = 'array'`;

type Tables = Readonly<Record<string, string>>;

/**
 * Questionaries, their answers (JSONB, one row per question: the staff table's question filter reads them) and
 * the completeness of each step; inline, so answerTopic returns the saved step.
 */
@Injectable()
@RegisterProjection()
export class QuestionariesProjection implements Projection {
  readonly name = QUESTIONARIES_PROJECTION;
  /**
   * 3: the value index holds only the lists (the number index stays whole: its statistics give the number filter's
   * planner its estimate; a partial one left it at 167 rows for 9,900 and a slower plan)
   */
  readonly version = 3;
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
        `CREATE INDEX ${t}_value ON ${t} USING gin (value jsonb_path_ops) WHERE ${LIST_ANSWER}`,
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

  /**
   * Several events in a few statements, with exactly the effect of applying them one by one: the questionaries
   * created are inserted at once; each answer's and each step's last value (or the answer's removal) is folded in
   * memory, then the removed answers are deleted and the rest upserted in one statement per table.
   */
  async applyBatch(tx: SqlExecutor, events: readonly StoredEvent[], tables: Tables): Promise<void> {
    const created: { id: number; templateId: number; creatorId: number | null; at: Date }[] = [];
    /** `${questionaryId}\u001f${questionId}` → the answer's last value, or its removal */
    const answers = new Map<
      string,
      { questionaryId: number; questionId: string; value: unknown; removed: boolean }
    >();
    /** `${questionaryId}\u001f${topicId}` → the step's last completeness */
    const steps = new Map<string, { questionaryId: number; topicId: number; complete: boolean }>();
    const key = (questionaryId: number, id: string | number) => `${questionaryId}\u001f${id}`;
    const answer = (questionaryId: number, questionId: string, value: unknown, removed = false) =>
      answers.set(key(questionaryId, questionId), {
        questionaryId,
        questionId,
        value: value ?? null,
        removed,
      });
    const step = (questionaryId: number, topicId: number, complete: boolean) =>
      steps.set(key(questionaryId, topicId), { questionaryId, topicId, complete });
    for (const event of events) {
      const e = event as unknown as QuestionaryEvent;
      switch (e.type) {
        case QUESTIONARY_CREATED:
          created.push({
            id: e.data.questionaryId,
            templateId: e.data.templateId,
            creatorId: e.data.creatorId,
            at: event.createdAt,
          });
          break;
        case TOPIC_ANSWERED: {
          const d = e.data;
          for (const q of d.removedQuestionIds) answer(d.questionaryId, q, null, true);
          for (const a of d.answers) answer(d.questionaryId, a.questionId, a.value);
          step(d.questionaryId, d.topicId, d.isComplete);
          break;
        }
        case QUESTIONARY_ANSWERS_COPIED:
          for (const a of e.data.answers) answer(e.data.questionaryId, a.questionId, a.value);
          for (const t of e.data.completedTopicIds) step(e.data.questionaryId, t, true);
          break;
      }
    }
    // every write of the batch in one statement (data-modifying CTEs; the keys of the removed and the kept answers
    // are disjoint): one round trip inside the append's transaction
    const writes: string[] = [];
    const params: unknown[] = [];
    const arg = (value: unknown) => `$${params.push(value)}`;
    if (created.length > 0)
      // a questionary created twice fails here as its second INSERT would
      writes.push(
        `INSERT INTO ${tables.questionaries} (questionary_id, template_id, creator_id, created_at)
         SELECT * FROM unnest(${arg(created.map((c) => c.id))}::int[], ${arg(created.map((c) => c.templateId))}::int[],
                              ${arg(created.map((c) => c.creatorId))}::int[], ${arg(created.map((c) => c.at.toISOString()))}::timestamptz[])`,
      );
    const removed = [...answers.values()].filter((a) => a.removed);
    if (removed.length > 0)
      writes.push(
        `DELETE FROM ${tables.questionary_answers} a
          USING unnest(${arg(removed.map((r) => r.questionaryId))}::int[], ${arg(removed.map((r) => r.questionId))}::text[]) AS r(questionary_id, question_id)
          WHERE a.questionary_id = r.questionary_id AND a.question_id = r.question_id`,
      );
    const kept: [number, string, unknown][] = [];
    for (const a of answers.values()) if (!a.removed) kept.push([a.questionaryId, a.questionId, a.value]);
    // the answers as one JSON document (each value in it as it is): one stringify here, one parse in the server,
    // instead of an array of JSON texts whose every element `pg` escapes. An answer saved again unchanged is left
    // as it is: no new row version, no entry in the answers' four indexes (a step is mostly saved with the same
    // answers; updating them was the save's dearest statement in PostgreSQL)
    if (kept.length > 0)
      writes.push(
        `INSERT INTO ${tables.questionary_answers} AS cur (questionary_id, question_id, value)
         SELECT (r->>0)::int, r->>1, r->2 FROM jsonb_array_elements(${arg(JSON.stringify(kept))}::jsonb) AS r
         ON CONFLICT (questionary_id, question_id) DO UPDATE SET value = excluded.value
         WHERE cur.value IS DISTINCT FROM excluded.value`,
      );
    if (steps.size > 0) {
      const rows = [...steps.values()];
      writes.push(
        `INSERT INTO ${tables.questionary_steps} AS cur (questionary_id, topic_id, is_complete)
         SELECT * FROM unnest(${arg(rows.map((r) => r.questionaryId))}::int[], ${arg(rows.map((r) => r.topicId))}::int[],
                              ${arg(rows.map((r) => r.complete))}::boolean[])
         ON CONFLICT (questionary_id, topic_id) DO UPDATE SET is_complete = excluded.is_complete
         WHERE cur.is_complete IS DISTINCT FROM excluded.is_complete`,
      );
    }
    if (writes.length === 1) await tx.query(writes[0], params);
    else if (writes.length > 1)
      await tx.query(`WITH ${writes.map((w, i) => `w${i} AS (${w})`).join(',\n')} SELECT 1`, params);
  }

  private async upsertAnswers(
    tx: SqlExecutor,
    tables: Tables,
    questionaryId: number,
    answers: readonly AnswerData[],
  ) {
    if (answers.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables.questionary_answers} AS cur (questionary_id, question_id, value)
       SELECT $1, a.question_id, a.value FROM unnest($2::text[], $3::jsonb[]) AS a(question_id, value)
       ON CONFLICT (questionary_id, question_id) DO UPDATE SET value = excluded.value
       WHERE cur.value IS DISTINCT FROM excluded.value`,
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
      `INSERT INTO ${tables.questionary_steps} AS cur (questionary_id, topic_id, is_complete)
       SELECT $1, t, $3 FROM unnest($2::int[]) AS t
       ON CONFLICT (questionary_id, topic_id) DO UPDATE SET is_complete = excluded.is_complete
       WHERE cur.is_complete IS DISTINCT FROM excluded.is_complete`,
      [questionaryId, topicIds, complete],
    );
  }
}
