/**
 * What the api benchmarks share: a scratch PostgreSQL database, the whole app listening on an ephemeral port, a
 * GraphQL client and percentiles. Progress goes to stderr (`log`); each benchmark prints its own figures.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Role } from '../../contracts/src';
import { createApp } from '../../services/api/src/app.factory';
import { TokenService } from '../../services/api/src/platform/auth/token.service';
import type { AppConfig } from '../../services/api/src/platform/config/app-config';

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

/** A port nothing listens on now (the OS picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface BuiltApi {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 10 s */
  stop(): Promise<void>;
}

/**
 * The built api (`node [nodeArgs] services/api/dist/main.js`, or `main`) on `port` with exactly `env`; resolves
 * once `readyPath` answers 200, rejects when the process exits first (with `output()`) or after `timeoutMs`.
 */
export async function startBuiltApi(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  stdio: StdioOptions;
  readyPath: '/health' | '/ready';
  nodeArgs?: readonly string[];
  main?: string;
  timeoutMs?: number;
  output?: () => string;
  /** called at once with the process (e.g. to read its piped output) */
  onSpawn?(child: ChildProcess): void;
}): Promise<BuiltApi> {
  const url = `http://localhost:${options.port}`;
  const main = options.main ?? join(__dirname, '..', '..', 'services', 'api', 'dist', 'main.js');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], {
    cwd: join(__dirname, '..', '..'),
    env: options.env,
    stdio: options.stdio,
  });
  options.onSpawn?.(child);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    const code = await Promise.race([exited, new Promise<'wait'>((r) => setTimeout(() => r('wait'), 250))]);
    if (code !== 'wait')
      throw new Error(`the api exited (code ${code}) before it answered\n${options.output?.() ?? ''}`);
    const ready = await fetch(`${url}${options.readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the api did not answer in time\n${options.output?.() ?? ''}`);
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export type BenchApp = Awaited<ReturnType<typeof createApp>>['app'];

/** A session token of the app's for user `id` acting as `role` (staff roles are internal users). */
export function sessionToken(app: BenchApp, id: number, role: Role): string {
  return app.get(TokenService).sign({
    id,
    roles: [role],
    currentRole: role,
    isInternalUser: role !== Role.USER,
    impersonatingUserId: null,
  });
}

/** p50, p95 and max of timed operations (ms), and their rate over `seconds` of wall time */
export function latencySummary(
  latencies: readonly number[],
  seconds: number,
): { p50: number; p95: number; max: number; perSecond: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1],
    perSecond: sorted.length / seconds,
  };
}

/**
 * the machine's CPU counters (Linux `/proc/stat`, in ticks): all (user to steal; guest time is within user), idle
 * (with iowait) and steal; null elsewhere
 */
function machineTicks(): { all: number; idle: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { all: fields.reduce((a, b) => a + b, 0), idle: fields[3] + fields[4], steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * What a timed stretch cost: this process's CPU per operation and its event loop's utilisation (1: the loop never
 * waited, the process was the bottleneck), and the whole machine's busy and steal shares (how fast the host was).
 */
export function startLoadMeter(): { stop(operations: number): LoadFigures } {
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const ticks = machineTicks();
  return {
    stop(operations) {
      const used = process.cpuUsage(cpu);
      const after = machineTicks();
      const all = ticks && after ? after.all - ticks.all : 0;
      return {
        apiCpuMsPerOperation: (used.user + used.system) / 1000 / Math.max(1, operations),
        eventLoopUtilisation: performance.eventLoopUtilization(loop).utilization,
        machineBusyPercent: all > 0 ? 100 * (1 - (after!.idle - ticks!.idle) / all) : null,
        stealPercent: all > 0 ? (100 * (after!.steal - ticks!.steal)) / all : null,
      };
    },
  };
}

export interface LoadFigures {
  apiCpuMsPerOperation: number;
  eventLoopUtilisation: number;
  machineBusyPercent: number | null;
  stealPercent: number | null;
}

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
 * Runs `body` against the whole app on a fresh database named `<label>_<random>` (listening on `port`, any free one
 * by default), then closes the app and drops the database (kept when BENCH_KEEP_DB=1).
 */
export async function withScratchApp<T>(
  label: string,
  config: Partial<AppConfig>,
  body: (scratch: ScratchApp) => Promise<T>,
  { port = 0 }: { port?: number } = {},
): Promise<T> {
  const databaseName = `${label}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  log(`database ${databaseName}`);
  // BENCH_SPLIT=1: as a facility deploys it (README, UO_MODE), this process is the api and a second one the
  // projector (the async read models and the reactions)
  const split = process.env.BENCH_SPLIT === '1';
  const { app } = await createApp({
    mode: split ? 'api' : 'all',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    redisUrl: null,
    eventStoreUrl: null,
    jwtSecret: 'bench-secret',
    ...config,
  });
  let projector: BuiltApi | null = null;
  try {
    if (split) {
      log('projector in a process of its own (BENCH_SPLIT=1)');
      const projectorPort = await freePort();
      projector = await startBuiltApi({
        port: projectorPort,
        main: join(__dirname, '..', '..', 'services', 'api', 'src', 'main.ts'),
        nodeArgs: ['-r', '@swc-node/register'],
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          UO_MODE: 'projector',
          LOG_LEVEL: 'warn',
          DATABASE_URL: url.toString(),
          DATA_DIR: 'memory://',
          JWT_SECRET: 'bench-secret',
          PORT: String(projectorPort),
        },
        stdio: 'inherit',
        readyPath: '/health',
      });
    }
    await app.listen(port, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const gql = async <R>(query: string, variables: Record<string, unknown>, token: string): Promise<R> => {
      const send = () =>
        fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        });
      // a kept-alive connection the server closed while this process's event loop was busy (the embedded PGlite
      // works on it): the request never reached the server, so it is sent once more on a new connection
      const res = await send().catch((error: Error & { cause?: { code?: string } }) => {
        if (error.cause?.code !== 'ECONNRESET') throw error;
        return send();
      });
      const json = (await res.json()) as { data?: R; errors?: { message: string }[] };
      if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
      return json.data as R;
    };
    return await body({ app, databaseUrl: url.toString(), databaseName, base, gql });
  } finally {
    await projector?.stop();
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

/** the V8 profiler of this process (the app runs in it): stop() writes a .cpuprofile (Chrome DevTools reads it) */
export async function startCpuProfile(): Promise<{ stop(path: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  return {
    stop: async (path: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      await writeFile(path, JSON.stringify(profile));
      session.disconnect();
      log(`CPU profile written to ${path}`);
    },
  };
}
