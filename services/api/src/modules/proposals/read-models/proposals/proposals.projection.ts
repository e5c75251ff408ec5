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
   * Several events in a few statements, with exactly the effect of applying them one by one: the proposals created
   * in the batch, their members and the invites created in it are folded in memory (their later events change the
   * folded rows) and inserted at once; each run of status changes of distinct proposals created before the batch
   * is one set-based UPDATE (a bulk status change); any other event writes what was folded, then goes through
   * `apply`, in order.
   */
  async applyBatch(tx: SqlExecutor, events: readonly StoredEvent[], tables: Tables): Promise<void> {
    let run = new FoldedProposals();
    const statuses = new Map<number, { statusId: number; at: Date }>();
    const flushStatuses = async () => {
      if (statuses.size === 0) return;
      const rows = [...statuses];
      statuses.clear();
      await tx.query(
        `UPDATE ${tables.proposals} p SET status_id = c.status_id, updated = c.at
           FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS c(proposal_pk, status_id, at)
          WHERE p.proposal_pk = c.proposal_pk`,
        [rows.map(([pk]) => pk), rows.map(([, r]) => r.statusId), rows.map(([, r]) => r.at.toISOString())],
      );
    };
    for (const event of events) {
      if (run.fold(event as unknown as ProposalEvent, event.createdAt)) continue;
      await run.flush(tx, tables);
      run = new FoldedProposals();
      if (event.type === PROPOSAL_STATUS_CHANGED) {
        const d = event.data as { proposalPk: number; statusId: number };
        if (statuses.has(d.proposalPk)) await flushStatuses();
        statuses.set(d.proposalPk, { statusId: d.statusId, at: event.createdAt });
        continue;
      }
      await flushStatuses();
      await this.apply(tx, event, tables);
    }
    await flushStatuses();
    await run.flush(tx, tables);
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

/** a proposal created in the batch, as its row will be inserted */
interface FoldedProposal {
  proposal_pk: number;
  proposal_id: string;
  title: string;
  abstract: string;
  status_id: number;
  call_id: number;
  questionary_id: number;
  proposer_id: number;
  submitted: boolean;
  submitted_date: string | null;
  notified: boolean;
  final_status: string;
  comment_for_user: string;
  comment_for_management: string;
  management_decision_submitted: boolean;
  management_time_allocations: unknown;
  created: Date;
  updated: Date;
  deleted: boolean;
  users: Set<number>;
}

interface FoldedInvite {
  invite_id: string;
  proposal_pk: number;
  code: string;
  email: string;
  created_at: Date;
  created_by: number;
  expires_at: string;
  claimed_at: string | null;
  claimed_by: number | null;
  cancelled: boolean;
}

/**
 * The proposals (with their members) and invites created in a run of events, folded in memory. An event that is
 * not of one of them (or that one by one would have failed, like a second creation) is not folded: the caller
 * writes the run, then applies it.
 */
class FoldedProposals {
  private readonly rows = new Map<number, FoldedProposal>();
  private readonly invites = new Map<string, FoldedInvite>();
  /** a batch's rows are not only inserted in order: a second creation of a pk or code is left to `apply` */
  private readonly codes = new Set<string>();

  fold(e: ProposalEvent, at: Date): boolean {
    if (e.type === PROPOSAL_CREATED) {
      const d = e.data;
      if (this.rows.has(d.proposalPk)) return false;
      this.rows.set(d.proposalPk, {
        proposal_pk: d.proposalPk,
        proposal_id: d.proposalId,
        title: d.title,
        abstract: d.abstract,
        status_id: d.statusId,
        call_id: d.callId,
        questionary_id: d.questionaryId,
        proposer_id: d.proposerId,
        submitted: false,
        submitted_date: null,
        notified: false,
        final_status: 'UNSET',
        comment_for_user: '',
        comment_for_management: '',
        management_decision_submitted: false,
        management_time_allocations: [],
        created: at,
        updated: at,
        deleted: false,
        users: new Set(d.userIds),
      });
      return true;
    }
    if (e.type === CO_PROPOSER_INVITED) {
      const d = e.data;
      if (this.invites.has(d.inviteId) || this.codes.has(d.code)) return false;
      this.codes.add(d.code);
      this.invites.set(d.inviteId, {
        invite_id: d.inviteId,
        proposal_pk: d.proposalPk,
        code: d.code,
        email: d.email,
        created_at: at,
        created_by: d.createdByUserId,
        expires_at: d.expiresAt,
        claimed_at: null,
        claimed_by: null,
        cancelled: false,
      });
      return true;
    }
    if (e.type === CO_PROPOSER_INVITE_CANCELLED) {
      const invite = this.invites.get(e.data.inviteId);
      if (!invite) return false;
      invite.cancelled = true;
      return true;
    }
    const row = this.rows.get(e.data.proposalPk);
    if (!row) return false;
    switch (e.type) {
      case CO_PROPOSER_INVITE_ACCEPTED: {
        const invite = this.invites.get(e.data.inviteId);
        if (!invite) return false;
        invite.claimed_at = e.data.claimedAt;
        invite.claimed_by = e.data.userId;
        if (row.proposer_id !== e.data.userId) row.users.add(e.data.userId);
        return true;
      }
      case PROPOSAL_UPDATED:
        row.title = e.data.title;
        row.abstract = e.data.abstract;
        row.proposer_id = e.data.proposerId;
        row.users = new Set(e.data.userIds);
        break;
      case PROPOSAL_SUBMITTED:
        row.submitted = true;
        row.submitted_date = e.data.submittedAt;
        row.proposal_id = e.data.proposalId;
        break;
      case PROPOSAL_DELETED:
        row.deleted = true;
        break;
      case PROPOSAL_MANAGEMENT_DECISION_UPDATED:
        row.final_status = e.data.finalStatus;
        row.comment_for_user = e.data.commentForUser;
        row.comment_for_management = e.data.commentForManagement;
        row.management_time_allocations = e.data.managementTimeAllocations;
        row.management_decision_submitted = e.data.managementDecisionSubmitted;
        break;
      case PROPOSAL_MANAGEMENT_DECISION_SUBMITTED:
        row.management_decision_submitted = true;
        break;
      case PROPOSAL_NOTIFIED:
        row.notified = true;
        break;
      case PROPOSAL_STATUS_CHANGED:
        row.status_id = e.data.statusId;
        break;
      default:
        return false;
    }
    row.updated = at;
    return true;
  }

  async flush(tx: SqlExecutor, tables: Tables): Promise<void> {
    const rows = [...this.rows.values()];
    if (rows.length > 0) {
      await tx.query(
        `INSERT INTO ${tables.proposals} (proposal_pk, proposal_id, title, abstract, status_id, call_id, questionary_id,
           proposer_id, submitted, submitted_date, notified, final_status, comment_for_user, comment_for_management,
           management_decision_submitted, management_time_allocations, created, updated, deleted)
         SELECT r.proposal_pk, r.proposal_id, r.title, r.abstract, r.status_id, r.call_id, r.questionary_id,
           r.proposer_id, r.submitted, r.submitted_date, r.notified, r.final_status, r.comment_for_user,
           r.comment_for_management, r.management_decision_submitted, r.management_time_allocations, r.created,
           r.updated, r.deleted
         FROM jsonb_to_recordset($1::jsonb) AS r(proposal_pk integer, proposal_id text, title text, abstract text,
           status_id integer, call_id integer, questionary_id integer, proposer_id integer, submitted boolean,
           submitted_date timestamptz, notified boolean, final_status text, comment_for_user text,
           comment_for_management text, management_decision_submitted boolean, management_time_allocations jsonb,
           created timestamptz, updated timestamptz, deleted boolean)`,
        [JSON.stringify(rows.map(({ users: _, ...r }) => r))],
      );
      // one by one, a creation replaces the members a proposal's pk may already have (an earlier accepted invite)
      await tx.query(`DELETE FROM ${tables.proposal_users} WHERE proposal_pk = ANY($1::int[])`, [
        rows.map((r) => r.proposal_pk),
      ]);
      const members = rows.flatMap((r) => [...r.users].map((u) => [r.proposal_pk, u] as const));
      if (members.length > 0)
        await tx.query(
          `INSERT INTO ${tables.proposal_users} (proposal_pk, user_id) SELECT * FROM unnest($1::int[], $2::int[])`,
          [members.map(([pk]) => pk), members.map(([, u]) => u)],
        );
    }
    const invites = [...this.invites.values()];
    if (invites.length > 0)
      await tx.query(
        `INSERT INTO ${tables.proposal_invites} (invite_id, proposal_pk, code, email, created_at, created_by, expires_at,
           claimed_at, claimed_by, cancelled)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(invite_id text, proposal_pk integer, code text, email text,
           created_at timestamptz, created_by integer, expires_at timestamptz, claimed_at timestamptz,
           claimed_by integer, cancelled boolean)`,
        [JSON.stringify(invites)],
      );
  }
}
