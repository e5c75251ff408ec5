/**
 * The staff proposals table over HTTP (`npm run bench:proposals-core:http`): seeds BENCH_PROPOSALS submitted
 * proposals as events (or reuses a database seeded before), starts the real built api (`node
 * services/api/dist/main.js`, NODE_ENV=production, UO_MODE=api, its development IdP for the login), logs in as
 * `officer` through the authorization-code flow (scripts/token.ts's way), then times the console's own query
 * (ConsoleProposals of frontends/console, a page of 20 with every field of the staff table, a count above 5,000
 * over a search or a question filter estimated as the console allows) for each case, and the exact count the
 * console's "Count exactly" asks for (ConsoleProposalsCount), over HTTP and server-side (the repository behind
 * getProposalsCore, same inputs, same run), then 8 officers at once, then reads the api's resident memory.
 *
 * Every timed run rotates its inputs (search words, status ids, numbers, offsets, sort directions), so no figure
 * is the same query repeated. Nothing is cached by the api.
 *
 * Environment (all optional):
 *   BENCH_PROPOSALS        proposals (default 100000)
 *   BENCH_DB               database name on TEST_DATABASE_ADMIN_URL's server, reused when seeded for the same
 *                          count, else created and seeded; kept (default uo_bench_100k, uo_bench_1m, …)
 *   DATABASE_URL           a database to use instead (reused when seeded, else seeded)
 *   BENCH_RUNS             timed runs per case (default 60), after BENCH_WARMUP warm-up runs (default 5)
 *   BENCH_CLIENTS          concurrent officers (default 8; 0 leaves that part out), BENCH_CONCURRENT_SECONDS
 *                          (default 20)
 *   BENCH_CASES            a regular expression: only the cases whose name matches (e.g. '^(?!.*495)')
 *   BENCH_SERVER           0 leaves the server-side runs out (over HTTP only: on FerretDB a query of the table
 *                          takes seconds to minutes at 100,000 proposals)
 *   BENCH_MULTIPLY         seed BENCH_PROPOSALS / k through events, then copy them k times in SQL (events and read
 *                          models; see proposals-multiply.ts). Default 1 (all through events)
 *   BENCH_API_NODE_ARGS    node options of the api process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 *   BENCH_FROM             a seeded database to start from when BENCH_DB does not exist: copied (CREATE DATABASE
 *                          … TEMPLATE), then its proposals multiplied in SQL up to BENCH_PROPOSALS, e.g.
 *                          BENCH_PROPOSALS=1000000 BENCH_FROM=uo_bench_100k
 *   BENCH_API_MAIN         the api's entry (default services/api/dist/main.js)
 *   BENCH_BUILD            0 skips `npm run build` of contracts, dev-idp and api (default: build)
 *   BENCH_EXACT_COUNTS     1: the table's cases without allowEstimatedCount, every count exact (as before the
 *                          console allowed estimates)
 *   READ_MODELS_MONGO_URL  the Mongo read models: the seeded events are projected into this MongoDB (FerretDB on
 *                          the project's machines) first by the Mongo projector alone (timed; a database projected
 *                          before continues from its checkpoints), then the api and the server-side runs read the
 *                          staff table from it. Unset: PostgreSQL's read models
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse, print, separateOperations } from 'graphql';
import { Client } from 'pg';
import { DataType, FieldConditionType, OrderDirection, Role } from '../../contracts/src';
import { ProposalViewsRepository } from '../../services/api/src/modules/proposal-views';
import type { EventStore } from '../../services/api/src/platform/event-store/event-store.port';
import { ProjectionsService } from '../../services/api/src/platform/projections/projections.service';
import { EVENT_STORE } from '../../services/api/src/platform/tokens';
import { createApp } from '../../services/api/src/app.factory';
import { loginAtDevIdp, startDevIdp } from '../../services/dev-idp/src';
import { multiplyProposals } from './proposals-multiply';
import { postJson } from './post-json';
import {
  readBenchData,
  seedProposals,
  vacuumAnalyze,
  writeBenchData,
  type BenchData,
} from './proposals-seed';
import {
  ADMIN_URL,
  freePort,
  log,
  percentile,
  runBench,
  sessionToken,
  startBuiltApi,
  type BuiltApi,
} from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const CONCURRENT_SECONDS = Number(process.env.BENCH_CONCURRENT_SECONDS ?? 20);
const MULTIPLY = Math.max(1, Number(process.env.BENCH_MULTIPLY ?? 1));
const FROM_DB = process.env.BENCH_FROM;
const EXACT_COUNTS = process.env.BENCH_EXACT_COUNTS === '1';
const MONGO_URL = process.env.READ_MODELS_MONGO_URL || null;
const SERVER_SIDE = process.env.BENCH_SERVER !== '0';
const CASES = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
const ROOT = resolve(__dirname, '..', '..');
const EXCLUDED_STATUS_ID = 9; // the console leaves status 9 out unless a status is chosen (proposal-filter.ts)

/**
 * The console's proposals table query and its exact count ("Count exactly"), as the console sends them: each
 * operation of frontends/console/src/resources/proposals/api/proposals.graphql with the fragments it uses.
 */
