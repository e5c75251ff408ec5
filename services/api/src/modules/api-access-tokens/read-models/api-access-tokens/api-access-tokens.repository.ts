import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** A live token as read back: never the token, never its hash. */
export interface ApiAccessTokenRow {
  id: number;
  name: string;
  /** the granted root operations, sorted */
  accessPermissions: string[];
}

interface StoredRow {
  id: number;
  name: string;
  access_permissions: unknown;
}

const toRow = (r: StoredRow): ApiAccessTokenRow => ({
  id: Number(r.id),
  name: r.name,
  accessPermissions: (typeof r.access_permissions === 'string'
    ? JSON.parse(r.access_permissions)
    : r.access_permissions) as string[],
});

/** All SQL of the api-access-tokens read model. */
@Injectable()
export class ApiAccessTokensRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async list(): Promise<ApiAccessTokenRow[]> {
    const result = await this.sql.query<StoredRow>(
      'SELECT id, name, access_permissions FROM api_access_tokens ORDER BY id',
    );
    return result.rows.map(toRow);
  }

  async byId(id: number): Promise<ApiAccessTokenRow | null> {
    const result = await this.sql.query<StoredRow>(
      'SELECT id, name, access_permissions FROM api_access_tokens WHERE id = $1',
      [id],
    );
    return result.rows[0] ? toRow(result.rows[0]) : null;
  }

  /** the live token with this hash (deleted tokens are gone from the table) */
  async byHash(tokenHash: string): Promise<ApiAccessTokenRow | null> {
    const result = await this.sql.query<StoredRow>(
      'SELECT id, name, access_permissions FROM api_access_tokens WHERE token_hash = $1',
      [tokenHash],
    );
    return result.rows[0] ? toRow(result.rows[0]) : null;
  }
}
