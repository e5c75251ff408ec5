/**
 * Event store benchmark: append throughput/latency (PostgreSQL, PGlite), async projection lag and
 * projection rebuild catch-up (PostgreSQL). Run with `npm run bench:event-store`.
 *
 * Environment (all optional):
 *   TEST_DATABASE_ADMIN_URL  admin connection used to create/drop the scratch database
 *                            (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SECONDS            duration of each append-throughput run (default 5)
 *   BENCH_LAG_SECONDS        duration of each projection-lag run (default 10)
 *   BENCH_LAG_RATE           steady append rate of the lag runs, events/s (default 100)
 *   BENCH_REBUILD_EVENTS     events seeded before the rebuild (default 100000)
 *   BENCH_PGLITE_MEMORY      0 to skip the PGlite memory:// run (default 1)
 *
 * Progress goes to stderr; the figures (a table) go to stdout, and the last stdout line is JSON.
 * Exits 0 when the benchmark ran (whether or not the targets are met), 1 on an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PgSqlClient } from '../../services/api/src/platform/database/pg-sql-client';
import { PgliteSqlClient } from '../../services/api/src/platform/database/pglite-sql-client';
import type { SqlClient } from '../../services/api/src/platform/database/sql-client';
import type { EventMetadata, NewEvent } from '../../services/api/src/platform/event-store/event-store.port';
import { SqlEventStore } from '../../services/api/src/platform/event-store/sql-event-store';
import { ProjectionRunner } from '../../services/api/src/platform/projections/projection-runner';
import { EventLogsProjection } from '../../services/api/src/modules/event-logs/read-models/event-logs/event-logs.projection';

// ---------------------------------------------------------------------------------------------- config

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const LAG_SECONDS = positiveNumber('BENCH_LAG_SECONDS', 10);
const LAG_RATE = positiveNumber('BENCH_LAG_RATE', 100);
const REBUILD_EVENTS = Math.round(positiveNumber('BENCH_REBUILD_EVENTS', 100_000));
const PGLITE_MEMORY = process.env.BENCH_PGLITE_MEMORY !== '0';

const CONCURRENCY = [1, 8] as const;
const STREAMS_PER_APPENDER = 8;
const SEED_BATCH = 100;
const SEED_APPENDS_PER_STREAM = 5;
const SEEDERS = 4;
const PROJECTION = 'event_logs';

const TARGETS = {
  pgAppend8EventsPerSec: 1_000,
  lagP95Ms: 50,
  rebuildEventsPerSec: 10_000,
} as const;

const METADATA: EventMetadata = {
  actorId: 1,
  impersonatorId: null,
  correlationId: 'bench',
  causationId: null,
};

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

// ---------------------------------------------------------------------------------------------- helpers

const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : NaN),
    mean: round(sorted.length ? sum / sorted.length : NaN),
  };
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function fmt(value: number, digits = 0): string {
  return Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';
}

/** A payload of a realistic size (~300 bytes of JSON). */
function payload(i: number): Record<string, unknown> {
  return {
    proposalPk: i,
    title: `Benchmark proposal ${i}`,
    abstract: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.',
    callId: 7,
    proposerId: 1,
    coProposers: [2, 3, 5],
    submitted: true,
  };
}

function event(i: number): NewEvent {
  return { type: 'ProposalUpdated', data: payload(i) };
}

