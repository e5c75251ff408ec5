import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server tests create their databases on (trust auth on loopback). */
export const TEST_ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database for one test file (each run in its own database): empty, or with `template` a clone of
 * that database (`CREATE DATABASE … TEMPLATE`, see test-templates.ts).
 */
export async function createTestDatabase(
  label = 'uo',
  options: { template?: string | null } = {},
): Promise<TestDatabase> {
  return createNamedDatabase(
    `${label}_test_${process.pid}_${randomBytes(4).toString('hex')}`,
    options.template,
  );
}

/** The database `name` (a plain identifier), empty or cloned from `template`. */
export async function createNamedDatabase(name: string, template?: string | null): Promise<TestDatabase> {
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_ADMIN_URL} (${(error as Error).message}): start it with ` +
        '`bash scripts/services-up.sh`',
      { cause: error },
    );
  }
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new Client({ connectionString: TEST_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
