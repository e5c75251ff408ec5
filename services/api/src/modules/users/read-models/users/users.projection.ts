import { Injectable } from '@nestjs/common';
import {
  CO_PROPOSER_INVITE_ACCEPTED,
  INSTITUTIONS_MERGED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_UPDATED,
  USER_CREATED,
  USER_DELETED,
  USER_OIDC_SUB_LINKED,
  USER_PLACEHOLDER_CLEARED,
  USER_ROLES_UPDATED,
  USER_UPDATED,
  type CoProposerInviteAcceptedData,
  type InstitutionsMergedData,
  type ProposalCreatedData,
  type ProposalDeletedData,
  type ProposalUpdatedData,
  type UserCreatedData,
  type UserProfile,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const USERS_PROJECTION = 'users';

/** the proposals' events that change who is on a proposal: only the membership tables */
const MEMBERSHIP_EVENTS: ReadonlySet<string> = new Set([
  PROPOSAL_CREATED,
  PROPOSAL_UPDATED,
  CO_PROPOSER_INVITE_ACCEPTED,
  PROPOSAL_DELETED,
]);

/** profile field → column */
export const PROFILE_COLUMNS: Record<keyof UserProfile, string> = {
  user_title: 'user_title',
  username: 'username',
  firstname: 'firstname',
  lastname: 'lastname',
  preferredname: 'preferredname',
  gender: 'gender',
  birthdate: 'birthdate',
  institutionId: 'institution_id',
  department: 'department',
  position: 'position',
  email: 'email',
  telephone: 'telephone',
  country: 'country_id',
};

/**
 * Users as the api reads them; inline, so a mutation returns the saved user and a login finds it at once.
 * It also learns who shares a proposal from the proposals' events (the PI and co-proposers of ProposalCreated and
 * ProposalUpdated, who joins by CoProposerInviteAccepted): `user_proposal_members` keeps each proposal's current
 * members, and `user_collaborations` (getPreviousCollaborators) records every pair that ever shared one, both ways.
 * A collaboration is never removed: a co-proposer taken off a proposal still collaborated.
 */
@Injectable()
@RegisterProjection()
export class UsersProjection implements Projection {
  readonly name = USERS_PROJECTION;
  /** 2: previous collaborators from proposal membership */
  readonly version = 2;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    USER_CREATED,
    USER_UPDATED,
    USER_ROLES_UPDATED,
    USER_DELETED,
    USER_PLACEHOLDER_CLEARED,
    USER_OIDC_SUB_LINKED,
    INSTITUTIONS_MERGED,
    PROPOSAL_CREATED,
    PROPOSAL_UPDATED,
    CO_PROPOSER_INVITE_ACCEPTED,
    PROPOSAL_DELETED,
  ];
  readonly tables = [
    {
      name: 'users',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          user_title text, username text, firstname text NOT NULL, lastname text NOT NULL, preferredname text,
          gender text, birthdate text, institution_id integer, department text, position text,
          email text NOT NULL, telephone text, country_id integer,
          oidc_sub text, placeholder boolean NOT NULL, roles text[] NOT NULL,
          created timestamptz NOT NULL, deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (lower(email))`,
        `CREATE INDEX ON ${t} (oidc_sub)`,
        `CREATE INDEX ON ${t} (lower(lastname), lower(firstname))`,
        `CREATE INDEX ON ${t} (institution_id)`,
      ],
    },
    {
      name: 'user_collaborations',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (user_id integer NOT NULL, collaborator_id integer NOT NULL, PRIMARY KEY (user_id, collaborator_id))`,
      ],
    },
    {
      name: 'user_proposal_members',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, user_id integer NOT NULL, PRIMARY KEY (proposal_pk, user_id))`,
      ],
    },
  ];

  /**
   * Several events in a few statements, with exactly the effect of applying them one by one. The users' own events
   * go through `apply`, in order; the proposals' membership events touch only the two membership tables, so they
   * are folded over the whole batch: each touched proposal's members in memory (read first where the batch only
   * adds to them), every pair its members formed at each event collected, then the members replaced and the pairs
   * inserted in one statement each.
   */
  async applyBatch(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    // a command's single event: its own statements (what the batch would write, in fewer round trips)
    if (events.length === 1) return this.apply(tx, events[0], tables);
    const membership = events.filter((e) => MEMBERSHIP_EVENTS.has(e.type));
    for (const event of events) if (!MEMBERSHIP_EVENTS.has(event.type)) await this.apply(tx, event, tables);
    if (membership.length === 0) return;
    const pkOf = (e: StoredEvent) => (e.data as { proposalPk: number }).proposalPk;
    // the proposals whose first event here adds to the members they had: their members are read
    const first = new Map<number, string>();
    for (const e of membership) if (!first.has(pkOf(e))) first.set(pkOf(e), e.type);
    const unknown = [...first].filter(([, type]) => type === CO_PROPOSER_INVITE_ACCEPTED).map(([pk]) => pk);
    const members = new Map<number, Set<number>>();
    if (unknown.length > 0) {
      for (const pk of unknown) members.set(pk, new Set());
      const { rows } = await tx.query<{ proposal_pk: number; user_id: number }>(
        `SELECT proposal_pk, user_id FROM ${tables.user_proposal_members} WHERE proposal_pk = ANY($1::int[])`,
        [unknown],
      );
      for (const r of rows) members.get(Number(r.proposal_pk))!.add(Number(r.user_id));
    }
    const pairs = new Set<string>();
    const record = (set: Set<number>) => {
      for (const a of set) for (const b of set) if (a !== b) pairs.add(`${a},${b}`);
    };
    for (const e of membership) {
      const pk = pkOf(e);
      if (e.type === PROPOSAL_DELETED) {
        members.set(pk, new Set());
        continue;
      }
      if (e.type === CO_PROPOSER_INVITE_ACCEPTED) {
        members.get(pk)!.add((e.data as CoProposerInviteAcceptedData).userId);
      } else {
        const d = e.data as ProposalCreatedData | ProposalUpdatedData;
        members.set(pk, new Set([d.proposerId, ...d.userIds]));
      }
      record(members.get(pk)!);
    }
    const pks = [...members.keys()];
    await tx.query(`DELETE FROM ${tables.user_proposal_members} WHERE proposal_pk = ANY($1::int[])`, [pks]);
    const rows = [...members].flatMap(([pk, set]) => [...set].map((u) => [pk, u] as const));
    if (rows.length > 0)
      await tx.query(
        `INSERT INTO ${tables.user_proposal_members} (proposal_pk, user_id) SELECT * FROM unnest($1::int[], $2::int[])`,
        [rows.map(([pk]) => pk), rows.map(([, u]) => u)],
      );
    if (pairs.size > 0) {
      const list = [...pairs].map((p) => p.split(',').map(Number));
      await tx.query(
        `INSERT INTO ${tables.user_collaborations} (user_id, collaborator_id)
         SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
        [list.map(([a]) => a), list.map(([, b]) => b)],
      );
    }
  }

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.users;
    const members = tables.user_proposal_members;
    const id = (event.data as { id: number }).id;
    switch (event.type) {
      case USER_CREATED: {
        const d = event.data as UserCreatedData;
        const fields = Object.keys(PROFILE_COLUMNS) as (keyof UserProfile)[];
        const columns = fields.map((f) => PROFILE_COLUMNS[f]);
        const values = fields.map((f) => d[f]);
        await tx.query(
          `INSERT INTO ${t} (id, ${columns.join(', ')}, oidc_sub, placeholder, roles, created)
           VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}, $${columns.length + 2}, $${columns.length + 3},
                   $${columns.length + 4}::text[], $${columns.length + 5})`,
          [d.id, ...values, d.oidcSub, d.placeholder, d.roles, event.createdAt],
        );
        return;
      }
      case USER_UPDATED: {
        const changes = (event.data as { changes: Partial<UserProfile> }).changes;
        const entries = Object.entries(changes).filter(([k]) => k in PROFILE_COLUMNS);
        if (entries.length === 0) return;
        await tx.query(
          `UPDATE ${t} SET ${entries.map(([k], i) => `${PROFILE_COLUMNS[k as keyof UserProfile]} = $${i + 2}`).join(', ')} WHERE id = $1`,
          [id, ...entries.map(([, v]) => v)],
        );
        return;
      }
      case USER_ROLES_UPDATED:
        await tx.query(`UPDATE ${t} SET roles = $2::text[] WHERE id = $1`, [
          id,
          (event.data as { roles: string[] }).roles,
        ]);
        return;
      case USER_DELETED:
        await tx.query(`UPDATE ${t} SET deleted = true WHERE id = $1`, [id]);
        return;
      case USER_PLACEHOLDER_CLEARED:
        await tx.query(`UPDATE ${t} SET placeholder = false WHERE id = $1`, [id]);
        return;
      case USER_OIDC_SUB_LINKED:
        await tx.query(`UPDATE ${t} SET oidc_sub = $2 WHERE id = $1`, [
          id,
          (event.data as { oidcSub: string }).oidcSub,
        ]);
        return;
      case INSTITUTIONS_MERGED: {
        // the institutions module's merge: users of the merged institution move to the one it merged into
        const d = event.data as InstitutionsMergedData;
        await tx.query(`UPDATE ${t} SET institution_id = $2 WHERE institution_id = $1`, [
          d.institutionIdFrom,
          d.institutionIdInto,
        ]);
        return;
      }
      case PROPOSAL_CREATED:
      case PROPOSAL_UPDATED: {
        // both carry the whole membership: the PI and the co-proposers
        const d = event.data as ProposalCreatedData | ProposalUpdatedData;
        const ids = [...new Set([d.proposerId, ...d.userIds])];
        await tx.query(`DELETE FROM ${members} WHERE proposal_pk = $1`, [d.proposalPk]);
        await tx.query(
          `INSERT INTO ${members} (proposal_pk, user_id) SELECT $1::int, unnest($2::int[]) ON CONFLICT DO NOTHING`,
          [d.proposalPk, ids],
        );
        await recordCollaborations(tx, tables, d.proposalPk);
        return;
      }
      case CO_PROPOSER_INVITE_ACCEPTED: {
        const d = event.data as CoProposerInviteAcceptedData;
        await tx.query(
          `INSERT INTO ${members} (proposal_pk, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [d.proposalPk, d.userId],
        );
        await recordCollaborations(tx, tables, d.proposalPk);
        return;
      }
      case PROPOSAL_DELETED:
        // its members stay each other's previous collaborators
        await tx.query(`DELETE FROM ${members} WHERE proposal_pk = $1`, [
          (event.data as ProposalDeletedData).proposalPk,
        ]);
        return;
    }
  }
}

/** every ordered pair of the proposal's current members (never a user with themself), kept once */
async function recordCollaborations(
  tx: SqlExecutor,
  tables: Readonly<Record<string, string>>,
  proposalPk: number,
): Promise<void> {
  const members = tables.user_proposal_members;
  await tx.query(
    `INSERT INTO ${tables.user_collaborations} (user_id, collaborator_id)
     SELECT a.user_id, b.user_id FROM ${members} a JOIN ${members} b
       ON b.proposal_pk = a.proposal_pk AND b.user_id <> a.user_id
     WHERE a.proposal_pk = $1
     ON CONFLICT DO NOTHING`,
    [proposalPk],
  );
}