/** Cleanup actions, run in reverse order once (on success, on error and on SIGINT/SIGTERM). */
const cleanups: Array<{ label: string; run: () => Promise<void> }> = [];
function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
    await run();
  };
}
async function cleanupAll(): Promise<void> {
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      log(`cleanup "${entry.label}" failed: ${(error as Error).message}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------- PostgreSQL database

function benchUrl(admin: string, database: string): string {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

async function createBenchDatabase(): Promise<{
  url: string;
  name: string;
  settings: Record<string, string>;
}> {
  const name = `uo_bench_${process.pid}`;
  const admin = await PgSqlClient.connect(ADMIN_URL, 1);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const settings: Record<string, string> = {};
    const version = await admin.query<{ v: string }>('SELECT current_setting($1) AS v', ['server_version']);
    settings.server_version = version.rows[0]?.v ?? '?';
    for (const s of ['synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay', 'shared_buffers']) {
      const r = await admin.query<{ v: string }>('SELECT current_setting($1) AS v', [s]);
      settings[s] = r.rows[0]?.v ?? '?';
    }
    onCleanup(`drop database ${name}`, async () => {
      const again = await PgSqlClient.connect(ADMIN_URL, 1);
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        log(`dropped database ${name}`);
      } finally {
        await again.close();
      }
    });
    return { url: benchUrl(ADMIN_URL, name), name, settings };
  } finally {
    await admin.close();
  }
}

/** Opens a pool on the bench database and registers its closing. */
async function connectPg(
  url: string,
  poolSize: number,
  label: string,
): Promise<{ sql: PgSqlClient; close: () => Promise<void> }> {
  const sql = await PgSqlClient.connect(url, poolSize);
  const close = onCleanup(`close ${label}`, () => sql.close());
  return { sql, close };
}

// ---------------------------------------------------------------------------------------------- 1. append throughput

interface AppendRun {
  backend: string;
  appenders: number;
  seconds: number;
  events: number;
  eventsPerSec: number;
  latencyMs: LatencyStats;
  /** CPU used by this Node process during the run, in % of one core (client-side cost) */
  clientCpuPct: number;
}

async function appendThroughput(
  sql: SqlClient,
  backend: string,
  appenders: number,
  seconds: number,
  prefix: string,
): Promise<AppendRun> {
  const store = new SqlEventStore(sql);
  const latencies: number[] = [];
  let events = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const deadline = start + seconds * 1000;

  const appender = async (a: number): Promise<void> => {
    const streams = Array.from({ length: STREAMS_PER_APPENDER }, (_, s) => ({
      id: `proposal-${prefix}-${a}x${s}`,
      version: 0,
    }));
    for (let i = 0; performance.now() < deadline; i++) {
      const stream = streams[i % streams.length];
      const t0 = performance.now();
      const result = await store.append(stream.id, [event(i)], {
        expectedVersion: stream.version,
        metadata: METADATA,
      });
      latencies.push(performance.now() - t0);
      stream.version = result.nextVersion;
      events++;
    }
  };
  await Promise.all(Array.from({ length: appenders }, (_, a) => appender(a)));
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await store.close();

  // sanity: every append landed, with gap-free versions
  const check = await sql.query<{ n: string | number; bad: string | number }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE stream_version <> v) AS bad FROM (
       SELECT stream_version, row_number() OVER (PARTITION BY stream_id ORDER BY stream_version) AS v
         FROM events WHERE stream_id LIKE $1) s`,
    [`proposal-${prefix}-%`],
  );
  const stored = Number(check.rows[0]?.n ?? 0);
  if (stored !== events || Number(check.rows[0]?.bad ?? 0) !== 0) {
    throw new Error(`${backend}: ${events} appends but ${stored} events stored (or versions with gaps)`);
  }
  return {
    backend,
    appenders,
    seconds: round(elapsed),
    events,
    eventsPerSec: round(events / elapsed, 1),
    latencyMs: stats(latencies),
    clientCpuPct: round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100, 0),
  };
}

async function appendSuite(sql: SqlClient, backend: string): Promise<AppendRun[]> {
  await SqlEventStore.migrate(sql);
  // warm-up (connections, plans, caches)
  await appendThroughput(sql, backend, 2, Math.min(1, SECONDS / 5), 'warm');
  const runs: AppendRun[] = [];
  for (const n of CONCURRENCY) {
    log(`${backend}: ${n} appender(s) for ${SECONDS} s…`);
    const run = await appendThroughput(sql, backend, n, SECONDS, `c${n}`);
    log(
      `${backend}: ${n} appender(s): ${fmt(run.eventsPerSec)} events/s, p50 ${run.latencyMs.p50} ms, p95 ${run.latencyMs.p95} ms`,
    );
    runs.push(run);
  }
  return runs;
}

/** Round-trip and commit costs of the server, to read the figures against (PostgreSQL only). */
interface Diagnostics {
  selectOneMs: number;
  autocommitInsertMs: number;
  asyncCommitInsertMs: number;
}