const CONSOLE_OPERATIONS = separateOperations(
  parse(
    readFileSync(
      resolve(__dirname, '../../frontends/console/src/resources/proposals/api/proposals.graphql'),
      'utf8',
    ),
  ),
);
const CONSOLE_PROPOSALS = print(CONSOLE_OPERATIONS.ConsoleProposals);
const CONSOLE_COUNT = print(CONSOLE_OPERATIONS.ConsoleProposalsCount);

interface Variables {
  filter: Record<string, unknown>;
  first: number;
  offset?: number;
  searchText?: string;
  sortField?: string;
  sortDirection?: OrderDirection;
  allowEstimatedCount?: boolean;
}

interface Case {
  name: string;
  /** the variables of run n (rotating) */
  vars(n: number): Variables;
  /** the exact count behind an estimated total (ConsoleProposalsCount), not a page of the table */
  exactCount?: true;
  /** left out of the officers at once (the 200-row chunk, the exact counts) */
  alone?: true;
}

const SEARCH_WORDS = [
  'neutron',
  'magnetic',
  'protein',
  'battery',
  'quantum',
  'polymer',
  'crystal',
  'zeolite',
];

function cases(data: BenchData): Case[] {
  const notExcluded = { excludeProposalStatusIds: [EXCLUDED_STATUS_ID] };
  const numberFilter = (value: number) => ({
    ...notExcluded,
    questionFilter: {
      questionId: data.numberQuestion,
      compareOperator: FieldConditionType.GREATER_THAN,
      value: String(value),
      dataType: DataType.NUMBER_INPUT,
    },
  });
  const search = (n: number) => SEARCH_WORDS[n % SEARCH_WORDS.length];
  const table: Case[] = [
    {
      name: 'first page, default order (pages 1–10)',
      vars: (n) => ({ filter: notExcluded, first: 20, offset: (n % 10) * 20 }),
    },
    {
      name: `search one common word (${SEARCH_WORDS.length} words)`,
      vars: (n) => ({ filter: notExcluded, first: 20, searchText: search(n) }),
    },
    {
      name: 'status filter (4 statuses)',
      vars: (n) => ({ filter: { proposalStatusId: data.statusIds[n % data.statusIds.length] }, first: 20 }),
    },
    { name: 'number answer > 895…904', vars: (n) => ({ filter: numberFilter(895 + (n % 10)), first: 20 }) },
    { name: 'number answer > 495…504', vars: (n) => ({ filter: numberFilter(495 + (n % 10)), first: 20 }) },
    {
      name: 'sort by title (asc/desc, pages 1–5)',
      vars: (n) => ({
        filter: notExcluded,
        first: 20,
        offset: (Math.floor(n / 2) % 5) * 20,
        sortField: 'title',
        sortDirection: n % 2 === 0 ? OrderDirection.ASC : OrderDirection.DESC,
      }),
    },
    {
      name: 'offset 10,000… by title',
      vars: (n) => ({
        filter: notExcluded,
        first: 20,
        offset: 10_000 + (n % 10) * 20,
        sortField: 'title',
        sortDirection: OrderDirection.ASC,
      }),
    },
    {
      name: 'PI surname prefix (last10…last19)',
      vars: (n) => ({ filter: notExcluded, first: 20, searchText: `last${10 + (n % 10)}` }),
    },
    {
      name: 'call filter, chunk of 200 (the console prefetches 200)',
      vars: (n) => ({ filter: { ...notExcluded, callId: data.callId }, first: 200, offset: (n % 5) * 200 }),
      alone: true,
    },
  ];
  // the console lets every count be estimated (and says "about" when it is)
  const asTheConsole = EXACT_COUNTS
    ? table
    : table.map((c) => ({
        ...c,
        vars: (n: number) => ({ ...c.vars(n), allowEstimatedCount: true }),
      }));
  const exact = (name: string, vars: (n: number) => Variables): Case => ({
    name: `exact count on request ("Count exactly"): ${name}`,
    vars: (n) => ({ ...vars(n), first: 0 }),
    exactCount: true,
    alone: true,
  });
  return [
    ...asTheConsole,
    exact('search one common word', (n) => ({ filter: notExcluded, first: 0, searchText: search(n) })),
    exact('number answer > 495…504', (n) => ({ filter: numberFilter(495 + (n % 10)), first: 0 })),
  ];
}

