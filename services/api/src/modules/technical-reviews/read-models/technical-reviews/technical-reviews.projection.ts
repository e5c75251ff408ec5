import { Injectable } from '@nestjs/common';
import {
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TechnicalReviewStatus,
  type ProposalAssessmentEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const TECHNICAL_REVIEWS_PROJECTION = 'technical_reviews';

/** a row of technical_reviews */
interface ReviewRow {
  technical_review_id: number;
  proposal_pk: number;
  instrument_id: number;
  status: string | null;
  time_allocation: number | null;
  comment: string | null;
  public_comment: string | null;
  submitted: boolean;
  reviewer_id: number | null;
  technical_review_assignee_id: number | null;
  files: unknown;
  questionary_id: number | null;
  date_modified: Date;
}

/**
 * The technical reviews (§3) and which instruments and techniques each proposal is on. Inline: the mutations
 * return what they saved.
 */
@Injectable()
@RegisterProjection()
export class TechnicalReviewsProjection implements Projection {
  readonly name = TECHNICAL_REVIEWS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    PROPOSAL_INSTRUMENTS_ASSIGNED,
    PROPOSAL_TECHNIQUES_ASSIGNED,
    TECHNICAL_REVIEW_SAVED,
    TECHNICAL_REVIEW_SUBMITTED,
    TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  ];
  readonly tables = [
    {
      name: 'technical_reviews',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (technical_review_id integer PRIMARY KEY, proposal_pk integer NOT NULL,
           instrument_id integer NOT NULL, status text, time_allocation double precision, comment text,
           public_comment text, submitted boolean NOT NULL DEFAULT false, reviewer_id integer,
           technical_review_assignee_id integer, files jsonb NOT NULL DEFAULT '[]', questionary_id integer,
           date_modified timestamptz NOT NULL)`,
        `CREATE UNIQUE INDEX ${t}_proposal ON ${t} (proposal_pk, instrument_id)`,
        `CREATE INDEX ${t}_questionary ON ${t} (questionary_id)`,
        `CREATE INDEX ${t}_assignee ON ${t} (technical_review_assignee_id)`,
      ],
    },
    {
      name: 'proposal_instruments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, instrument_id integer NOT NULL, sort_order integer NOT NULL,
           PRIMARY KEY (proposal_pk, instrument_id))`,
        `CREATE INDEX ${t}_instrument ON ${t} (instrument_id)`,
      ],
    },
    {
      name: 'proposal_techniques',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, technique_id integer NOT NULL, technique_name text NOT NULL,
           sort_order integer NOT NULL, PRIMARY KEY (proposal_pk, technique_id))`,
        `CREATE INDEX ${t}_technique ON ${t} (technique_id)`,
      ],
    },
  ];

  /**
   * Several events in a few statements, with exactly the effect of applying them one by one: each proposal's last
   * instruments and techniques are kept; the reviews the events touch (and the other reviews of their proposals,
   * for the unique (proposal, instrument)) are read once and changed in memory, then the touched ones replaced in
   * two statements. An event that one by one would fail (a review created twice, a second review of a proposal on
   * an instrument) sends the whole batch through `apply`, which fails as it would.
   */
  async applyBatch(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    // a command's single event: its one statement (what the batch would write, in fewer round trips)
    if (events.length === 1) return this.apply(tx, events[0], tables);
    const reviewTable = tables.technical_reviews;
    const ids = new Set<number>();
    const pks = new Set<number>();
    for (const event of events) {
      const e = event as unknown as ProposalAssessmentEvent;
      pks.add(e.data.proposalPk);
      if (e.type === PROPOSAL_INSTRUMENTS_ASSIGNED) {
        for (const id of e.data.deletedReviewIds) ids.add(id);
        for (const r of e.data.createdReviews) ids.add(r.technicalReviewId);
      } else if (e.type !== PROPOSAL_TECHNIQUES_ASSIGNED) ids.add(e.data.technicalReviewId);
    }
    const reviews = new Map<number, ReviewRow | null>();
    if (ids.size > 0) {
      const { rows } = await tx.query<ReviewRow>(
        `SELECT technical_review_id, proposal_pk, instrument_id, status, time_allocation, comment, public_comment,
           submitted, reviewer_id, technical_review_assignee_id, files, questionary_id, date_modified
           FROM ${reviewTable} WHERE technical_review_id = ANY($1::int[]) OR proposal_pk = ANY($2::int[])`,
        [[...ids], [...pks]],
      );
      for (const r of rows) reviews.set(Number(r.technical_review_id), r);
    }
    // the (proposal, instrument) pairs taken: the table's unique index
    const slots = new Set(
      [...reviews.values()].map((r) => `${Number(r!.proposal_pk)}:${Number(r!.instrument_id)}`),
    );
    const touched = new Set<number>();
    const instruments = new Map<number, number[]>();
    const techniques = new Map<number, { id: number; name: string }[]>();
    let failing = false;
    for (const event of events) {
      const e = event as unknown as ProposalAssessmentEvent;
      const at = event.createdAt;
      switch (e.type) {
        case PROPOSAL_INSTRUMENTS_ASSIGNED: {
          const d = e.data;
          instruments.set(
            d.proposalPk,
            d.instruments.map((i) => i.id),
          );
          for (const id of d.deletedReviewIds) {
            const r = reviews.get(id);
            if (r) {
              touched.add(id);
              slots.delete(`${Number(r.proposal_pk)}:${Number(r.instrument_id)}`);
            }
            reviews.set(id, null);
          }
          for (const s of d.createdReviews) {
            if (reviews.get(s.technicalReviewId) || slots.has(`${d.proposalPk}:${s.instrumentId}`))
              failing = true;
            slots.add(`${d.proposalPk}:${s.instrumentId}`);
            touched.add(s.technicalReviewId);
            reviews.set(s.technicalReviewId, {
              technical_review_id: s.technicalReviewId,
              proposal_pk: d.proposalPk,
              instrument_id: s.instrumentId,
              status: TechnicalReviewStatus.UNFEASIBLE,
              time_allocation: null,
              comment: null,
              public_comment: null,
              submitted: false,
              reviewer_id: null,
              technical_review_assignee_id: s.technicalReviewAssigneeId,
              files: [],
              questionary_id: s.questionaryId,
              date_modified: at,
            });
          }
          break;
        }
        case PROPOSAL_TECHNIQUES_ASSIGNED:
          techniques.set(e.data.proposalPk, [...e.data.techniques]);
          break;
        case TECHNICAL_REVIEW_SAVED: {
          const r = reviews.get(e.data.technicalReviewId);
          if (!r) break;
          const d = e.data;
          Object.assign(r, {
            status: d.status,
            time_allocation: d.timeAllocation,
            comment: d.comment,
            public_comment: d.publicComment,
            submitted: d.submitted,
            reviewer_id: d.reviewerId,
            files: d.files,
            questionary_id: d.questionaryId,
            date_modified: at,
          });
          touched.add(d.technicalReviewId);
          break;
        }
        case TECHNICAL_REVIEW_SUBMITTED: {
          const r = reviews.get(e.data.technicalReviewId);
          if (!r) break;
          Object.assign(r, { submitted: true, reviewer_id: e.data.reviewerId, date_modified: at });
          touched.add(e.data.technicalReviewId);
          break;
        }
        case TECHNICAL_REVIEW_ASSIGNEE_CHANGED: {
          const r = reviews.get(e.data.technicalReviewId);
          if (!r) break;
          Object.assign(r, {
            technical_review_assignee_id: e.data.technicalReviewAssigneeId,
            date_modified: at,
          });
          touched.add(e.data.technicalReviewId);
          break;
        }
      }
    }
    if (failing) {
      for (const event of events) await this.apply(tx, event, tables);
      return;
    }
    const replace = async (
      table: string,
      rows: [number, unknown[]][],
      insert: (pks: number[], items: unknown[][]) => Promise<void>,
    ) => {
      if (rows.length === 0) return;
      await tx.query(`DELETE FROM ${table} WHERE proposal_pk = ANY($1::int[])`, [rows.map(([pk]) => pk)]);
      await insert(
        rows.map(([pk]) => pk),
        rows.map(([, items]) => items),
      );
    };
    const listed = <T>(rows: [number, T[]][]) =>
      rows.flatMap(([pk, items]) => items.map((item, i) => ({ pk, item, n: i + 1 })));
    await replace(tables.proposal_instruments, [...instruments], async () => {
      const flat = listed([...instruments]);
      if (flat.length === 0) return;
      await tx.query(
        `INSERT INTO ${tables.proposal_instruments} (proposal_pk, instrument_id, sort_order)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
        [flat.map((x) => x.pk), flat.map((x) => x.item), flat.map((x) => x.n)],
      );
    });
    await replace(tables.proposal_techniques, [...techniques], async () => {
      const flat = listed([...techniques]);
      if (flat.length === 0) return;
      await tx.query(
        `INSERT INTO ${tables.proposal_techniques} (proposal_pk, technique_id, technique_name, sort_order)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[])`,
        [
          flat.map((x) => x.pk),
          flat.map((x) => x.item.id),
          flat.map((x) => x.item.name),
          flat.map((x) => x.n),
        ],
      );
    });
    if (touched.size > 0) {
      await tx.query(`DELETE FROM ${reviewTable} WHERE technical_review_id = ANY($1::int[])`, [[...touched]]);
      const kept = [...touched].map((id) => reviews.get(id)).filter((r): r is ReviewRow => !!r);
      if (kept.length > 0)
        await tx.query(
          `INSERT INTO ${reviewTable} (technical_review_id, proposal_pk, instrument_id, status, time_allocation, comment,
             public_comment, submitted, reviewer_id, technical_review_assignee_id, files, questionary_id, date_modified)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(technical_review_id integer, proposal_pk integer,
             instrument_id integer, status text, time_allocation double precision, comment text, public_comment text,
             submitted boolean, reviewer_id integer, technical_review_assignee_id integer, files jsonb,
             questionary_id integer, date_modified timestamptz)`,
          [JSON.stringify(kept)],
        );
    }
  }

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const reviews = tables.technical_reviews;
    const e = event as unknown as ProposalAssessmentEvent;
    switch (e.type) {
      case PROPOSAL_INSTRUMENTS_ASSIGNED: {
        const d = e.data;
        await tx.query(`DELETE FROM ${tables.proposal_instruments} WHERE proposal_pk = $1`, [d.proposalPk]);
        if (d.instruments.length > 0)
          await tx.query(
            `INSERT INTO ${tables.proposal_instruments} (proposal_pk, instrument_id, sort_order)
             SELECT $1, id, n FROM unnest($2::int[]) WITH ORDINALITY AS i(id, n)`,
            [d.proposalPk, d.instruments.map((i) => i.id)],
          );
        if (d.deletedReviewIds.length > 0)
          await tx.query(`DELETE FROM ${reviews} WHERE technical_review_id = ANY($1::int[])`, [
            [...d.deletedReviewIds],
          ]);
        for (const s of d.createdReviews)
          await tx.query(
            `INSERT INTO ${reviews} (technical_review_id, proposal_pk, instrument_id, status, submitted,
               technical_review_assignee_id, questionary_id, date_modified)
             VALUES ($1, $2, $3, $4, false, $5, $6, $7)`,
            [
              s.technicalReviewId,
              d.proposalPk,
              s.instrumentId,
              TechnicalReviewStatus.UNFEASIBLE,
              s.technicalReviewAssigneeId,
              s.questionaryId,
              event.createdAt,
            ],
          );
        return;
      }
      case PROPOSAL_TECHNIQUES_ASSIGNED: {
        const d = e.data;
        await tx.query(`DELETE FROM ${tables.proposal_techniques} WHERE proposal_pk = $1`, [d.proposalPk]);
        if (d.techniques.length > 0)
          await tx.query(
            `INSERT INTO ${tables.proposal_techniques} (proposal_pk, technique_id, technique_name, sort_order)
             SELECT $1, id, name, n FROM unnest($2::int[], $3::text[]) WITH ORDINALITY AS t(id, name, n)`,
            [d.proposalPk, d.techniques.map((t) => t.id), d.techniques.map((t) => t.name)],
          );
        return;
      }
      case TECHNICAL_REVIEW_SAVED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${reviews} SET status = $2, time_allocation = $3, comment = $4, public_comment = $5, submitted = $6,
             reviewer_id = $7, files = $8::jsonb, questionary_id = $9, date_modified = $10
           WHERE technical_review_id = $1`,
          [
            d.technicalReviewId,
            d.status,
            d.timeAllocation,
            d.comment,
            d.publicComment,
            d.submitted,
            d.reviewerId,
            JSON.stringify(d.files),
            d.questionaryId,
            event.createdAt,
          ],
        );
        return;
      }
      case TECHNICAL_REVIEW_SUBMITTED:
        await tx.query(
          `UPDATE ${reviews} SET submitted = true, reviewer_id = $2, date_modified = $3 WHERE technical_review_id = $1`,
          [e.data.technicalReviewId, e.data.reviewerId, event.createdAt],
        );
        return;
      case TECHNICAL_REVIEW_ASSIGNEE_CHANGED:
        await tx.query(
          `UPDATE ${reviews} SET technical_review_assignee_id = $2, date_modified = $3 WHERE technical_review_id = $1`,
          [e.data.technicalReviewId, e.data.technicalReviewAssigneeId, event.createdAt],
        );
        return;
    }
  }
}
