import type { INestApplication } from '@nestjs/common';
import { DeferredWrites } from '../../src/platform/database/deferred-writes';
import type { SqlClient } from '../../src/platform/database/sql-client';
import type { StoredEvent } from '../../src/platform/event-store/event-store.port';
import type { Projection } from '../../src/platform/projections/projection';
import { SQL_CLIENT } from '../../src/platform/tokens';

/**
 * Hands a reaction an event again, as the projection runner does after a crash (at least once): its writes (the
 * jobs it owes) committed in one transaction, then what follows the commit (their enqueueing).
 */
export async function deliverAgain(
  app: INestApplication,
  reaction: Projection,
  event: StoredEvent,
): Promise<void> {
  const writes = new DeferredWrites();
  await reaction.apply(writes, event, {});
  await app.get<SqlClient>(SQL_CLIENT).transaction((tx) => writes.flush(tx));
  writes.committed();
}