interface Stats {
  p50: number;
  p95: number;
  max: number;
}

function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
}

const fmt = (ms: number) => ms.toFixed(1);
/** a server-side figure, or a dash when that part was left out (BENCH_SERVER=0) */
const ms = (value: number | undefined) => (value === undefined ? '—' : `${fmt(value)} ms`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function databaseUrlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function defaultDatabaseName(count: number): string {
  const label =
    count % 1_000_000 === 0
      ? `${count / 1_000_000}m`
      : count % 1000 === 0
        ? `${count / 1000}k`
        : String(count);
  return `uo_bench_${label}`;
}

/** the database to bench on: reused when it holds this count of bench proposals, else created or seeded */
async function prepareDatabase(): Promise<{ url: string; data: BenchData }> {
  let url = process.env.DATABASE_URL;
  let from: BenchData | null = null;
  if (!url) {
    const name = process.env.BENCH_DB ?? defaultDatabaseName(PROPOSALS);
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      if (FROM_DB) {
        // a copy of a seeded database, then multiplied (BENCH_FROM)
        from = await readBenchData(databaseUrlOf(FROM_DB));
        if (!from) throw new Error(`${FROM_DB} holds no bench proposals`);
        log(`copying ${FROM_DB} (${from.proposals} proposals, ${from.method})…`);
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${FROM_DB}"`);
      } else {
        await admin.query(`CREATE DATABASE "${name}"`);
      }
    }
    await admin.end();
    url = databaseUrlOf(name);
  }
  log(`database ${new URL(url).pathname.slice(1)} (${url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')})`);
  const found = await readBenchData(url);
  if (found) {
    if (found.proposals !== PROPOSALS)
      throw new Error(
        `this database holds ${found.proposals} bench proposals, not ${PROPOSALS}: choose another BENCH_DB`,
      );
    log(`reusing it: ${found.proposals} proposals seeded before (${found.method})`);
    return { url, data: found };
  }
  if (from) {
    const k = PROPOSALS / from.proposals;
    if (!Number.isInteger(k) || k < 2) throw new Error(`${PROPOSALS} is not a multiple of ${from.proposals}`);
    const started = performance.now();
    await multiplyProposals(url, from, k);
    const seconds = (performance.now() - started) / 1000;
    log(`copied ×${k} in ${seconds.toFixed(0)} s; VACUUM ANALYZE…`);
    await vacuumAnalyze(url);
    const data: BenchData = {
      ...from,
      proposals: PROPOSALS,
      method: `${from.proposals} through events (${from.seedRate.toFixed(0)}/s), ×${k} by SQL copy in ${seconds.toFixed(0)} s`,
      seedSeconds: from.seedSeconds + seconds,
      seedRate: PROPOSALS / (from.seedSeconds + seconds),
    };
    await writeBenchData(url, data);
    return { url, data };
  }
  const base = Math.ceil(PROPOSALS / MULTIPLY);
  const { app } = await createApp({
    mode: 'api',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl: url,
    redisUrl: null,
    eventStoreUrl: null,
    readModelsMongoUrl: null,
    jwtSecret: 'bench-secret',
    seedDemo: false,
  });
  let data: BenchData;
  try {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const gql = async <T>(query: string): Promise<T> => {
      const res = await fetch(`http://127.0.0.1:${address.port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${officer}` },
        body: JSON.stringify({ query }),
      });
      const json = (await res.json()) as { data?: T; errors?: { message: string }[] };
      if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
      return json.data as T;
    };
    data = await seedProposals(app, gql, base);
  } finally {
    await app.close();
  }
  if (MULTIPLY > 1) {
    const started = performance.now();
    await multiplyProposals(url, data, MULTIPLY);
    const seconds = (performance.now() - started) / 1000;
    log(`copied ×${MULTIPLY} in ${seconds.toFixed(0)} s`);
    data = {
      ...data,
      proposals: base * MULTIPLY,
      method: `${base} through events (${data.seedRate.toFixed(0)}/s), then ×${MULTIPLY} by SQL copy`,
      seedSeconds: data.seedSeconds + seconds,
      seedRate: (base * MULTIPLY) / (data.seedSeconds + seconds),
    };
  }
  log('VACUUM ANALYZE…');
  await vacuumAnalyze(url);
  await writeBenchData(url, data);
  return { url, data };
}

