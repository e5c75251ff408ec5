import { Injectable } from '@nestjs/common';
import {
  API_ACCESS_TOKEN_CREATED,
  API_ACCESS_TOKEN_DELETED,
  API_ACCESS_TOKEN_UPDATED,
  type ApiAccessTokenCreatedData,
  type ApiAccessTokenDeletedData,
  type ApiAccessTokenUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const API_ACCESS_TOKENS_PROJECTION = 'api_access_tokens';

/**
 * The live API access tokens, keyed by id and by token hash (what the access guard looks up); inline, so a
 * mutation returns the saved state and a deleted token stops working at once. Deleted tokens are removed.
 */
@Injectable()
@RegisterProjection()
export class ApiAccessTokensProjection implements Projection {
  readonly name = API_ACCESS_TOKENS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [API_ACCESS_TOKEN_CREATED, API_ACCESS_TOKEN_UPDATED, API_ACCESS_TOKEN_DELETED];
  readonly tables = [
    {
      name: 'api_access_tokens',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          name text NOT NULL,
          token_hash text NOT NULL UNIQUE,
          access_permissions jsonb NOT NULL,
          created_at timestamptz NOT NULL
        )`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables.api_access_tokens;
    switch (event.type) {
      case API_ACCESS_TOKEN_CREATED: {
        const data = event.data as ApiAccessTokenCreatedData;
        await tx.query(
          `INSERT INTO ${table} (id, name, token_hash, access_permissions, created_at)
           VALUES ($1, $2, $3, $4::jsonb, $5)`,
          [
            data.id,
            data.name,
            data.tokenHash,
            JSON.stringify(data.accessPermissions),
            new Date(event.createdAt).toISOString(),
          ],
        );
        return;
      }
      case API_ACCESS_TOKEN_UPDATED: {
        const data = event.data as ApiAccessTokenUpdatedData;
        await tx.query(`UPDATE ${table} SET name = $2, access_permissions = $3::jsonb WHERE id = $1`, [
          data.id,
          data.name,
          JSON.stringify(data.accessPermissions),
        ]);
        return;
      }
      case API_ACCESS_TOKEN_DELETED: {
        const data = event.data as ApiAccessTokenDeletedData;
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [data.id]);
        return;
      }
    }
  }
}
