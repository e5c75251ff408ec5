/**
 * A process that starts a rebuild of the shelf test projection on DATABASE_URL and stalls half-way (inside its
 * replay), printing "stalled" — for the test that kills it with SIGKILL, as an operator's kill -9 would.
 */
import { PgSqlClient } from '../../src/platform/database/pg-sql-client';
import { SqlEventStore } from '../../src/platform/event-store/sql-event-store';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { shelfProjection } from './shelf-projection';

async function main(): Promise<void> {
  const sql = await PgSqlClient.connect(process.env.DATABASE_URL!, 3);
  const store = new SqlEventStore(sql);
  const stall = () => {
    console.log('stalled');
    return new Promise<void>(() => undefined); // until the process is killed
  };
  const runner = new ProjectionRunner(sql, store, [shelfProjection(1, { before: stall })]);
  await runner.initialize();
  await runner.rebuild('shelf');
}

void main();