/** the real built api, as a facility runs its api process (production, api mode, the access log on) */
async function startApi(databaseUrl: string, jwtSecret: string): Promise<BuiltApi> {
  const port = await freePort();
  const logFile = join(tmpdir(), `uo-bench-api-${process.pid}.log`);
  const logFd = openSync(logFile, 'w');
  log(`the api's log: ${logFile}`);
  try {
    return await startBuiltApi({
      port,
      nodeArgs: (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter((a) => a !== ''),
      main: resolve(ROOT, process.env.BENCH_API_MAIN ?? 'services/api/dist/main.js'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        UO_MODE: 'api',
        DATABASE_URL: databaseUrl,
        ...(MONGO_URL ? { READ_MODELS_MONGO_URL: MONGO_URL } : {}),
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        JWT_SECRET: jwtSecret,
        // production refuses a provider over plain HTTP, so the dev IdP logs in through the login app (below);
        // this one is never asked (no login happens here)
        AUTH_DISCOVERY_URL: 'https://login.invalid/',
        AUTH_CLIENT_SECRET: 'unused',
        DATA_DIR: resolve(ROOT, '.data', `bench-http-${process.pid}`),
      },
      // the access log stays on (LOG_LEVEL info, as a facility runs it), written to a file as a log shipper reads it
      stdio: ['ignore', logFd, logFd],
      readyPath: '/ready',
      output: () => readFileSync(logFile, 'utf8').slice(-4000),
    });
  } finally {
    closeSync(logFd);
  }
}

/**
 * The login: the dev IdP and an app of the same code on the same database and JWT secret, whose login is the
 * product's (authorization-code flow at the IdP over HTTP, then externalTokenLogin), as scripts/token.ts does it.
 * Its session tokens are valid on the timed api (same secret, same session records).
 */
interface LoginApp {
  app: Awaited<ReturnType<typeof createApp>>['app'];
  login(): Promise<string>;
  close(): Promise<void>;
}

async function startLoginApp(databaseUrl: string, jwtSecret: string): Promise<LoginApp> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const redirectUri = `${base}/external-auth`;
  const idp = await startDevIdp({
    port: 0,
    clients: [
      {
        clientId: 'user-office',
        clientSecret: 'dev-secret',
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [redirectUri],
      },
    ],
  });
  const { app } = await createApp({
    mode: 'api',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl,
    redisUrl: null,
    eventStoreUrl: null,
    readModelsMongoUrl: MONGO_URL,
    jwtSecret,
    seedDemo: false,
    authDiscoveryUrl: idp.issuer,
    authClientId: 'user-office',
    authClientSecret: 'dev-secret',
    devIdp: true,
    publicUrl: base,
  });
  await app.listen(port, '127.0.0.1');
  return {
    app,
    login: async () => {
      const { code, iss } = await loginAtDevIdp({
        issuer: idp.issuer,
        clientId: 'user-office',
        redirectUri,
        username: 'officer',
        password: 'secret',
      });
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'mutation ($t: String!, $r: String!, $i: String) { externalTokenLogin(externalToken: $t, redirectUri: $r, iss: $i) }',
          variables: { t: code, r: redirectUri, i: iss },
        }),
      });
      const json = (await res.json()) as {
        data?: { externalTokenLogin: string };
        errors?: { message: string }[];
      };
      if (!json.data?.externalTokenLogin) throw new Error(`login failed: ${JSON.stringify(json.errors)}`);
      return json.data.externalTokenLogin;
    },
    close: async () => {
      await app.close();
      await idp.close();
    },
  };
}

