import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

const SEQUENCE = 'api_access_token_id_seq';

/** Integer ids of new API access tokens, from a PostgreSQL sequence (created on first use). */
@Injectable()
export class ApiAccessTokenIds {
  private ready: Promise<void> | null = null;

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async next(): Promise<number> {
    // a concurrent creator may win the race: then nextval below tells whether the sequence is there
    this.ready ??= this.sql.query(`CREATE SEQUENCE IF NOT EXISTS ${SEQUENCE}`).then(
      () => undefined,
      () => undefined,
    );
    try {
      await this.ready;
      const result = await this.sql.query<{ id: string | number }>(`SELECT nextval('${SEQUENCE}') AS id`);
      return Number(result.rows[0].id);
    } catch (error) {
      this.ready = null;
      throw error;
    }
  }
}
