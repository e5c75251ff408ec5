/**
 * Builds one of the run's seeded templates (see test-templates.ts); run by the jest globalSetup:
 *
 *   node -r @swc-node/register services/api/test/support/build-test-templates.ts postgres <database>
 *   node -r @swc-node/register services/api/test/support/build-test-templates.ts pglite <run directory>
 *   node -r @swc-node/register services/api/test/support/build-test-templates.ts postgres-demo <database> <template>
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

/**
 * the address the demo template is seeded for (its dynamic options URL points there; the browser harness moves it
 * to the product's own address after cloning, see DEMO_TEMPLATE_PUBLIC_URL)
 */
export const DEMO_TEMPLATE_PUBLIC_URL = 'http://demo-template.invalid';

/** Starts the app once on the given store (mode all, no demo unless asked), lets every projection catch up, stops it. */
async function seed(store: Partial<AppConfig>): Promise<void> {
  const { app } = await createApp({ ...testAppConfig(), seedDemo: false, ...store });
  try {
    const head = await app.get<EventStore>(EVENT_STORE).headPosition();
    await app.get(ProjectionsService).waitFor(head);
  } finally {
    await app.close();
  }
}

async function main(
  kind: string | undefined,
  target: string | undefined,
  template: string | undefined,
): Promise<void> {
  if (!target)
    throw new Error(
      'usage: build-test-templates.ts postgres <database> | pglite <run directory> | postgres-demo <database> <template>',
    );
  if (kind === 'postgres') {
    const db = await createNamedDatabase(target);
    await seed({ databaseUrl: db.url });
  } else if (kind === 'postgres-demo') {
    // the seeded template with the demo on top, as every browser test's product starts (seeded once, not per file)
    const db = await createNamedDatabase(target, template);
    // seeded in api mode, then caught up in projector mode: no worker ever runs, so the e-mails and messages the
    // demo owes stay owed in the template and each clone's worker sends them (the tests read them from their
    // product's outbox, as when each product seeded its own demo)
    const demo = { databaseUrl: db.url, devIdp: true, publicUrl: DEMO_TEMPLATE_PUBLIC_URL };
    const seeding = await createApp({ ...testAppConfig(), ...demo, mode: 'api', seedDemo: true });
    await seeding.app.close();
    await seed({ ...demo, mode: 'projector' });
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
  main(process.argv[2], process.argv[3], process.argv[4]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
