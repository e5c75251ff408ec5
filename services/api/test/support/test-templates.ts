/**
 * The seeded templates of a jest run (reused by later runs of the same code: global-setup.js). Starting the app on an empty store migrates the event store and every
 * read model and creates the default units, statuses and workflows through their commands: about 1.5 s on
 * PostgreSQL and 10 s or more on PGlite (its initdb alone takes seconds). The run's jest globalSetup
 * (global-setup.js) does it once per store, in child processes (build-test-templates.ts), and createTestApp
 * clones the result for each app: `CREATE DATABASE … TEMPLATE <database>` on PostgreSQL, a
 * copy of the data directory on PGlite. A clone is the state a first start would leave, made in well under a
 * second. The PGlite run also keeps its store as initdb left it (pglite-empty) for the tests that need an empty
 * PGlite (openTestPglite). Without the templates (their variables unset) every store starts empty as before.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../src/platform/config/app-config';
import { PgliteSqlClient } from '../../src/platform/database/pglite-sql-client';

/** the PostgreSQL database to clone (set by the globalSetup for its workers) */
export const PG_TEMPLATE_ENV = 'UO_TEST_PG_TEMPLATE';
/** the directory of the PGlite templates (pglite-empty/, pglite-seeded/), shared by the runs of the same code */
export const PGLITE_TEMPLATES_ENV = 'UO_TEST_PGLITE_TEMPLATES';
/** the run's own directory: each test's PGlite copy (and the browser tests' sessions) */
export const PGLITE_RUN_DIR_ENV = 'UO_TEST_PGLITE_RUN_DIR';

/** The configuration every test app starts from (createTestApp adds its store, queue and the test's own). */
export function testAppConfig(): Partial<AppConfig> {
  const run = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    mode: 'all',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl: null,
    dataDir: 'memory://',
    redisUrl: null,
    queuePrefix: `uo-test-${run}`,
    // the compatible profile's messages of a test go to an exchange of its own, never to the default names
    rabbitmqExchanges: [`uo-test-${run}.fanout`],
    eventStoreUrl: null,
    readModelsMongoUrl: null,
    jwtSecret: 'test-secret',
  };
}

/** the run's PostgreSQL template, if the globalSetup built one */
export function pgTemplate(): string | null {
  return process.env[PG_TEMPLATE_ENV] || null;
}

/**
 * the run's PostgreSQL template with the demo seeded (built by the e2e and browser projects' globalSetup), or null:
 * an app on a clone of it starts with the demo instead of seeding it (its options URL is DEMO_TEMPLATE_PUBLIC_URL)
 */
export function pgDemoTemplate(): string | null {
  return process.env.UO_TEST_PG_DEMO_TEMPLATE || null;
}

/** the PGlite templates in the run's directory: just initialised (initdb), and seeded (a `dataDir` for the app) */
export type PgliteTemplate = 'pglite-empty' | 'pglite-seeded';

/**
 * A copy of one of the run's PGlite templates as a directory of its own (a PGlite data directory for
 * 'pglite-empty', an app's `dataDir` for 'pglite-seeded'), or null without templates.
 */
export async function clonePgliteTemplate(
  template: PgliteTemplate,
): Promise<{ dir: string; remove(): Promise<void> } | null> {
  const templates = process.env[PGLITE_TEMPLATES_ENV];
  const runDir = process.env[PGLITE_RUN_DIR_ENV];
  if (!templates || !runDir) return null;
  const dir = await mkdtemp(join(runDir, 'app-'));
  await cp(join(templates, template), dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** An empty PGlite of its own: a copy of the run's initialised one (skips initdb), or a fresh in-memory one. */
export async function openTestPglite(): Promise<{ sql: PgliteSqlClient; close(): Promise<void> }> {
  const copy = await clonePgliteTemplate('pglite-empty');
  const sql = await PgliteSqlClient.open(copy?.dir ?? 'memory://');
  return {
    sql,
    close: async () => {
      await sql.close();
      await copy?.remove();
    },
  };
}
