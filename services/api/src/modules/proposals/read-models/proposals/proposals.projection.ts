import { Injectable } from '@nestjs/common';
import {
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  CO_PROPOSER_INVITED,
  CO_PROPOSER_INVITE_ACCEPTED,
  CO_PROPOSER_INVITE_CANCELLED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  type ProposalEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const PROPOSALS_PROJECTION = 'proposals';

type Tables = Readonly<Record<string, string>>;

/** Proposals and their members (PI and co-proposers); inline, so a mutation returns the saved proposal. */
@Injectable()
@RegisterProjection()
export class ProposalsProjection implements Projection {
  readonly name = PROPOSALS_PROJECTION;
  readonly version = 3;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    PROPOSAL_CREATED,
    PROPOSAL_UPDATED,
    PROPOSAL_SUBMITTED,
    PROPOSAL_DELETED,
    PROPOSAL_STATUS_CHANGED,
    CO_PROPOSER_INVITED,
    CO_PROPOSER_INVITE_CANCELLED,
    CO_PROPOSER_INVITE_ACCEPTED,
    PROPOSAL_MANAGEMENT_DECISION_UPDATED,
    PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
    PROPOSAL_NOTIFIED,
  ];
  readonly tables = [
    {
      name: 'proposals',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          proposal_pk integer PRIMARY KEY,
          proposal_id text NOT NULL,
          title text NOT NULL,
          abstract text NOT NULL,
          status_id integer NOT NULL,
          call_id integer NOT NULL,
          questionary_id integer NOT NULL,
          proposer_id integer NOT NULL,
          submitted boolean NOT NULL DEFAULT false,
          submitted_date timestamptz,
          notified boolean NOT NULL DEFAULT false,
          final_status text NOT NULL DEFAULT 'UNSET',
          comment_for_user text NOT NULL DEFAULT '',
          comment_for_management text NOT NULL DEFAULT '',
          management_decision_submitted boolean NOT NULL DEFAULT false,
          management_time_allocations jsonb NOT NULL DEFAULT '[]',
          created timestamptz NOT NULL,
          updated timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ${t}_call ON ${t} (call_id)`,
        `CREATE INDEX ${t}_proposer ON ${t} (proposer_id)`,
        `CREATE UNIQUE INDEX ${t}_questionary ON ${t} (questionary_id)`,
      ],
    },
    {
      name: 'proposal_users',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, user_id integer NOT NULL, PRIMARY KEY (proposal_pk, user_id))`,
        `CREATE INDEX ${t}_user ON ${t} (user_id)`,
      ],
    },
    {
      name: 'proposal_invites',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          invite_id text PRIMARY KEY,
          proposal_pk integer NOT NULL,
          code text NOT NULL UNIQUE,
          email text NOT NULL,
          created_at timestamptz NOT NULL,
          created_by integer NOT NULL,
          expires_at timestamptz NOT NULL,
          claimed_at timestamptz,
          claimed_by integer,
          cancelled boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ${t}_proposal ON ${t} (proposal_pk)`,
      ],
    },
  ];

  /**
   * A bulk status change (one append over many proposals) in one statement: each run of status changes of distinct
   * proposals is one set-based UPDATE; every other event goes through `apply`, in order (the same effect as one by
   * one).
   */
  async applyBatch(tx: SqlExecutor, events: readonly StoredEvent[], tables: Tables): Promise<void> {
    const run = new Map<number, { statusId: number; at: Date }>();
    const flush = async () => {
      if (run.size === 0) return;
      const rows = [...run];
      run.clear();
      await tx.query(
        `UPDATE ${tables.proposals} p SET status_id = c.status_id, updated = c.at
           FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS c(proposal_pk, status_id, at)
          WHERE p.proposal_pk = c.proposal_pk`,
        [rows.map(([pk]) => pk), rows.map(([, r]) => r.statusId), rows.map(([, r]) => r.at.toISOString())],
      );
    };
    for (const event of events) {
      if (event.type === PROPOSAL_STATUS_CHANGED) {
        const d = event.data as { proposalPk: number; statusId: number };
        if (run.has(d.proposalPk)) await flush();
        run.set(d.proposalPk, { statusId: d.statusId, at: event.createdAt });
        continue;
      }
      await flush();
      await this.apply(tx, event, tables);
    }
    await flush();
  }

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Tables): Promise<void> {
    const t = tables.proposals;
    const e = event as unknown as ProposalEvent;
    switch (e.type) {
      case PROPOSAL_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${t} (proposal_pk, proposal_id, title, abstract, status_id, call_id, questionary_id, proposer_id, created, updated)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
          [
            d.proposalPk,
            d.proposalId,
            d.title,
            d.abstract,
            d.statusId,
            d.callId,
            d.questionaryId,
            d.proposerId,
            event.createdAt,
          ],
        );
        await this.setUsers(tx, tables, d.proposalPk, d.userIds);
        return;
      }
      case PROPOSAL_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${t} SET title = $2, abstract = $3, proposer_id = $4, updated = $5 WHERE proposal_pk = $1`,
          [d.proposalPk, d.title, d.abstract, d.proposerId, event.createdAt],
        );
        await this.setUsers(tx, tables, d.proposalPk, d.userIds);
        return;
      }
      case PROPOSAL_SUBMITTED:
        await tx.query(
          `UPDATE ${t} SET submitted = true, submitted_date = $2, proposal_id = $3, updated = $4 WHERE proposal_pk = $1`,
          [e.data.proposalPk, e.data.submittedAt, e.data.proposalId, event.createdAt],
        );
        return;
      case PROPOSAL_DELETED:
        await tx.query(`UPDATE ${t} SET deleted = true, updated = $2 WHERE proposal_pk = $1`, [
          e.data.proposalPk,
          event.createdAt,
        ]);
        return;
      case CO_PROPOSER_INVITED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.proposal_invites} (invite_id, proposal_pk, code, email, created_at, created_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [d.inviteId, d.proposalPk, d.code, d.email, event.createdAt, d.createdByUserId, d.expiresAt],
        );
        return;
      }
      case CO_PROPOSER_INVITE_CANCELLED:
        await tx.query(`UPDATE ${tables.proposal_invites} SET cancelled = true WHERE invite_id = $1`, [
          e.data.inviteId,
        ]);
        return;
      case CO_PROPOSER_INVITE_ACCEPTED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${tables.proposal_invites} SET claimed_at = $2, claimed_by = $3 WHERE invite_id = $1`,
          [d.inviteId, d.claimedAt, d.userId],
        );
        await tx.query(
          `INSERT INTO ${tables.proposal_users} (proposal_pk, user_id)
           SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM ${t} WHERE proposal_pk = $1 AND proposer_id = $2)
           ON CONFLICT DO NOTHING`,
          [d.proposalPk, d.userId],
        );
        return;
      }
      case PROPOSAL_MANAGEMENT_DECISION_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${t} SET final_status = $2, comment_for_user = $3, comment_for_management = $4,
             management_time_allocations = $5::jsonb, management_decision_submitted = $6, updated = $7
           WHERE proposal_pk = $1`,
          [
            d.proposalPk,
            d.finalStatus,
            d.commentForUser,
            d.commentForManagement,
            JSON.stringify(d.managementTimeAllocations),
            d.managementDecisionSubmitted,
            event.createdAt,
          ],
        );
        return;
      }
      case PROPOSAL_MANAGEMENT_DECISION_SUBMITTED:
        await tx.query(
          `UPDATE ${t} SET management_decision_submitted = true, updated = $2 WHERE proposal_pk = $1`,
          [e.data.proposalPk, event.createdAt],
        );
        return;
      case PROPOSAL_NOTIFIED:
        await tx.query(`UPDATE ${t} SET notified = true, updated = $2 WHERE proposal_pk = $1`, [
          e.data.proposalPk,
          event.createdAt,
        ]);
        return;
      case PROPOSAL_STATUS_CHANGED:
        await tx.query(`UPDATE ${t} SET status_id = $2, updated = $3 WHERE proposal_pk = $1`, [
          e.data.proposalPk,
          e.data.statusId,
          event.createdAt,
        ]);
        return;
    }
  }

  private async setUsers(tx: SqlExecutor, tables: Tables, proposalPk: number, userIds: readonly number[]) {
    await tx.query(`DELETE FROM ${tables.proposal_users} WHERE proposal_pk = $1`, [proposalPk]);
    if (userIds.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables.proposal_users} (proposal_pk, user_id) SELECT $1, u FROM unnest($2::int[]) AS u ON CONFLICT DO NOTHING`,
      [proposalPk, userIds],
    );
  }
}