async function postGraphql(
  api: BuiltApi,
  token: string,
  body: string,
): Promise<{ totalCount: number; rows: number; estimated: boolean }> {
  const res = await postJson(`${api.url}/graphql`, token, body);
  const json = res.json as {
    data?: {
      getProposalsCore?: { totalCount: number; totalCountEstimated?: boolean; proposalViews?: unknown[] };
    };
    errors?: { message: string }[];
  };
  if (!res.ok || json.errors) throw new Error(`HTTP ${res.status}: ${JSON.stringify(json.errors)}`);
  const result = json.data?.getProposalsCore;
  return {
    totalCount: result?.totalCount ?? 0,
    rows: result?.proposalViews?.length ?? 0,
    estimated: result?.totalCountEstimated ?? false,
  };
}

const bodyOf = (c: Case, vars: Variables) =>
  c.exactCount
    ? JSON.stringify({
        operationName: 'ConsoleProposalsCount',
        query: CONSOLE_COUNT,
        variables: { filter: vars.filter, searchText: vars.searchText },
      })
    : JSON.stringify({ operationName: 'ConsoleProposals', query: CONSOLE_PROPOSALS, variables: vars });

/** CPU time the process used so far, ms (user + system, from /proc) */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

/**
 * The Mongo read models caught up with the seeded events: the product's Mongo projector (MongoProjectionRunner, both
 * Mongo projections side by side, as a projector process runs them) on READ_MODELS_MONGO_URL, in an app of mode
 * maintenance (a projector process would also run the reactions and the relational async projections over every
 * seeded event, which the seeding leaves behind on purpose), until both checkpoints reach the store's head. Timed;
 * a Mongo database projected before continues from its checkpoints.
 */
