import { Inject, Injectable } from '@nestjs/common';
import type { Role, UserProfile } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { SQL_CLIENT } from '../../../../platform/tokens';

export interface UserRecord extends UserProfile {
  id: number;
  oidcSub: string | null;
  placeholder: boolean;
  roles: Role[];
  created: Date;
}

export interface UserSearch {
  filter?: string | null;
  first?: number | null;
  offset?: number | null;
  userRole?: Role | null;
  subtractUsers?: readonly number[] | null;
  orderBy?: string | null;
  orderDirection?: 'ASC' | 'DESC' | null;
  /** only these users (previous collaborators) */
  among?: readonly number[] | null;
}

interface UserRow {
  id: number;
  user_title: string | null;
  username: string | null;
  firstname: string;
  lastname: string;
  preferredname: string | null;
  gender: string | null;
  birthdate: string | null;
  institution_id: number | null;
  department: string | null;
  position: string | null;
  email: string;
  telephone: string | null;
  country_id: number | null;
  oidc_sub: string | null;
  placeholder: boolean;
  roles: Role[] | string;
  created: Date;
}

const ORDER_COLUMNS: Record<string, string> = {
  id: 'id',
  firstname: 'lower(firstname)',
  lastname: 'lower(lastname)',
  preferredname: 'lower(preferredname)',
  email: 'lower(email)',
  created: 'created',
  institution: 'institution_id',
};

/** All SQL of the users read model. */
@Injectable()
export class UsersRepository {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly ids: IdSequences,
  ) {}

  nextId(): Promise<number> {
    return this.ids.next('user_id_seq', { table: 'users', column: 'id' });
  }

  async byId(id: number): Promise<UserRecord | null> {
    return this.one('id = $1', [id]);
  }

  async byIds(ids: readonly number[]): Promise<UserRecord[]> {
    const r = await this.sql.query<UserRow>('SELECT * FROM users WHERE id = ANY($1::int[]) AND NOT deleted', [
      [...ids],
    ]);
    return r.rows.map(toRecord);
  }

  async byEmail(email: string): Promise<UserRecord | null> {
    return this.one('lower(email) = lower($1)', [email]);
  }

  async byOidcSub(sub: string): Promise<UserRecord | null> {
    return this.one('oidc_sub = $1', [sub]);
  }

  async search(q: UserSearch): Promise<{ users: UserRecord[]; totalCount: number }> {
    const where = ['NOT deleted'];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replaceAll('$?', `$${params.length}`));
    };
    if (q.filter) {
      add(
        `(firstname ILIKE $? OR lastname ILIKE $? OR preferredname ILIKE $? OR email ILIKE $? OR (firstname || ' ' || lastname) ILIKE $?)`,
        `%${q.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
    }
    if (q.userRole) add('$? = ANY(roles)', q.userRole);
    if (q.subtractUsers?.length) add('NOT (id = ANY($?::int[]))', [...q.subtractUsers]);
    if (q.among) add('id = ANY($?::int[])', [...q.among]);
    const order = ORDER_COLUMNS[q.orderBy ?? ''] ?? 'lower(lastname), lower(firstname), id';
    const direction = q.orderDirection === 'DESC' ? 'DESC' : 'ASC';
    const count = await this.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM users WHERE ${where.join(' AND ')}`,
      params,
    );
    params.push(q.first ?? 1000, q.offset ?? 0);
    const rows = await this.sql.query<UserRow>(
      `SELECT * FROM users WHERE ${where.join(' AND ')} ORDER BY ${order} ${direction}, id
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { users: rows.rows.map(toRecord), totalCount: Number(count.rows[0].n) };
  }

  /**
   * Users who shared a proposal with `userId` (as PI or co-proposer, now or before): `user_collaborations`, a
   * table of the users projection fed by the proposals' membership events.
   */
  async collaboratorsOf(userId: number): Promise<number[]> {
    const r = await this.sql.query<{ collaborator_id: number }>(
      'SELECT collaborator_id FROM user_collaborations WHERE user_id = $1',
      [userId],
    );
    return r.rows.map((row) => row.collaborator_id);
  }

  private async one(where: string, params: unknown[]): Promise<UserRecord | null> {
    const r = await this.sql.query<UserRow>(
      `SELECT * FROM users WHERE ${where} AND NOT deleted LIMIT 1`,
      params,
    );
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }
}

function toRecord(r: UserRow): UserRecord {
  return {
    id: r.id,
    user_title: r.user_title,
    username: r.username,
    firstname: r.firstname,
    lastname: r.lastname,
    preferredname: r.preferredname,
    gender: r.gender,
    birthdate: r.birthdate,
    institutionId: r.institution_id,
    department: r.department,
    position: r.position,
    email: r.email,
    telephone: r.telephone,
    country: r.country_id,
    oidcSub: r.oidc_sub,
    placeholder: r.placeholder,
    roles: parseArray(r.roles) as Role[],
    created: new Date(r.created),
  };
}

/** pg parses text[]; PGlite may hand back the literal */
function parseArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((v) => v.replace(/^"|"$/g, ''));
}
