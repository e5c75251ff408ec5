/**
 * How fast the Mongo read models (READ_MODELS_MONGO_URL) are projected (`npm run bench:mongo-projection`): from a
 * seeded PostgreSQL database (the staff-table benches' `uo_bench_10k`, say: read only, nothing in it changes) into
 * a MongoDB database of its own (`uo_bench_mproj_<pid>` on the server of BENCH_MONGO_URL, FerretDB on the project's
 * machines; dropped at the end):
 *
 * 1. **Catch-up**: the Mongo projector (MongoProjectionRunner, both projections side by side, as a projector process
 *    runs them) from position 0 until both reach the store's head, or BENCH_SECONDS have passed; events/s of each,
 *    over the store's positions it covered (every event for the event logs; the proposal views read only their
 *    types and move their checkpoint over the rest), and the handled events it applied.
 * 2. **Rebuild** of the proposal views (`projections:rebuild proposal_views`: a replay into the next generation
 *    while nothing writes), timed, when the catch-up finished and BENCH_REBUILD is not 0.
 * 3. **Verify** (BENCH_VERIFY=1): `projections:verify` of both, the caught-up read models against a replay, and the
 *    counts per call and status against the relational proposal views of the same database.
 *
 * Environment (all optional):
 *   DATABASE_URL     the seeded database (default uo_bench_10k on TEST_DATABASE_ADMIN_URL's server)
 *   BENCH_MONGO_URL  the MongoDB server (default TEST_MONGO_URL, else mongodb://127.0.0.1:27017)
 *   BENCH_SECONDS    the catch-up's time box (default 600)
 *   BENCH_REBUILD    0 skips the rebuild
 *   BENCH_VERIFY     1 verifies the read models after the catch-up (slow on FerretDB: it reads every document)
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { PROPOSAL_VIEWS_PROJECTION } from '../../services/api/src/modules/proposal-views';
import { createApp } from '../../services/api/src/app.factory';
import { ProjectionsService } from '../../services/api/src/platform/projections/projections.service';
import type { MongoProjectionRunner } from '../../services/api/src/platform/read-models-mongo/mongo-projection-runner';
import { MongoReadModels } from '../../services/api/src/platform/read-models-mongo/mongo-read-models';
import { ADMIN_URL, log, runBench } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const REBUILD = process.env.BENCH_REBUILD !== '0';
const VERIFY = process.env.BENCH_VERIFY === '1';
const MONGO_SERVER = process.env.BENCH_MONGO_URL ?? process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27017';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const url = new URL(ADMIN_URL);
  url.pathname = '/uo_bench_10k';
  return url.toString();
}

/** the MongoDB URL of a database of this run's own */
function mongoUrl(): string {
  const url = new URL(MONGO_SERVER);
  url.pathname = `/uo_bench_mproj_${process.pid}`;
  return url.toString();
}

/** the events each projection handles up to `position` (the proposal views read only their types) */
async function handled(
  db: string,
  runner: MongoProjectionRunner,
  position: number,
): Promise<Record<string, number>> {
  const pg = new Client({ connectionString: db });
  await pg.connect();
  try {
    const result: Record<string, number> = {};
    for (const p of runner.projections) {
      const { rows } = await pg.query<{ n: string }>(
        p.eventTypes === 'all'
          ? 'SELECT count(*) n FROM events WHERE position <= $1'
          : 'SELECT count(*) n FROM events WHERE position <= $1 AND type = ANY($2)',
        p.eventTypes === 'all' ? [position] : [position, p.eventTypes],
      );
      result[p.name] = Number(rows[0].n);
    }
    return result;
  } finally {
    await pg.end();
  }
}

