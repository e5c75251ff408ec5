/**
 * npm run seed — seeds the demo: the development accounts, a proposal template with every question type and the
 * open call DEMO (what `npm start` does by itself on an empty store). Idempotent: says so when it is already there.
 * Uses the store of the usual environment: DATABASE_URL, else the embedded PGlite in DATA_DIR (./.data).
 */
import 'reflect-metadata';
import { DEV_ACCOUNTS, DEV_PASSWORD } from '@user-office/contracts';
import { createApp } from '../services/api/src/app.factory';
import { DemoSeeder } from '../services/api/src/modules/demo-seed';

async function main(): Promise<void> {
  // the api's bootstrap creates the default statuses, workflows and units; the demo is seeded here, not by it
  const { app, config } = await createApp({
    mode: 'api',
    seedDemo: false,
    logLevel: process.env.LOG_LEVEL || 'warn',
  });
  const store = config.databaseUrl ? 'PostgreSQL' : `the embedded PGlite in ${config.dataDir}`;
  try {
    const result = await app.get(DemoSeeder).seed();
    if (result.seeded) {
      console.log(
        `Demo seeded in ${store}: call DEMO (id ${result.callId}), proposal template ${result.templateId}` +
          (config.devIdp
            ? `; npm start, then log in as ${DEV_ACCOUNTS[0].username} / ${DEV_PASSWORD} at ${config.publicUrl}`
            : ''),
      );
    } else {
      console.log(`The demo is already seeded in ${store} (call DEMO, id ${result.callId}): nothing to do`);
    }
  } finally {
    await app.close();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
