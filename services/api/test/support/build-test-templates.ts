/**
 * Builds one of the run's seeded templates (see test-templates.ts); run by the jest globalSetup:
 *
 *   node -r @swc-node/register services/api/test/support/build-test-templates.ts postgres <database>
 *   node -r @swc-node/register services/api/test/support/build-test-templates.ts pglite <run directory>
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import type { AppConfig } from '../../src/platform/config/app-config';
import { PgliteSqlClient } from '../../src/platform/database/pglite-sql-client';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { EVENT_STORE } from '../../src/platform/tokens';
import { createNamedDatabase } from './test-database';
import { testAppConfig } from './test-templates';

/** Starts the app once on the given store (mode all, no demo), lets every projection catch up, stops it. */
async function seed(store: Partial<AppConfig>): Promise<void> {
  const { app } = await createApp({ ...testAppConfig(), seedDemo: false, ...store });
  try {
    const head = await app.get<EventStore>(EVENT_STORE).headPosition();
    await app.get(ProjectionsService).waitFor(head);
  } finally {
    await app.close();
  }
}

async function main(kind: string | undefined, target: string | undefined): Promise<void> {
  if (!target) throw new Error('usage: build-test-templates.ts postgres <database> | pglite <run directory>');
  if (kind === 'postgres') {
    const db = await createNamedDatabase(target);
    await seed({ databaseUrl: db.url });
  } else if (kind === 'pglite') {
    // initdb once: kept as it is (pglite-empty), then copied and seeded (pglite-seeded, the app's dataDir)
    const empty = join(target, 'pglite-empty');
    await (await PgliteSqlClient.open(empty)).close();
    await cp(empty, join(target, 'pglite-seeded', 'pglite'), { recursive: true });
    await seed({ dataDir: join(target, 'pglite-seeded') });
  } else {
    throw new Error(`unknown store ${kind}`);
  }
}

if (require.main === module) {
  main(process.argv[2], process.argv[3]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
