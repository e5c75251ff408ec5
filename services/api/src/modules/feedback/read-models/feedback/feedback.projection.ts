import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_CREATED,
  FEEDBACK_EVENT_TYPES,
  FEEDBACK_SUBMITTED,
  FeedbackStatus,
  type FeedbackEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const FEEDBACK_PROJECTION = 'feedback';

/** Feedback (one per user and experiment); inline, so each mutation returns what it saved. */
@Injectable()
@RegisterProjection()
export class FeedbackProjection implements Projection {
  readonly name = FEEDBACK_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [...FEEDBACK_EVENT_TYPES];
  readonly tables = [
    {
      name: 'feedbacks',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          feedback_id integer PRIMARY KEY,
          experiment_pk integer NOT NULL,
          proposal_pk integer NOT NULL,
          creator_id integer NOT NULL,
          questionary_id integer NOT NULL,
          status text NOT NULL,
          submitted_at timestamptz,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          UNIQUE (experiment_pk, creator_id)
        )`,
        `CREATE INDEX ON ${t} (questionary_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const feedbacks = tables.feedbacks;
    const when = event.createdAt.toISOString();
    const e = event as unknown as FeedbackEvent;
    switch (e.type) {
      case FEEDBACK_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${feedbacks} (feedback_id, experiment_pk, proposal_pk, creator_id, questionary_id, status,
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (feedback_id) DO NOTHING`,
          [
            d.feedbackId,
            d.experimentPk,
            d.proposalPk,
            d.creatorId,
            d.questionaryId,
            FeedbackStatus.DRAFT,
            when,
          ],
        );
        return;
      }
      case FEEDBACK_SUBMITTED:
        await tx.query(
          `UPDATE ${feedbacks} SET status = $2, submitted_at = $3, updated_at = $4 WHERE feedback_id = $1`,
          [e.data.feedbackId, FeedbackStatus.SUBMITTED, e.data.submittedAt, when],
        );
        return;
      default:
        return;
    }
  }
}
