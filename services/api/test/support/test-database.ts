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

/** A fresh PostgreSQL database for one test file (each run in its own database). */
export async function createTestDatabase(label = 'uo'): Promise<TestDatabase> {
  const name = `${label}_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_ADMIN_URL} (${(error as Error).message}): start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`',
      { cause: error },
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
