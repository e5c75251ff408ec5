import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

const SEQUENCE = 'predefined_message_id_seq';

/** Ids of new predefined messages, from a PostgreSQL sequence (never reused, even after a delete). */
@Injectable()
export class PredefinedMessageIds implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    try {
      await this.sql.query(`CREATE SEQUENCE IF NOT EXISTS ${SEQUENCE}`);
    } catch (error) {
      // two processes starting together can both try to create it; one wins, which is all we need
      const exists = await this.sql.query('SELECT 1 FROM pg_class WHERE relkind = $1 AND relname = $2', [
        'S',
        SEQUENCE,
      ]);
      if (exists.rowCount === 0) throw error;
    }
  }

  async next(): Promise<number> {
    const result = await this.sql.query<{ id: number | string }>(`SELECT nextval('${SEQUENCE}') AS id`);
    return Number(result.rows[0].id);
  }
}
