/**
 * What the api benchmarks share: a scratch PostgreSQL database, the whole app listening on an ephemeral port, a
 * GraphQL client and percentiles. Progress goes to stderr (`log`); each benchmark prints its own figures.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createApp } from '../../services/api/src/app.factory';
import type { AppConfig } from '../../services/api/src/platform/config/app-config';

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export type BenchApp = Awaited<ReturnType<typeof createApp>>['app'];

export interface ScratchApp {
  app: BenchApp;
  databaseUrl: string;
  databaseName: string;
  /** http://127.0.0.1:<port> */
  base: string;
  /** a GraphQL request with a bearer token; throws the errors' messages */
  gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T>;
}

/**
 * Runs `body` against the whole app on a fresh database named `<label>_<random>`, then closes the app and drops
 * the database (kept when BENCH_KEEP_DB=1).
 */
export async function withScratchApp<T>(
  label: string,
  config: Partial<AppConfig>,
  body: (scratch: ScratchApp) => Promise<T>,
): Promise<T> {
  const databaseName = `${label}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  log(`database ${databaseName}`);
  const { app } = await createApp({
    mode: 'all',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    redisUrl: null,
    eventStoreUrl: null,
    jwtSecret: 'bench-secret',
    ...config,
  });
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const gql = async <R>(query: string, variables: Record<string, unknown>, token: string): Promise<R> => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { data?: R; errors?: { message: string }[] };
      if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
      return json.data as R;
    };
    return await body({ app, databaseUrl: url.toString(), databaseName, base, gql });
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP_DB !== '1') {
      const drop = new Client({ connectionString: ADMIN_URL });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await drop.end();
    }
  }
}

/** Runs a benchmark's main: prints the error and exits 1 when it throws. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
