/**
 * UOC import benchmark: a user-office-core-shaped database (built by SQL, see
 * scripts/bench/uoc-source.ts, also the test's source) of BENCH_PROPOSALS proposals (default 100,000) with
 * BENCH_ANSWERS answers each (default 20), imported into a scratch PostgreSQL store by `runUocImport` (what
 * `npm run import:uoc` runs), then imported again (the no-op run). Prints proposals/s, events/s, the importer's peak
 * RSS (sampled every 100 ms), the time `projections:verify` takes to find every read model equal to its replay (BENCH_VERIFY=0
 * skips it), and the second run's time; the last stdout line is JSON. Drops its databases.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, BENCH_PROPOSALS, BENCH_ANSWERS, BENCH_BATCH (default 1000),
 * BENCH_FAPS (default on; 0: no FAP rows; else every second proposal on a panel with two graded reviews and a decision).
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { verified, verifyProjections } from '../../services/api/src/maintenance';
import { runUocImport } from '../../services/api/src/uoc-import';
import { buildUocSource } from './uoc-source';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
/** (40b) FAP assignments, reviews and decisions on every second proposal (BENCH_FAPS=0: none) */
const FAPS = process.env.BENCH_FAPS !== '0';
const ADMIN = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main(): Promise<void> {
  const tag = `${process.pid}`;
  const source = `uoc_bench_src_${tag}`;
  const target = `uoc_bench_tgt_${tag}`;
  await admin(`CREATE DATABASE ${source}`);
  await admin(`CREATE DATABASE ${target}`);
  try {
    let t = performance.now();
    await buildUocSource(urlOf(source), { proposals: PROPOSALS, answers: ANSWERS, faps: FAPS });
    console.log(
      `source: ${PROPOSALS} proposals × ${ANSWERS} answers built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    let peak = 0;
    // the importer's runs only (not the verification between them)
    let sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    t = performance.now();
    const first = await runUocImport({
      sourceUrl: urlOf(source),
      batchSize: BATCH,
      overrides: { databaseUrl: urlOf(target) },
      log: (l) => console.log(l),
    });
    const seconds = (performance.now() - t) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    clearInterval(sampler);
    let verify: { seconds: number; equal: boolean; differing: string[] } | null = null;
    if (process.env.BENCH_VERIFY !== '0') {
      t = performance.now();
      const results = await verifyProjections([], { databaseUrl: urlOf(target), logLevel: 'warn' });
      const differing = results.filter((r) => !verified(r)).map((r) => r.name);
      verify = { seconds: (performance.now() - t) / 1000, equal: differing.length === 0, differing };
      console.log(
        `projections:verify: ${verify.equal ? 'every read model equal' : `DIFFERS: ${differing.join(', ')}`} in ${verify.seconds.toFixed(1)} s`,
      );
    }
    sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    t = performance.now();
    const second = await runUocImport({
      sourceUrl: urlOf(source),
      batchSize: BATCH,
      overrides: { databaseUrl: urlOf(target) },
    });
    const noop = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const result = {
      proposals: first.proposals,
      answers: PROPOSALS * ANSWERS,
      events: first.events,
      seconds: Number(seconds.toFixed(1)),
      importSeconds: Number(first.seconds.toFixed(1)),
      proposalsPerSecond: Math.round(first.proposals / seconds),
      eventsPerSecond: Math.round(first.events / seconds),
      peakRssMb: Math.round(peak / 1024 / 1024),
      verifySeconds: verify ? Number(verify.seconds.toFixed(1)) : null,
      verifyEqual: verify?.equal ?? null,
      noopSeconds: Number(noop.toFixed(1)),
      noopNothingNew: second.nothingNew,
    };
    console.log(
      `import: ${result.proposals} proposals, ${result.events} events in ${result.seconds} s (with app start and ` +
        `async read models): ${result.proposalsPerSecond} proposals/s, ${result.eventsPerSecond} events/s; ` +
        `peak RSS ${result.peakRssMb} MB; second run ${result.noopSeconds} s (nothing new: ${result.noopNothingNew})`,
    );
    console.log(JSON.stringify(result));
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