async function projectIntoMongo(
  databaseUrl: string,
  mongoUrl: string,
): Promise<{ seconds: number; events: number; byProjection: Record<string, number> }> {
  log(`projecting into MongoDB at ${mongoUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')}…`);
  const started = performance.now();
  const { app } = await createApp({
    mode: 'maintenance',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl,
    redisUrl: null,
    eventStoreUrl: null,
    readModelsMongoUrl: mongoUrl,
    jwtSecret: 'bench-secret',
    seedDemo: false,
  });
  try {
    const runner = app.get(ProjectionsService).mongoProjections;
    if (!runner) throw new Error('no Mongo projections');
    const head = await app.get<EventStore>(EVENT_STORE).headPosition();
    const byProjection: Record<string, number> = {};
    runner.start();
    for (;;) {
      const lag = await runner.lag();
      for (const [name, behind] of Object.entries(lag))
        if (behind === 0 && byProjection[name] === undefined)
          byProjection[name] = (performance.now() - started) / 1000;
      if (Object.values(lag).every((behind) => behind === 0)) break;
      log(
        `  Mongo read models: ${Object.entries(lag)
          .map(([name, behind]) => `${name} ${head - behind} / ${head}`)
          .join(', ')} events (load ${load()})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
    await runner.stop();
    const seconds = (performance.now() - started) / 1000;
    log(`  caught up in ${seconds.toFixed(0)} s`);
    return { seconds, events: head, byProjection };
  } finally {
    await app.close();
  }
}

/** BENCH_CLIENTS officers, each with its own session, through the table's cases (but the chunk) for a while */
async function officersAtOnce(
  api: BuiltApi,
  loginApp: LoginApp,
  list: Case[],
): Promise<Stats & { perSecond: number; load: string }> {
  log(`${CLIENTS} officers at once for ${CONCURRENT_SECONDS} s…`);
  const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => loginApp.login()));
  const mix = list.filter((c) => !c.alone);
  const concurrent: number[] = [];
  const until = performance.now() + CONCURRENT_SECONDS * 1000;
  const startedAt = performance.now();
  let counter = 0;
  await Promise.all(
    tokens.map(async (t, client) => {
      let n = client * 7;
      while (performance.now() < until) {
        const c = mix[n % mix.length];
        const body = bodyOf(c, c.vars(Math.floor(n / mix.length) + client));
        n++;
        const t0 = performance.now();
        await postGraphql(api, t, body);
        concurrent.push(performance.now() - t0);
        counter++;
      }
    }),
  );
  const concurrentSeconds = (performance.now() - startedAt) / 1000;
  return { ...stats(concurrent), perSecond: counter / concurrentSeconds, load: load() };
}

function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function main(): Promise<void> {
  if (process.env.BENCH_BUILD !== '0') {
    log('building contracts, dev-idp and the api…');
    for (const w of ['contracts', 'services/dev-idp', 'services/api'])
      execFileSync('npm', ['run', 'build', '-w', w], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const { url, data } = await prepareDatabase();
  const all = cases(data);
  const list = CASES ? all.filter((c) => CASES.test(c.name)) : all;
  const left = all.filter((c) => !list.includes(c)).map((c) => c.name);
  if (left.length > 0) log(`cases left out (BENCH_CASES): ${left.join('; ')}`);
  const mongoProjection = MONGO_URL ? await projectIntoMongo(url, MONGO_URL) : null;

  const jwtSecret = randomBytes(32).toString('hex');
  const loginApp = await startLoginApp(url, jwtSecret);
  // a read model whose version changed was rebuilt by that start: the state autovacuum brings it to (statistics,
  // visibility map), as after the seeding
  log('VACUUM ANALYZE…');
  await vacuumAnalyze(url);
  log('starting the api (node services/api/dist/main.js, NODE_ENV=production, UO_MODE=api)…');
  const api = await startApi(url, jwtSecret);
  try {
    // ----------------------------------------------------------------------- server-side, the same inputs
    const server: (Stats | null)[] = [];
    const views = loginApp.app.get(ProposalViewsRepository);
    if (SERVER_SIDE) log('server-side (the repository behind getProposalsCore, in this process)…');
    for (const c of list) {
      if (!SERVER_SIDE) {
        server.push(null);
        continue;
      }
      const times: number[] = [];
      for (let n = -WARMUP; n < RUNS; n++) {
        const v = c.vars(n + WARMUP);
        const t0 = performance.now();
        await views.page(v.filter, c.exactCount ? { searchText: v.searchText, first: 0 } : v);
        if (n >= 0) times.push(performance.now() - t0);
      }
      const s = stats(times);
      server.push(s);
      log(`  ${c.name}: p95 ${fmt(s.p95)} ms (load ${load()})`);
    }

    // ---------------------------------------------------------------------------------------- over HTTP
    const token = await loginApp.login();
    log('logged in as officer through the dev IdP (authorization code, externalTokenLogin)');
    const bare: number[] = [];
    for (let n = -WARMUP; n < RUNS; n++) {
      const t0 = performance.now();
      const res = await fetch(`${api.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{"query":"{ __typename }"}',
      });
      await res.text();
      if (n >= 0) bare.push(performance.now() - t0);
    }
    const http: (Stats & { totalCount: number; estimated: boolean; load: string; cpuMs: number })[] = [];
    const pid = api.child.pid as number;
    for (const c of list) {
      const times: number[] = [];
      const cpu0 = cpuMs(pid);
      const counts: number[] = [];
      let estimates = 0;
      for (let n = -WARMUP; n < RUNS; n++) {
        const vars = c.vars(n + WARMUP);
        const body = bodyOf(c, vars);
        const t0 = performance.now();
        const { totalCount, rows, estimated } = await postGraphql(api, token, body);
        if (n >= 0) times.push(performance.now() - t0);
        // a page within the matches has rows (a small database's deep pages are past them)
        if (rows === 0 && !c.exactCount && totalCount > (vars.offset ?? 0))
          throw new Error(`${c.name}: no rows`);
        counts.push(totalCount);
        if (estimated) estimates++;
      }
      counts.sort((a, b) => a - b);
      http.push({
        ...stats(times),
        totalCount: counts[Math.floor(counts.length / 2)],
        estimated: estimates > counts.length / 2,
        load: load(),
        cpuMs: (cpuMs(pid) - cpu0) / (RUNS + WARMUP),
      });
      log(`  ${c.name}: p95 ${fmt(http[http.length - 1].p95)} ms over HTTP (load ${load()})`);
    }

    // -------------------------------------------------------------------------------- officers at once
    const together = CLIENTS > 0 ? await officersAtOnce(api, loginApp, list) : null;
    const memory = residentMemory(api.child.pid as number);

    // ------------------------------------------------------------------------------------------ report
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out('');
    out(
      `getProposalsCore, ${data.proposals.toLocaleString('en')} proposals (${data.method}; seeded at ${data.seedRate.toFixed(0)} proposals/s), ` +
        `${
          MONGO_URL
            ? `the Mongo read models on FerretDB 1.24 (MongoDB's wire protocol over PostgreSQL; a MongoDB server would differ), projected from its ${mongoProjection?.events.toLocaleString('en')} events by the Mongo projector alone in ${mongoProjection?.seconds.toFixed(0)} s (${Object.entries(
                mongoProjection?.byProjection ?? {},
              )
                .map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`)
                .join(', ')})`
            : 'PostgreSQL'
        }; the console's query (${EXACT_COUNTS ? 'every count exact, BENCH_EXACT_COUNTS=1' : 'allowEstimatedCount: "about" marks an estimated count'}), a page of 20, ${RUNS} runs per case after ${WARMUP} warm-up runs, with rotating inputs`,
    );
    out('| case | matches | server p50 | server p95 | HTTP p50 | HTTP p95 | api CPU/request | load |');
    out('|---|---|---|---|---|---|---|---|');
    list.forEach((c, i) =>
      out(
        `| ${c.name} | ${http[i].estimated ? 'about ' : ''}${http[i].totalCount.toLocaleString('en')} | ${ms(server[i]?.p50)} | ${ms(server[i]?.p95)} | ` +
          `${fmt(http[i].p50)} ms | ${fmt(http[i].p95)} ms | ${fmt(http[i].cpuMs)} ms | ${http[i].load} |`,
      ),
    );
    const b = stats(bare);
    out(`bare { __typename } over HTTP: p50 ${fmt(b.p50)} ms, p95 ${fmt(b.p95)} ms`);
    out(
      together
        ? `${CLIENTS} officers at once (the table's cases but the chunk, rotating): ${together.perSecond.toFixed(0)} requests/s, ` +
            `p50 ${fmt(together.p50)} ms, p95 ${fmt(together.p95)} ms, max ${fmt(together.max)} ms (load ${together.load})`
        : 'officers at once: not run (BENCH_CLIENTS=0)',
    );
    out(
      `api resident memory after the run: ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)`,
    );
    if (left.length > 0) out(`cases not run (BENCH_CASES): ${left.join('; ')}`);
    out(`database kept: ${new URL(url).pathname.slice(1)}`);
    out(
      JSON.stringify({
        proposals: data.proposals,
        readModels: MONGO_URL ? 'mongo (FerretDB)' : 'postgresql',
        mongoProjection,
        method: data.method,
        seedRate: data.seedRate,
        cases: list.map((c, i) => ({
          name: c.name,
          matches: http[i].totalCount,
          estimated: http[i].estimated,
          server: server[i],
          http: http[i],
        })),
        bare: b,
        concurrent: together ? { clients: CLIENTS, ...together } : null,
        memory,
      }),
    );
  } finally {
    await api.stop();
    await loginApp.close();
  }
}

runBench(main);