async function diagnostics(sql: SqlClient): Promise<Diagnostics> {
  const time = async (n: number, fn: () => Promise<unknown>): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return round((performance.now() - t0) / n, 3);
  };
  await sql.query('CREATE TABLE bench_commit_probe (x int)');
  try {
    const selectOneMs = await time(300, () => sql.query('SELECT 1'));
    const autocommitInsertMs = await time(300, () => sql.query('INSERT INTO bench_commit_probe VALUES (1)'));
    // one round trip as well (simple-query protocol, several statements), but the commit does not wait for the WAL flush
    const asyncCommitInsertMs = await time(300, () =>
      sql.query(
        'BEGIN; SET LOCAL synchronous_commit = off; INSERT INTO bench_commit_probe VALUES (1); COMMIT',
      ),
    );
    return { selectOneMs, autocommitInsertMs, asyncCommitInsertMs };
  } finally {
    await sql.query('DROP TABLE bench_commit_probe');
  }
}

// ---------------------------------------------------------------------------------------------- 2. projection lag

interface LagRun {
  mode: string;
  events: number;
  targetRate: number;
  achievedRate: number;
  catchUpEvents: number;
  catchUpMs: number;
  appendMs: LatencyStats;
  lagMs: LatencyStats;
}

/**
 * Appends at a steady rate through `store`; after each append resolves, times `runner.waitFor(position)`.
 * Appends are launched on schedule (not after the previous one), chained per stream so expected versions hold.
 */
async function steadyLag(
  store: SqlEventStore,
  runner: ProjectionRunner,
  mode: string,
  catchUp: { events: number; ms: number },
): Promise<LagRun> {
  const total = Math.max(1, Math.round(LAG_SECONDS * LAG_RATE));
  const interval = 1000 / LAG_RATE;
  const streams = Array.from({ length: 20 }, (_, s) => ({
    id: `proposal-lag${mode}${s}`,
    version: 0,
    chain: Promise.resolve(),
  }));
  const lags: number[] = [];
  const appendTimes: number[] = [];
  const inflight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const stream = streams[i % streams.length];
    const task = stream.chain.then(async () => {
      const t0 = performance.now();
      const result = await store.append(stream.id, [event(i)], {
        expectedVersion: stream.version,
        metadata: METADATA,
      });
      const t1 = performance.now();
      stream.version = result.nextVersion;
      appendTimes.push(t1 - t0);
      await runner.waitFor(result.position, [PROJECTION], 30_000);
      lags.push(performance.now() - t1);
    });
    stream.chain = task.then(
      () => undefined,
      () => undefined,
    );
    inflight.push(task);
  }
  const sent = performance.now();
  await Promise.all(inflight);
  return {
    mode,
    events: total,
    targetRate: LAG_RATE,
    achievedRate: round(total / ((sent - start) / 1000), 1),
    catchUpEvents: catchUp.events,
    catchUpMs: round(catchUp.ms),
    appendMs: stats(appendTimes),
    lagMs: stats(lags),
  };
}

async function catchUpRunner(
  store: SqlEventStore,
  runner: ProjectionRunner,
): Promise<{ events: number; ms: number }> {
  const head = await store.headPosition();
  const from = runner.status().find((s) => s.name === PROJECTION)?.position ?? 0;
  const t0 = performance.now();
  await runner.waitFor(head, [PROJECTION], 300_000);
  return { events: Math.max(0, head - from), ms: performance.now() - t0 };
}

/** In-process: the runner shares the appending store, so `append` wakes it directly (plus NOTIFY). */
async function lagInProcess(url: string): Promise<LagRun> {
  const { sql, close } = await connectPg(url, 10, 'lag in-process pool');
  const store = new SqlEventStore(sql);
  const runner = new ProjectionRunner(sql, store, [new EventLogsProjection()]);
  await runner.initialize();
  runner.start();
  try {
    const catchUp = await catchUpRunner(store, runner);
    log(
      `lag (in-process): projector caught up ${catchUp.events} events in ${fmt(catchUp.ms)} ms; appending ${LAG_RATE}/s for ${LAG_SECONDS} s…`,
    );
    return await steadyLag(store, runner, 'in-process', catchUp);
  } finally {
    await runner.stop();
    await store.close();
    await close();
  }
}

