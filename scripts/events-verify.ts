/**
 * npm run events:verify — walks the event store's hash chain from its anchor in global order, recomputing every
 * event's hash, and names the first event that does not match (its data, metadata, type, stream, version or time
 * was changed behind the store's back, or an event before it was removed or inserted). Records the outcome, which
 * officers see in the console's event log. Exit code 0: intact; 1: broken (the event is named); 2: it did not run.
 *
 * Reads DATABASE_URL (else the PGlite directory under DATA_DIR) like the api, and opens only the SQL client (no
 * app). PGlite's directory is one process's at a time: stop an embedded app first.
 */
import { join, resolve } from 'node:path';
import { PgSqlClient } from '../services/api/src/platform/database/pg-sql-client';
import { PgliteSqlClient } from '../services/api/src/platform/database/pglite-sql-client';
import type { SqlClient } from '../services/api/src/platform/database/sql-client';
import {
  describeBrokenLink,
  verifyEventChain,
  type ChainVerification,
} from '../services/api/src/platform/event-store/event-chain';

export async function verifyEvents(onProgress?: (checked: number) => void): Promise<ChainVerification> {
  // the api's own variables (services/api/src/platform/config/app-config.ts), without the rest of its config
  if (process.env.EVENTSTORE_URL)
    throw new Error(
      'The hash chain is kept by the SQL event store; KurrentDB keeps its own events immutable',
    );
  const dataDir = process.env.DATA_DIR ?? resolve(process.cwd(), '.data');
  const sql: SqlClient = process.env.DATABASE_URL
    ? await PgSqlClient.connect(process.env.DATABASE_URL, 2)
    : await PgliteSqlClient.open(dataDir.startsWith('memory://') ? dataDir : join(dataDir, 'pglite'));
  try {
    return await verifyEventChain(sql, { onProgress });
  } finally {
    await sql.close();
  }
}

if (require.main === module) {
  let shown = 0;
  verifyEvents((checked) => {
    if (checked - shown >= 100_000) {
      shown = checked;
      process.stderr.write(`  ${checked} events checked\n`);
    }
  })
    .then((r) => {
      const rate = r.seconds > 0 ? Math.round(r.eventsChecked / r.seconds) : r.eventsChecked;
      console.log(`${r.message} (${r.seconds.toFixed(2)} s, ${rate} events/s)`);
      if (r.firstBad) console.log(`First event that does not match: ${describeBrokenLink(r.firstBad)}`);
      else if (r.headHash) console.log(`Head: position ${r.headPosition}, hash ${r.headHash}`);
      process.exit(r.ok ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(`Verify failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    });
}
