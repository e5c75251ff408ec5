import { Inject, Injectable } from '@nestjs/common';
import { SQL_CLIENT } from '../tokens';
import { quoteIdent } from './pg-sql-client';
import type { SqlClient } from './sql-client';

/** a read-model column whose ids a sequence must stay above (a read model rebuilt from another event store) */
export interface IdFloor {
  table: string;
  column: string;
}

/**
 * The integer ids of the spec (`proposalPk`, `callId`, …) from PostgreSQL sequences: created on first use
 * (safely when several processes start together), never reused, even after a delete.
 */
@Injectable()
export class IdSequences {
  private readonly ready = new Map<string, Promise<void>>();

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async next(sequence: string, floor?: IdFloor): Promise<number> {
    return (await this.nextMany(sequence, 1, floor))[0];
  }

  /** `count` fresh ids of the sequence in one round trip (a bulk command's), in increasing order */
  async nextMany(sequence: string, count: number, floor?: IdFloor): Promise<number[]> {
    if (count <= 0) return [];
    const name = quoteIdent(sequence);
    let ready = this.ready.get(sequence);
    if (!ready) {
      ready = this.create(sequence, name, floor);
      this.ready.set(sequence, ready);
      ready.catch(() => this.ready.delete(sequence));
    }
    await ready;
    const result =
      count === 1
        ? await this.sql.query<{ id: string | number }>(`SELECT nextval('${sequence}') AS id`)
        : await this.sql.query<{ id: string | number }>(
            `SELECT nextval('${sequence}') AS id FROM generate_series(1, $1::int)`,
            [count],
          );
    return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  private async create(sequence: string, name: string, floor?: IdFloor): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [sequence]);
      await tx.query(`CREATE SEQUENCE IF NOT EXISTS ${name}`);
      if (floor) {
        await tx.query(
          `SELECT setval('${sequence}', m) FROM (SELECT max(${quoteIdent(floor.column)}) AS m FROM ${quoteIdent(floor.table)}) AS used
           WHERE m >= (SELECT last_value FROM ${name})`,
        );
      }
    });
  }
}
