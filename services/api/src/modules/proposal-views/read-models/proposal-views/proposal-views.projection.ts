import { Injectable } from '@nestjs/common';
import {
  CALL_CREATED,
  CALL_UPDATED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  STATUS_CREATED,
  STATUS_UPDATED,
  USER_CREATED,
  USER_UPDATED,
  type CallEvent,
  type ProposalEvent,
  type StatusCreatedData,
  type StatusUpdatedData,
  type UserCreatedData,
  type UserUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const PROPOSAL_VIEWS_PROJECTION = 'proposal_views';

type Tables = Readonly<Record<string, string>>;

/** The words a staff search matches: reference, title, PI names and e-mail. */
const SEARCH = (t: string) =>
  `to_tsvector('simple', coalesce(${t}.proposal_id, '') || ' ' || coalesce(${t}.title, '') || ' ' ||
    coalesce(${t}.pi_firstname, '') || ' ' || coalesce(${t}.pi_lastname, '') || ' ' ||
    coalesce(${t}.pi_preferredname, '') || ' ' || coalesce(${t}.pi_email, ''))`;

/**
 * The staff proposals table (§2, §3 Proposal view): one row per live proposal with the PI's names, the call's
 * short code and the status name copied in, kept current from user, call and status events through the
 * projection's own lookup tables (so a rebuild needs nothing but the events). Inline; indexed for the filters,
 * sorts and the text search of getProposalsCore.
 */
@Injectable()
@RegisterProjection()
export class ProposalViewsProjection implements Projection {
  readonly name = PROPOSAL_VIEWS_PROJECTION;
  readonly version = 2;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    PROPOSAL_CREATED,
    PROPOSAL_UPDATED,
    PROPOSAL_SUBMITTED,
    PROPOSAL_DELETED,
    PROPOSAL_STATUS_CHANGED,
    PROPOSAL_MANAGEMENT_DECISION_UPDATED,
    PROPOSAL_NOTIFIED,
    USER_CREATED,
    USER_UPDATED,
    CALL_CREATED,
    CALL_UPDATED,
    STATUS_CREATED,
    STATUS_UPDATED,
  ];
  readonly tables = [
    {
      name: 'proposal_views',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          proposal_pk integer PRIMARY KEY,
          proposal_id text NOT NULL,
          title text NOT NULL,
          pi_id integer NOT NULL,
          pi_firstname text,
          pi_lastname text,
          pi_preferredname text,
          pi_email text,
          submitted boolean NOT NULL DEFAULT false,
          submitted_date timestamptz,
          status_id integer NOT NULL,
          status_name text,
          notified boolean NOT NULL DEFAULT false,
          call_id integer NOT NULL,
          call_short_code text,
          allocation_time_unit text,
          final_status text NOT NULL DEFAULT 'UNSET',
          questionary_id integer NOT NULL,
          created timestamptz NOT NULL,
          search tsvector
        )`,
        // (filter, newest first): the default order of a filtered page reads the index backwards, no sort
        `CREATE INDEX ${t}_call ON ${t} (call_id, proposal_pk)`,
        `CREATE INDEX ${t}_status ON ${t} (status_id, proposal_pk)`,
        `CREATE INDEX ${t}_pi ON ${t} (pi_id)`,
        `CREATE INDEX ${t}_title ON ${t} (title, proposal_pk)`,
        `CREATE INDEX ${t}_proposal_id ON ${t} (proposal_id)`,
        `CREATE INDEX ${t}_questionary ON ${t} (questionary_id)`,
        `CREATE INDEX ${t}_created ON ${t} (created, proposal_pk)`,
        `CREATE INDEX ${t}_search ON ${t} USING gin (search)`,
      ],
    },
    {
      name: 'proposal_view_users',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (user_id integer PRIMARY KEY, firstname text, lastname text, preferredname text, email text)`,
      ],
    },
    {
      name: 'proposal_view_calls',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (call_id integer PRIMARY KEY, short_code text NOT NULL, allocation_time_unit text)`,
      ],
    },
    {
      name: 'proposal_view_statuses',
      ddl: (t: string) => [`CREATE TABLE ${t} (status_id integer PRIMARY KEY, name text NOT NULL)`],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Tables): Promise<void> {
    const t = tables.proposal_views;
    const e = event as unknown as ProposalEvent | CallEvent;
    switch (event.type) {
      case USER_CREATED: {
        const d = event.data as UserCreatedData;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_users} (user_id, firstname, lastname, preferredname, email) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id) DO UPDATE SET firstname = excluded.firstname, lastname = excluded.lastname,
             preferredname = excluded.preferredname, email = excluded.email`,
          [d.id, d.firstname, d.lastname, d.preferredname, d.email],
        );
        return;
      }
      case USER_UPDATED: {
        const d = event.data as UserUpdatedData;
        const c = d.changes;
        if (
          c.firstname === undefined &&
          c.lastname === undefined &&
          c.preferredname === undefined &&
          c.email === undefined
        )
          return;
        await tx.query(
          `UPDATE ${tables.proposal_view_users} SET firstname = coalesce($2, firstname), lastname = coalesce($3, lastname),
             preferredname = CASE WHEN $6 THEN $4 ELSE preferredname END, email = coalesce($5, email) WHERE user_id = $1`,
          [
            d.id,
            c.firstname ?? null,
            c.lastname ?? null,
            c.preferredname ?? null,
            c.email ?? null,
            c.preferredname !== undefined,
          ],
        );
        await tx.query(
          `UPDATE ${t} v SET pi_firstname = u.firstname, pi_lastname = u.lastname, pi_preferredname = u.preferredname, pi_email = u.email
           FROM ${tables.proposal_view_users} u WHERE u.user_id = $1 AND v.pi_id = $1`,
          [d.id],
        );
        await this.reindex(tx, t, `pi_id = $1`, [d.id]);
        return;
      }
      case STATUS_CREATED:
      case STATUS_UPDATED: {
        const d = event.data as StatusCreatedData | StatusUpdatedData;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_statuses} (status_id, name) VALUES ($1, $2)
           ON CONFLICT (status_id) DO UPDATE SET name = excluded.name`,
          [d.statusId, d.name],
        );
        if (event.type === STATUS_UPDATED)
          await tx.query(`UPDATE ${t} SET status_name = $2 WHERE status_id = $1`, [d.statusId, d.name]);
        return;
      }
    }
    switch (e.type) {
      case CALL_CREATED:
      case CALL_UPDATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_calls} (call_id, short_code, allocation_time_unit) VALUES ($1, $2, $3)
           ON CONFLICT (call_id) DO UPDATE SET short_code = excluded.short_code, allocation_time_unit = excluded.allocation_time_unit`,
          [d.callId, d.shortCode, d.allocationTimeUnit],
        );
        if (e.type === CALL_UPDATED)
          await tx.query(
            `UPDATE ${t} SET call_short_code = $2, allocation_time_unit = $3 WHERE call_id = $1`,
            [d.callId, d.shortCode, d.allocationTimeUnit],
          );
        return;
      }
      case PROPOSAL_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${t} (proposal_pk, proposal_id, title, pi_id, pi_firstname, pi_lastname, pi_preferredname, pi_email,
             status_id, status_name, call_id, call_short_code, allocation_time_unit, questionary_id, created)
           SELECT $1, $2, $3, $4, u.firstname, u.lastname, u.preferredname, u.email, $5, s.name, $6, c.short_code,
             c.allocation_time_unit, $7, $8
           FROM (SELECT 1) one
           LEFT JOIN ${tables.proposal_view_users} u ON u.user_id = $4
           LEFT JOIN ${tables.proposal_view_statuses} s ON s.status_id = $5
           LEFT JOIN ${tables.proposal_view_calls} c ON c.call_id = $6`,
          [
            d.proposalPk,
            d.proposalId,
            d.title,
            d.proposerId,
            d.statusId,
            d.callId,
            d.questionaryId,
            event.createdAt,
          ],
        );
        await this.reindex(tx, t, 'proposal_pk = $1', [d.proposalPk]);
        return;
      }
      case PROPOSAL_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${t} v SET title = $2, pi_id = $3, pi_firstname = u.firstname, pi_lastname = u.lastname,
             pi_preferredname = u.preferredname, pi_email = u.email
           FROM (SELECT 1) one LEFT JOIN ${tables.proposal_view_users} u ON u.user_id = $3
           WHERE v.proposal_pk = $1`,
          [d.proposalPk, d.title, d.proposerId],
        );
        await this.reindex(tx, t, 'proposal_pk = $1', [d.proposalPk]);
        return;
      }
      case PROPOSAL_SUBMITTED:
        await tx.query(
          `UPDATE ${t} SET submitted = true, submitted_date = $2, proposal_id = $3 WHERE proposal_pk = $1`,
          [e.data.proposalPk, e.data.submittedAt, e.data.proposalId],
        );
        await this.reindex(tx, t, 'proposal_pk = $1', [e.data.proposalPk]);
        return;
      case PROPOSAL_DELETED:
        await tx.query(`DELETE FROM ${t} WHERE proposal_pk = $1`, [e.data.proposalPk]);
        return;
      case PROPOSAL_MANAGEMENT_DECISION_UPDATED:
        await tx.query(`UPDATE ${t} SET final_status = $2 WHERE proposal_pk = $1`, [
          e.data.proposalPk,
          e.data.finalStatus,
        ]);
        return;
      case PROPOSAL_NOTIFIED:
        await tx.query(`UPDATE ${t} SET notified = true WHERE proposal_pk = $1`, [e.data.proposalPk]);
        return;
      case PROPOSAL_STATUS_CHANGED:
        await tx.query(
          `UPDATE ${t} v SET status_id = $2, status_name = s.name
           FROM (SELECT 1) one LEFT JOIN ${tables.proposal_view_statuses} s ON s.status_id = $2
           WHERE v.proposal_pk = $1`,
          [e.data.proposalPk, e.data.statusId],
        );
        return;
    }
  }

  private async reindex(tx: SqlExecutor, t: string, where: string, params: unknown[]): Promise<void> {
    await tx.query(`UPDATE ${t} SET search = ${SEARCH(t)} WHERE ${where}`, params);
  }
}
