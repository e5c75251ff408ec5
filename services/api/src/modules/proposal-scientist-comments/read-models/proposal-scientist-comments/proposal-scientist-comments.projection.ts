import { Injectable } from '@nestjs/common';
import {
  PROPOSAL_SCIENTIST_COMMENT_CREATED,
  PROPOSAL_SCIENTIST_COMMENT_DELETED,
  PROPOSAL_SCIENTIST_COMMENT_UPDATED,
  type ProposalScientistCommentData,
  type ProposalScientistCommentDeletedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const PROPOSAL_SCIENTIST_COMMENTS_PROJECTION = 'proposal_scientist_comments';

/**
 * Proposal scientist comments (§3) with who changed them last and when; inline, so a mutation returns the saved
 * comment. A deleted comment keeps its row (marked deleted) so that the delete can return it.
 */
@Injectable()
@RegisterProjection()
export class ProposalScientistCommentsProjection implements Projection {
  readonly name = PROPOSAL_SCIENTIST_COMMENTS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    PROPOSAL_SCIENTIST_COMMENT_CREATED,
    PROPOSAL_SCIENTIST_COMMENT_UPDATED,
    PROPOSAL_SCIENTIST_COMMENT_DELETED,
  ];
  readonly tables = [
    {
      name: 'proposal_scientist_comments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          comment_id integer PRIMARY KEY,
          proposal_pk integer NOT NULL,
          comment text NOT NULL,
          last_modified_by integer,
          date_modified timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE UNIQUE INDEX ON ${t} (proposal_pk) WHERE NOT deleted`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables.proposal_scientist_comments;
    const who = event.metadata.actorId ?? null;
    const when = event.createdAt.toISOString();
    if (event.type === PROPOSAL_SCIENTIST_COMMENT_DELETED) {
      const d = event.data as ProposalScientistCommentDeletedData;
      await tx.query(
        `UPDATE ${table} SET deleted = true, last_modified_by = $2, date_modified = $3 WHERE comment_id = $1`,
        [d.commentId, who, when],
      );
      return;
    }
    const d = event.data as ProposalScientistCommentData;
    await tx.query(
      `INSERT INTO ${table} (comment_id, proposal_pk, comment, last_modified_by, date_modified) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (comment_id) DO UPDATE SET comment = excluded.comment,
         last_modified_by = excluded.last_modified_by, date_modified = excluded.date_modified`,
      [d.commentId, d.proposalPk, d.comment, who, when],
    );
  }
}