/** Separate projector: its own pool and store, woken only by PostgreSQL NOTIFY (as a projector process is). */
async function lagNotify(url: string): Promise<LagRun> {
  const app = await connectPg(url, 10, 'lag writer pool');
  const projector = await connectPg(url, 4, 'lag projector pool');
  const writerStore = new SqlEventStore(app.sql);
  const projectorStore = new SqlEventStore(projector.sql);
  const runner = new ProjectionRunner(projector.sql, projectorStore, [new EventLogsProjection()]);
  await runner.initialize();
  runner.start();
  try {
    const catchUp = await catchUpRunner(projectorStore, runner);
    await sleep(200); // let LISTEN settle (onAppended subscribes asynchronously)
    log(`lag (NOTIFY): appending ${LAG_RATE}/s for ${LAG_SECONDS} s…`);
    return await steadyLag(writerStore, runner, 'notify', catchUp);
  } finally {
    await runner.stop();
    await projectorStore.close();
    await writerStore.close();
    await projector.close();
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------- 3. rebuild

interface RebuildRun {
  seededEvents: number;
  seedMs: number;
  seedEventsPerSec: number;
  totalEvents: number;
  rebuiltEvents: number;
  rebuildMs: number;
  rebuildEventsPerSec: number;
  tableRows: number;
  rowsMatch: boolean;
}

async function rebuild(url: string): Promise<RebuildRun> {
  const { sql, close } = await connectPg(url, 10, 'rebuild pool');
  try {
    const store = new SqlEventStore(sql);
    const batches = Math.ceil(REBUILD_EVENTS / SEED_BATCH);
    log(
      `rebuild: seeding ${fmt(batches * SEED_BATCH)} events (${batches} appends of ${SEED_BATCH}, ${SEEDERS} seeders)…`,
    );
    const seedStart = performance.now();
    let next = 0;
    const seeder = async (s: number): Promise<void> => {
      let stream = { id: '', version: 0 };
      for (let k = 0; ; k++) {
        const b = next++;
        if (b >= batches) return;
        if (k % SEED_APPENDS_PER_STREAM === 0) stream = { id: `proposal-seed${s}x${k}`, version: 0 };
        const events = Array.from({ length: SEED_BATCH }, (_, i) => event(b * SEED_BATCH + i));
        const result = await store.append(stream.id, events, {
          expectedVersion: stream.version,
          metadata: METADATA,
        });
        stream.version = result.nextVersion;
      }
    };
    await Promise.all(Array.from({ length: SEEDERS }, (_, s) => seeder(s)));
    const seedMs = performance.now() - seedStart;
    const seeded = batches * SEED_BATCH;
    log(`rebuild: seeded in ${fmt(seedMs)} ms (${fmt(seeded / (seedMs / 1000))} events/s)`);

    await sql.query('ANALYZE events');
    const totalRow = await sql.query<{ n: string | number }>('SELECT count(*) AS n FROM events');
    const totalEvents = Number(totalRow.rows[0]?.n ?? 0);

    const runner = new ProjectionRunner(sql, store, [new EventLogsProjection()]);
    await runner.initialize(); // not started: the rebuild alone does the work
    log(`rebuild: rebuilding ${PROJECTION} over ${fmt(totalEvents)} events…`);
    const t0 = performance.now();
    const result = await runner.rebuild(PROJECTION);
    const rebuildMs = performance.now() - t0;
    const rows = await sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${PROJECTION}`);
    const tableRows = Number(rows.rows[0]?.n ?? 0);
    await store.close();
    return {
      seededEvents: seeded,
      seedMs: round(seedMs),
      seedEventsPerSec: round(seeded / (seedMs / 1000), 1),
      totalEvents,
      rebuiltEvents: result.events,
      rebuildMs: round(rebuildMs),
      rebuildEventsPerSec: round(result.events / (rebuildMs / 1000), 1),
      tableRows,
      rowsMatch: tableRows === totalEvents && result.events === totalEvents,
    };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  log(
    `config: ${SECONDS} s per append run, lag ${LAG_RATE}/s for ${LAG_SECONDS} s, rebuild ${fmt(REBUILD_EVENTS)} events, ${cpus().length} CPU(s)`,
  );
  const db = await createBenchDatabase();
  log(
    `PostgreSQL ${db.settings.server_version} database ${db.name}: synchronous_commit=${db.settings.synchronous_commit}, fsync=${db.settings.fsync}`,
  );

  // 1. append throughput
  const appends: AppendRun[] = [];
  const pg = await connectPg(db.url, 10, 'append pool');
  const diag = await diagnostics(pg.sql);
  log(
    `diagnostics: SELECT 1 ${diag.selectOneMs} ms, autocommit INSERT ${diag.autocommitInsertMs} ms, same with synchronous_commit=off ${diag.asyncCommitInsertMs} ms`,
  );
  appends.push(...(await appendSuite(pg.sql, 'postgres')));
  await pg.close();
  {
    const dir = mkdtempSync(join(tmpdir(), 'uo-bench-pglite-'));
    const removeDir = onCleanup(`remove ${dir}`, async () => rmSync(dir, { recursive: true, force: true }));
    const sql = await PgliteSqlClient.open(dir);
    const closeSql = onCleanup('close PGlite (dir)', () => sql.close());
    appends.push(...(await appendSuite(sql, 'pglite (dir)')));
    await closeSql();
    await removeDir();
  }
  if (PGLITE_MEMORY) {
    const sql = await PgliteSqlClient.open('memory://');
    const closeSql = onCleanup('close PGlite (memory)', () => sql.close());
    appends.push(...(await appendSuite(sql, 'pglite (memory://)')));
    await closeSql();
  }

  // 2. projection lag (PostgreSQL)
  const lags: LagRun[] = [];
  lags.push(await lagInProcess(db.url));
  log(
    `lag (in-process): p50 ${lags[0].lagMs.p50} ms, p95 ${lags[0].lagMs.p95} ms, max ${lags[0].lagMs.max} ms`,
  );
  lags.push(await lagNotify(db.url));
  log(`lag (NOTIFY): p50 ${lags[1].lagMs.p50} ms, p95 ${lags[1].lagMs.p95} ms, max ${lags[1].lagMs.max} ms`);

  // 3. rebuild (PostgreSQL)
  const rebuilt = await rebuild(db.url);
  log(`rebuild: ${fmt(rebuilt.rebuiltEvents)} events in ${fmt(rebuilt.rebuildMs)} ms`);

  await cleanupAll();
  report(db.settings, diag, appends, lags, rebuilt);
}

function report(
  settings: Record<string, string>,
  diag: Diagnostics,
  appends: AppendRun[],
  lags: LagRun[],
  rebuilt: RebuildRun,
): void {
  const pg8 = appends.find((r) => r.backend === 'postgres' && r.appenders === 8);
  const lagMain = lags[0];
  const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
  const rows: string[][] = [
    ['Measure', 'Backend', 'Value', 'p50 ms', 'p95 ms', 'max ms', 'Target', 'Result'],
  ];
  for (const r of appends) {
    const isTarget = r.backend === 'postgres' && r.appenders === 8;
    rows.push([
      `append, ${r.appenders} appender${r.appenders > 1 ? 's' : ''} (${fmt(r.events)} ev)`,
      r.backend,
      `${fmt(r.eventsPerSec)} ev/s (node CPU ${r.clientCpuPct}%)`,
      fmt(r.latencyMs.p50, 2),
      fmt(r.latencyMs.p95, 2),
      fmt(r.latencyMs.max, 2),
      isTarget ? `>= ${fmt(TARGETS.pgAppend8EventsPerSec)} ev/s` : '',
      isTarget ? verdict(r.eventsPerSec >= TARGETS.pgAppend8EventsPerSec) : '',
    ]);
  }
  for (const l of lags) {
    const isTarget = l === lagMain;
    rows.push([
      `projection lag, ${l.mode} (${fmt(l.events)} ev @ ${fmt(l.achievedRate)}/s)`,
      'postgres',
      `mean ${fmt(l.lagMs.mean, 2)} ms`,
      fmt(l.lagMs.p50, 2),
      fmt(l.lagMs.p95, 2),
      fmt(l.lagMs.max, 2),
      `p95 < ${TARGETS.lagP95Ms} ms`,
      verdict(l.lagMs.p95 < TARGETS.lagP95Ms) + (isTarget ? '' : ' (info)'),
    ]);
    rows.push([
      `  append during lag run, ${l.mode}`,
      'postgres',
      '',
      fmt(l.appendMs.p50, 2),
      fmt(l.appendMs.p95, 2),
      fmt(l.appendMs.max, 2),
      '',
      '',
    ]);
  }
  rows.push([
    `seed, batched ${SEED_BATCH}/append x${SEEDERS}`,
    'postgres',
    `${fmt(rebuilt.seedEventsPerSec)} ev/s`,
    '',
    '',
    '',
    '',
    '',
  ]);
  rows.push([
    `rebuild ${PROJECTION} (${fmt(rebuilt.rebuiltEvents)} ev, ${fmt(rebuilt.rebuildMs / 1000, 1)} s)`,
    'postgres',
    `${fmt(rebuilt.rebuildEventsPerSec)} ev/s`,
    '',
    '',
    '',
    `>= ${fmt(TARGETS.rebuildEventsPerSec)} ev/s`,
    verdict(rebuilt.rebuildEventsPerSec >= TARGETS.rebuildEventsPerSec),
  ]);
  rows.push([
    'rebuilt rows = events',
    'postgres',
    `${fmt(rebuilt.tableRows)} / ${fmt(rebuilt.totalEvents)}`,
    '',
    '',
    '',
    'equal',
    verdict(rebuilt.rowsMatch),
  ]);

  rows.push(['diag: SELECT 1 round trip', 'postgres', `${fmt(diag.selectOneMs, 3)} ms`, '', '', '', '', '']);
  rows.push([
    'diag: autocommit 1-row INSERT (WAL flush)',
    'postgres',
    `${fmt(diag.autocommitInsertMs, 3)} ms`,
    '',
    '',
    '',
    '',
    '',
  ]);
  rows.push([
    'diag: same, synchronous_commit=off',
    'postgres',
    `${fmt(diag.asyncCommitInsertMs, 3)} ms`,
    '',
    '',
    '',
    '',
    '',
  ]);

  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string =>
    r
      .map((cell, c) => (c >= 2 && c <= 5 ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join(' | ')
      .trimEnd();
  const out: string[] = [];
  out.push('');
  out.push(
    `Event store benchmark — PostgreSQL ${settings.server_version} (synchronous_commit=${settings.synchronous_commit}, fsync=${settings.fsync}, ` +
      `wal_sync_method=${settings.wal_sync_method}), ${cpus().length} CPU(s), Node ${process.version}`,
  );
  out.push(line(rows[0]));
  out.push(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows.slice(1)) out.push(line(r));
  out.push('');

  const pass = {
    pgAppend8: (pg8?.eventsPerSec ?? 0) >= TARGETS.pgAppend8EventsPerSec,
    lagP95: lagMain.lagMs.p95 < TARGETS.lagP95Ms,
    rebuild: rebuilt.rebuildEventsPerSec >= TARGETS.rebuildEventsPerSec,
    rebuildRowsMatch: rebuilt.rowsMatch,
  };
  process.stdout.write(out.join('\n') + '\n');
  process.stdout.write(
    JSON.stringify({
      bench: 'event-store',
      config: {
        seconds: SECONDS,
        lagSeconds: LAG_SECONDS,
        lagRate: LAG_RATE,
        rebuildEvents: REBUILD_EVENTS,
        cpus: cpus().length,
        node: process.version,
      },
      postgres: settings,
      diagnostics: diag,
      appends,
      lags,
      rebuild: rebuilt,
      targets: TARGETS,
      pass,
      allPass: Object.values(pass).every(Boolean),
    }) + '\n',
  );
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: cleaning up…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanupAll();
  process.exitCode = 1;
});
