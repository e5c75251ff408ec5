import { Injectable } from '@nestjs/common';
import {
  INTERNAL_REVIEW_CREATED,
  INTERNAL_REVIEW_DELETED,
  INTERNAL_REVIEW_UPDATED,
  type InternalReviewCreatedData,
  type InternalReviewDeletedData,
  type InternalReviewUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const INTERNAL_REVIEWS_PROJECTION = 'internal_reviews';

/**
 * Internal reviews (§3) by technical review; inline, so a mutation returns the saved review. A deleted review
 * keeps its row (marked deleted) so that the delete can return it.
 */
@Injectable()
@RegisterProjection()
export class InternalReviewsProjection implements Projection {
  readonly name = INTERNAL_REVIEWS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [INTERNAL_REVIEW_CREATED, INTERNAL_REVIEW_UPDATED, INTERNAL_REVIEW_DELETED];
  readonly tables = [
    {
      name: 'internal_reviews',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          technical_review_id integer NOT NULL,
          title text NOT NULL,
          comment text,
          reviewer_id integer NOT NULL,
          files jsonb NOT NULL DEFAULT '[]',
          assigned_by integer,
          created_at timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (technical_review_id) WHERE NOT deleted`,
        `CREATE INDEX ON ${t} (reviewer_id) WHERE NOT deleted`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables.internal_reviews;
    switch (event.type) {
      case INTERNAL_REVIEW_CREATED: {
        const d = event.data as InternalReviewCreatedData;
        await tx.query(
          `INSERT INTO ${table} (id, technical_review_id, title, comment, reviewer_id, files, assigned_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [
            d.id,
            d.technicalReviewId,
            d.title,
            d.comment,
            d.reviewerId,
            JSON.stringify(d.files),
            d.assignedBy,
            event.createdAt.toISOString(),
          ],
        );
        return;
      }
      case INTERNAL_REVIEW_UPDATED: {
        const d = event.data as InternalReviewUpdatedData;
        await tx.query(
          `UPDATE ${table} SET title = $2, comment = $3, reviewer_id = $4, files = $5::jsonb WHERE id = $1`,
          [d.id, d.title, d.comment, d.reviewerId, JSON.stringify(d.files)],
        );
        return;
      }
      case INTERNAL_REVIEW_DELETED: {
        const d = event.data as InternalReviewDeletedData;
        await tx.query(`UPDATE ${table} SET deleted = true WHERE id = $1`, [d.id]);
        return;
      }
    }
  }
}
