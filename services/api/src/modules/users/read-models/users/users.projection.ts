import { Injectable } from '@nestjs/common';
import {
  INSTITUTIONS_MERGED,
  USER_CREATED,
  USER_DELETED,
  USER_OIDC_SUB_LINKED,
  USER_PLACEHOLDER_CLEARED,
  USER_ROLES_UPDATED,
  USER_UPDATED,
  type InstitutionsMergedData,
  type UserCreatedData,
  type UserProfile,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const USERS_PROJECTION = 'users';

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

/** Users as the api reads them; inline, so a mutation returns the saved user and a login finds it at once. */
@Injectable()
@RegisterProjection()
export class UsersProjection implements Projection {
  readonly name = USERS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    USER_CREATED,
    USER_UPDATED,
    USER_ROLES_UPDATED,
    USER_DELETED,
    USER_PLACEHOLDER_CLEARED,
    USER_OIDC_SUB_LINKED,
    INSTITUTIONS_MERGED,
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
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.users;
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
    }
  }
}