async function main(): Promise<void> {
  const db = databaseUrl();
  const mongo = mongoUrl();
  log(`events from ${new URL(db).pathname.slice(1)}, read models into ${mongo}`);
  const { app } = await createApp({
    mode: 'maintenance',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl: db,
    redisUrl: null,
    eventStoreUrl: null,
    readModelsMongoUrl: mongo,
    jwtSecret: 'bench-secret',
    seedDemo: false,
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const runner = app.get(ProjectionsService).mongoProjections;
    if (!runner) throw new Error('no Mongo projections (READ_MODELS_MONGO_URL not taken)');
    const head = await (async () => {
      const pg = new Client({ connectionString: db });
      await pg.connect();
      try {
        const { rows } = await pg.query<{ h: string | null }>('SELECT max(position) h FROM events');
        return Number(rows[0].h ?? 0);
      } finally {
        await pg.end();
      }
    })();
    const totals = await handled(db, runner, head);
    log(`head ${head}; handled events: ${JSON.stringify(totals)}`);

    // ------------------------------------------------------------------------------------------ catch-up
    const started = performance.now();
    const doneAt = new Map<string, number>();
    runner.start();
    const deadline = started + SECONDS * 1000;
    let positions: Record<string, number> = {};
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      positions = Object.fromEntries(runner.status().map((s) => [s.name, s.position]));
      for (const [name, position] of Object.entries(positions))
        if (position >= head && !doneAt.has(name)) doneAt.set(name, performance.now());
      const elapsed = (performance.now() - started) / 1000;
      log(
        `  ${elapsed.toFixed(0)} s: ${Object.entries(positions)
          .map(([n, p]) => `${n} ${p}`)
          .join(', ')} (load ${load()})`,
      );
      if (doneAt.size === runner.projections.length || performance.now() > deadline) break;
    }
    await runner.stop();
    const stoppedAt = performance.now();
    positions = Object.fromEntries(runner.status().map((s) => [s.name, s.position]));
    const catchUp = await Promise.all(
      runner.projections.map(async (p) => {
        const position = positions[p.name] ?? 0;
        const seconds = ((doneAt.get(p.name) ?? stoppedAt) - started) / 1000;
        const applied = (await handled(db, runner, position))[p.name];
        return {
          name: p.name,
          position,
          caughtUp: position >= head,
          seconds,
          positionsPerSecond: position / seconds,
          handled: applied,
          handledPerSecond: applied / seconds,
        };
      }),
    );
    const catchUpLoad = load();

    // ------------------------------------------------------------------------------------------- rebuild
    let rebuild: { events: number; seconds: number; perSecond: number; load: string } | null = null;
    if (REBUILD && catchUp.every((c) => c.caughtUp)) {
      log('rebuilding the proposal views…');
      const t0 = performance.now();
      const { events } = await runner.rebuild(PROPOSAL_VIEWS_PROJECTION);
      const seconds = (performance.now() - t0) / 1000;
      rebuild = { events, seconds, perSecond: events / seconds, load: load() };
    }

    // ------------------------------------------------------------------------------------------- verify
    let verified: { name: string; tables: [string, number, number][] }[] | null = null;
    let countsEqual: boolean | null = null;
    if (VERIFY && catchUp.every((c) => c.caughtUp)) {
      verified = [];
      for (const p of runner.projections) {
        log(`verifying ${p.name}…`);
        const r = await runner.verify(p.name);
        verified.push({
          name: p.name,
          tables: r.tables.map((t) => [t.table, t.onlyLive, t.onlyReplayed] as [string, number, number]),
        });
      }
      const pg = new Client({ connectionString: db });
      await pg.connect();
      try {
        const { rows } = await pg.query<{ call_id: number; status_id: number; n: string }>(
          'SELECT call_id, status_id, count(*) n FROM proposal_views GROUP BY 1, 2',
        );
        const relational = Object.fromEntries(rows.map((r) => [`${r.call_id}:${r.status_id}`, Number(r.n)]));
        const counts = await runner.mongo.db
          .collection<{ _id: string; n: number }>(
            `proposal_view_counts__g${(await runner.mongo.checkpoints.findOne({ _id: PROPOSAL_VIEWS_PROJECTION }))?.generation ?? 0}`,
          )
          .find({ n: { $ne: 0 } })
          .toArray();
        const mongoCounts = Object.fromEntries(counts.map((c) => [c._id, c.n]));
        countsEqual =
          JSON.stringify(Object.entries(relational).sort()) ===
          JSON.stringify(Object.entries(mongoCounts).sort());
        log(
          `counts per call and status: relational ${JSON.stringify(relational)}, Mongo ${JSON.stringify(mongoCounts)}`,
        );
      } finally {
        await pg.end();
      }
    }

    out('');
    out(
      `Mongo projections from ${new URL(db).pathname.slice(1)} (${head.toLocaleString('en')} events) into ${new URL(mongo).host}, ` +
        `catch-up from position 0${SECONDS ? `, time box ${SECONDS} s` : ''} (load ${catchUpLoad})`,
    );
    out(
      '| projection | events of the store covered | handled events applied | seconds | covered/s | applied/s |',
    );
    out('|---|---|---|---|---|---|');
    for (const c of catchUp)
      out(
        `| ${c.name} | ${c.position.toLocaleString('en')}${c.caughtUp ? '' : ` of ${head.toLocaleString('en')}`} | ` +
          `${c.handled.toLocaleString('en')} of ${totals[c.name].toLocaleString('en')} | ${c.seconds.toFixed(1)} | ` +
          `${c.positionsPerSecond.toFixed(0)} | ${c.handledPerSecond.toFixed(0)} |`,
      );
    if (rebuild)
      out(
        `rebuild of ${PROPOSAL_VIEWS_PROJECTION}: ${rebuild.events.toLocaleString('en')} events in ${rebuild.seconds.toFixed(1)} s, ` +
          `${rebuild.perSecond.toFixed(0)} events/s (load ${rebuild.load})`,
      );
    if (verified)
      out(
        `verify: ${verified
          .map(
            (v) =>
              `${v.name} ${v.tables.every(([, a, b]) => a === 0 && b === 0) ? 'equal to a replay' : `DIFFERS ${JSON.stringify(v.tables)}`}`,
          )
          .join(
            '; ',
          )}; counts per call and status ${countsEqual ? 'equal to' : 'DIFFERENT from'} the relational store's`,
      );
    out(JSON.stringify({ head, totals, catchUp, rebuild, verified, countsEqual }));
  } catch (error) {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    throw error;
  } finally {
    await app.close();
    const readModels = MongoReadModels.open(mongo);
    await readModels.db.dropDatabase().catch(() => undefined);
    await readModels.close();
  }
}

runBench(main);
