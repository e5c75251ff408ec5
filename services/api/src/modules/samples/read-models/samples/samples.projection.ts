import { Injectable } from '@nestjs/common';
import {
  SAMPLE_CREATED,
  SAMPLE_DELETED,
  SAMPLE_SAFETY_EVALUATED,
  SAMPLE_UPDATED,
  type SampleEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const SAMPLES_PROJECTION = 'samples';

/** Samples by proposal and question with their safety evaluation (deleted ones kept, flagged); inline. */
@Injectable()
@RegisterProjection()
export class SamplesProjection implements Projection {
  readonly name = SAMPLES_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [SAMPLE_CREATED, SAMPLE_UPDATED, SAMPLE_SAFETY_EVALUATED, SAMPLE_DELETED];
  readonly tables = [
    {
      name: 'samples',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          sample_id integer PRIMARY KEY,
          title text NOT NULL,
          creator_id integer NOT NULL,
          proposal_pk integer NOT NULL,
          question_id text NOT NULL,
          template_id integer NOT NULL,
          questionary_id integer NOT NULL,
          is_post_proposal_submission boolean NOT NULL DEFAULT false,
          safety_status text NOT NULL,
          safety_comment text NOT NULL DEFAULT '',
          created timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ${t}_proposal ON ${t} (proposal_pk, question_id)`,
        `CREATE UNIQUE INDEX ${t}_questionary ON ${t} (questionary_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.samples;
    const e = event as unknown as SampleEvent;
    switch (e.type) {
      case SAMPLE_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${t} (sample_id, title, creator_id, proposal_pk, question_id, template_id, questionary_id,
             is_post_proposal_submission, safety_status, created)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            d.sampleId,
            d.title,
            d.creatorId,
            d.proposalPk,
            d.questionId,
            d.templateId,
            d.questionaryId,
            d.isPostProposalSubmission,
            d.safetyStatus,
            event.createdAt,
          ],
        );
        return;
      }
      case SAMPLE_UPDATED:
        await tx.query(`UPDATE ${t} SET title = $2 WHERE sample_id = $1`, [e.data.sampleId, e.data.title]);
        return;
      case SAMPLE_SAFETY_EVALUATED:
        await tx.query(`UPDATE ${t} SET safety_status = $2, safety_comment = $3 WHERE sample_id = $1`, [
          e.data.sampleId,
          e.data.safetyStatus,
          e.data.safetyComment,
        ]);
        return;
      case SAMPLE_DELETED:
        await tx.query(`UPDATE ${t} SET deleted = true WHERE sample_id = $1`, [e.data.sampleId]);
        return;
    }
  }
}
