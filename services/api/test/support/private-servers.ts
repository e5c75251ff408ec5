import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** a port nobody listens on now (the kernel's pick) */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** resolves once something accepts TCP connections on the port */
async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on port ${port} after ${timeoutMs} ms`);
    await sleep(25);
  }
}

/**
 * A Redis the test owns, on a free port, without persistence (`--save "" --appendonly no`): killed and started
 * again it comes back empty, as any Redis without persistence after a restart.
 */
export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** SIGKILL: the data goes with it */
  kill(): Promise<void>;
  /** starts it (again), empty */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const kill = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, start, stop: kill };
}

/**
 * A PostgreSQL cluster the test owns: `initdb` as the postgres user in a temporary folder (its socket there too),
 * started on a free port with durability off (a test needs none). `restart('immediate')` is the failover a test
 * wants: every connection dropped at once, crash recovery, back on the same port.
 */
export interface PrivatePostgres {
  readonly port: number;
  /** the URL of one of its databases (default postgres) */
  url(database?: string): string;
  restart(mode?: 'immediate' | 'fast'): Promise<void>;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`No PostgreSQL binaries under ${root}/*/bin (initdb, pg_ctl)`);
  return join(root, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'uo-pg-'));
  const data = join(dir, 'data');
  // root runs the server as postgres (it refuses root); anyone else runs it as themselves
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, file), ...args]) : run(join(bin, file), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    // fsync off is safe here: an immediate restart kills the server, not the machine, so what reached the OS
    // stays. synchronous_commit stays on: off, a commit is acknowledged before its WAL is written, and an
    // immediate restart then loses submissions the api had answered (the outage tests would see a loss that a
    // production server, with synchronous commits, does not have)
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const ctl = (...args: string[]) => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  await ctl('-o', options, 'start');
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: async (mode = 'immediate') => {
      await ctl('-m', mode, '-o', options, 'restart');
    },
    stop: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A FerretDB (MongoDB's wire protocol) the test owns, on a free port, its PostgreSQL backend in `postgresUrl` (a
 * test database): killed and started again it comes back with its data, as a MongoDB server after a restart. The
 * binary is FERRETDB_BIN, else where scripts/services-up.sh builds it.
 */
export interface PrivateFerretDb {
  readonly port: number;
  /** the URL of one of its databases */
  url(database: string): string;
  /** SIGKILL */
  kill(): Promise<void>;
  /** starts it (again) on the same port */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateFerretDb(postgresUrl: string): Promise<PrivateFerretDb> {
  const bin =
    process.env.FERRETDB_BIN || join(process.env.HOME || '/root', '.cache', 'user-office', 'bin', 'ferretdb');
  if (!existsSync(bin)) throw new Error(`No FerretDB binary at ${bin}: run bash scripts/services-up.sh`);
  const port = await freePort();
  const debugPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'uo-ferret-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      bin,
      [
        `--listen-addr=127.0.0.1:${port}`,
        '--handler=postgresql',
        `--postgresql-url=${postgresUrl}`,
        '--telemetry=disable',
        `--debug-addr=127.0.0.1:${debugPort}`,
        `--state-dir=${dir}`,
        '--log-level=error',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const kill = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    url: (database) => `mongodb://127.0.0.1:${port}/${database}`,
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
