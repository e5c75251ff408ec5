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
