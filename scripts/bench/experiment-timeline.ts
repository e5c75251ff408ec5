/**
 * The console's experiment timeline (`/console/ExperimentTimes`, issue 29) over a busy instrument: the time from
 * navigation to the timeline's items painted, and the bytes of data the page loads. Run with
 * `npm run bench:experiment-timeline` (builds the console and the portal first when their dist/ is missing).
 *
 * 1. The product as the browser tests start it (frontends/portal/test/browser/harness.ts): the api on a fresh
 *    PostgreSQL database with the demo seeded, serving the built console and portal, the development IdP, Chromium.
 * 2. BENCH_EXPERIMENTS experiments (default 2,000) on the demo's instrument D22 over a year (from half a year ago
 *    to half a year ahead, back to back), for the demo's two accepted proposals, through the scheduler's command
 *    `ExperimentsService.applyScheduledEvent` (the RabbitMQ consumer's path: real events, the inline read model),
 *    BENCH_CONCURRENCY (default 4) at a time.
 * 3. The officer signs in through the IdP's form; then BENCH_RUNS (default 5) navigations to
 *    `/console/ExperimentTimes?instrument=<D22>&call=<demo call>`, the first with an empty browser cache (cold), the
 *    others warm. In the page, a MutationObserver (installed before any script) notes the first `.vis-item.experiment`
 *    element and the time is taken in the frame after (`requestAnimationFrame`), from the navigation's start
 *    (`performance.timeOrigin`). The GraphQL responses of each navigation are counted (decoded and transferred
 *    bytes), as are all bytes the page loads (scripts and styles included).
 *
 * Environment (all optional): BENCH_EXPERIMENTS, BENCH_CONCURRENCY, BENCH_RUNS, CHROMIUM_PATH, TEST_DATABASE_ADMIN_URL.
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON. A screenshot of the last run is
 * kept in artifacts/screenshots/bench-experiment-timeline.png.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEV_ACCOUNTS, DEV_PASSWORD, Role } from '../../contracts/src';
import { startDevIdp } from '../../services/dev-idp/src';
import { ExperimentsService } from '../../services/api/src/modules/experiments';
import { UsersService } from '../../services/api/src/modules/users';
import {
  freePort,
  log,
  percentile,
  runBench,
  sessionToken,
  withScratchApp,
  type ScratchApp,
} from './support';

const ROOT = join(__dirname, '..', '..');
const EXPERIMENTS = Number(process.env.BENCH_EXPERIMENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const YEAR_MS = 365 * 24 * 3600 * 1000;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');

/**
 * The product as the browser tests start it (frontends/portal/test/browser/harness.ts, an ES module this script
 * cannot import): the dev IdP, the api on a fresh database with the demo seeded serving the built apps, Chromium;
 * `body` runs with it, then everything is closed and the database dropped.
 */
async function withProduct(body: (product: Product) => Promise<void>): Promise<void> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const idp = await startDevIdp({
    port: 0,
    clients: [
      {
        clientId: 'user-office',
        clientSecret: 'dev-secret',
        redirectUris: [`${url}/external-auth`],
        postLogoutRedirectUris: [`${url}/external-auth`],
      },
    ],
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    await withScratchApp(
      'bench_timeline',
      {
        seedDemo: true,
        publicUrl: url,
        authDiscoveryUrl: idp.issuer,
        authClientId: 'user-office',
        authClientSecret: 'dev-secret',
        devIdp: true,
        portalDir: join(ROOT, 'frontends', 'portal', 'dist'),
        consoleDir: join(ROOT, 'frontends', 'console', 'dist'),
      },
      async (scratch) =>
        body({
          url,
          scratch,
          context: (): Promise<BrowserContext> =>
            browser.newContext({ viewport: { width: 1366, height: 900 } }),
        }),
      { port },
    );
  } finally {
    await browser.close();
    await idp.close();
  }
}

interface Product {
  url: string;
  scratch: ScratchApp;
  context(): Promise<BrowserContext>;
}

/** Logs in through the portal and the dev IdP's form, as a user does; a staff account lands in the console. */
async function logIn(page: Page, url: string, username: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/console/'));
}

/** vite builds of the console and the portal, when missing (the api serves them). */
function buildFrontends(): void {
  for (const app of ['portal', 'console']) {
    if (existsSync(join(ROOT, 'frontends', app, 'dist', 'index.html'))) continue;
    log(`building the ${app}…`);
    execFileSync(
      process.execPath,
      [join(require.resolve('vite/package.json'), '..', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: join(ROOT, 'frontends', app),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }
}

/** The little of the browser's globals the in-page timing uses (this file is type-checked without the DOM library). */
interface InPage {
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
    disconnect(): void;
  };
  requestAnimationFrame(callback: () => void): void;
  performance: { now(): number };
  benchItemsPainted?: number;
  benchTimelineMounted?: number;
}

/** Installed before the page's scripts: notes the frame after the first experiment item is in the DOM. */
function watchFirstItem(): void {
  const w = globalThis as unknown as InPage;
  const observer = new w.MutationObserver(() => {
    if (w.benchTimelineMounted === undefined && w.document.querySelector('.vis-timeline'))
      w.benchTimelineMounted = w.performance.now();
    if (!w.document.querySelector('.vis-item.experiment')) return;
    observer.disconnect();
    w.requestAnimationFrame(() => {
      w.benchItemsPainted = w.performance.now();
    });
  });
  // the document itself: its root element may not exist yet when this runs
  observer.observe(w.document, { childList: true, subtree: true });
}

interface Run {
  paintedMs: number;
  /** when the (empty) timeline was in the page: the console's start, the page's chunk, the pickers' lists */
  mountedMs: number;
  graphqlRequests: number;
  graphqlBytes: number;
  graphqlTransferred: number;
  allBytesTransferred: number;
  /** the experiments the timeline's window query answered (totalCount of experiments(filter)) */
  loaded: number;
  /** the items vis-timeline drew (those in view) */
  items: number;
}

async function timeNavigation(page: Page, url: string): Promise<Run> {
  // a response of the page navigated away from has no body any more: it is not this navigation's (null)
  const graphql: Promise<{ decoded: number; transferred: number; loaded: number } | null>[] = [];
  const all: Promise<number>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const sizes = response
      .request()
      .sizes()
      .then((s) => s.responseBodySize + s.responseHeadersSize)
      .catch(() => 0);
    all.push(sizes);
    if (response.url().endsWith('/graphql'))
      graphql.push(
        Promise.all([response.body(), sizes])
          .then(([body, transferred]) => ({
            decoded: body.length,
            transferred,
            loaded:
              (JSON.parse(body.toString()) as { data?: { experiments?: { totalCount: number } } }).data
                ?.experiments?.totalCount ?? 0,
          }))
          .catch(() => null),
      );
  };
  // from an empty page, as a new tab opens it: the time is the timeline's own, not the previous timeline's unload
  // (leaving a page of 175 vis-timeline items costs Chromium about 270 ms before the next document starts)
  await page.goto('about:blank');
  page.on('response', onResponse);
  await page.goto(url);
  await page
    .waitForFunction(() => (globalThis as unknown as InPage).benchItemsPainted !== undefined, null, {
      timeout: 60_000,
      polling: 50,
    })
    .catch(async (error: unknown) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'bench-experiment-timeline-failed.png') });
      throw error;
    });
  const [paintedMs, mountedMs] = await page.evaluate(() => {
    const w = globalThis as unknown as InPage;
    return [w.benchItemsPainted!, w.benchTimelineMounted ?? 0];
  });
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const answers = (await Promise.all(graphql)).filter((a) => a !== null);
  const items = await page.locator('.vis-item.experiment').count();
  return {
    paintedMs,
    mountedMs,
    graphqlRequests: answers.length,
    graphqlBytes: answers.reduce((s, a) => s + a.decoded, 0),
    graphqlTransferred: answers.reduce((s, a) => s + a.transferred, 0),
    allBytesTransferred: (await Promise.all(all)).reduce((s, n) => s + n, 0),
    loaded: answers.reduce((s, a) => s + a.loaded, 0),
    items,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

/**
 * BENCH_PROFILE=1: one more warm navigation under Chromium's CPU profiler, printed to stderr as the main thread's
 * time by script (self time) and the page's waterfall (each request's start and end from the navigation's start):
 * what of the time to the first item is evaluation, rendering or waiting.
 */
async function profileNavigation(
  page: Page,
  cdp: import('playwright-core').CDPSession,
  url: string,
): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const operations: string[] = [];
  const onRequest = (request: import('playwright-core').Request) => {
    if (!request.url().endsWith('/graphql')) return;
    const body = request.postData() ?? '';
    const name =
      /"operationName":"(\w+)"/.exec(body)?.[1] ??
      /(query|mutation)\s+(\w+)/.exec(body)?.[2] ??
      body.slice(0, 60);
    const started = Date.now();
    void request
      .response()
      .then(() =>
        operations.push(`${name}: ${Date.now() - started} ms (${request.timing().startTime.toFixed(0)})`),
      );
  };
  page.on('request', onRequest);
  const run = await timeNavigation(page, url);
  page.off('request', onRequest);
  log(`GraphQL operations: ${operations.join('; ')}`);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByScript = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = node.callFrame.url.replace(/^.*\//, '') || `(${node.callFrame.functionName || 'native'})`;
    selfByScript.set(script, (selfByScript.get(script) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${script}`;
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(5)} ms  ${k}`)
      .join('\n');
  log(
    `profiled navigation: items painted at ${run.paintedMs.toFixed(0)} ms; self time by script:\n${top(selfByScript, 12)}`,
  );
  log(`self time by function:\n${top(selfByFunction, 25)}`);
  const waterfall = await page.evaluate(() => {
    const perf = (globalThis as unknown as { performance: { getEntriesByType(t: string): unknown[] } })
      .performance;
    return (
      perf.getEntriesByType('resource') as { name: string; startTime: number; responseEnd: number }[]
    ).map(
      (e) =>
        `${e.startTime.toFixed(0).padStart(5)} → ${e.responseEnd.toFixed(0).padStart(5)}  ${e.name.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  });
  log(`waterfall (ms from navigation):\n${waterfall.join('\n')}`);
  const navigation = await page.evaluate(() => {
    const perf = (globalThis as unknown as { performance: { getEntriesByType(t: string): unknown[] } })
      .performance;
    const entry = perf.getEntriesByType('navigation')[0] as Record<string, number>;
    return [
      'unloadEventStart',
      'unloadEventEnd',
      'fetchStart',
      'requestStart',
      'responseStart',
      'responseEnd',
      'domInteractive',
      'domContentLoadedEventEnd',
      'loadEventEnd',
    ]
      .map((k) => `${k} ${Number(entry[k]).toFixed(0)}`)
      .join(', ');
  });
  log(`navigation timing: ${navigation}`);
}

async function main(): Promise<void> {
  buildFrontends();
  log('starting the product (fresh database, demo seed)…');
  await withProduct(async (product) => {
    const { app } = product.scratch;
    const officerAccount = DEV_ACCOUNTS.find((a) => a.username === 'officer')!;
    const officerId = (await app.get(UsersService).byOidcSub(officerAccount.sub))!.id;
    const officer = sessionToken(app, officerId, Role.USER_OFFICER);
    const gql = <T>(query: string): Promise<T> => product.scratch.gql<T>(query, {}, officer);
    const { experiments } = await gql<{
      experiments: { experiments: { instrumentId: number; callId: number; proposalPk: number }[] };
    }>(`{ experiments { experiments { instrumentId callId proposalPk } } }`);
    const { instrumentId, callId } = experiments.experiments[0];
    const proposalPks = [...new Set(experiments.experiments.map((e) => e.proposalPk))];

    log(`seeding ${EXPERIMENTS} experiments on instrument ${instrumentId} over a year…`);
    const service = app.get(ExperimentsService);
    const slot = Math.floor(YEAR_MS / EXPERIMENTS);
    const first = Date.now() - YEAR_MS / 2;
    const seedStarted = Date.now();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < EXPERIMENTS; i = next++) {
        const startsAt = first + i * slot;
        await service.applyScheduledEvent({
          kind: 'create',
          input: {
            scheduledEventId: `bench-${i}`,
            proposalPk: proposalPks[i % proposalPks.length],
            instrumentId,
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(startsAt + Math.floor(slot * 0.9)).toISOString(),
            localContactId: null,
          },
        });
        if ((i + 1) % 500 === 0) log(`  ${i + 1} experiments`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    // the window query alone over HTTP (the page's: three weeks from two days ago, as much again each side)
    const day = 24 * 3600 * 1000;
    const visible = { start: Date.now() - 2 * day, end: Date.now() + 19 * day };
    const width = visible.end - visible.start;
    const windowQuery = `{ experiments(filter: { instrumentId: ${instrumentId},
      startsAfter: "${new Date(visible.start - width).toISOString()}",
      endsBefore: "${new Date(visible.end + width).toISOString()}" }, first: 5000) {
      totalCount experiments { experimentPk experimentId proposalPk startsAt endsAt status proposal { proposalId title } } } }`;
    const queryTimes: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const started = performance.now();
      await gql(windowQuery);
      if (n >= 2) queryTimes.push(performance.now() - started);
    }
    queryTimes.sort((a, b) => a - b);
    const windowQueryMs = Math.round(percentile(queryTimes, 50));
    log(`the window query over HTTP: p50 ${windowQueryMs} ms`);

    const context = await product.context();
    const page = await context.newPage();
    await logIn(page, product.url, 'officer');
    await page.addInitScript(watchFirstItem);
    const target = `${product.url}/console/ExperimentTimes?instrument=${instrumentId}&call=${callId}`;
    // the first navigation with the timeline's chunks not yet in the cache
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const runs: Run[] = [];
    for (let n = 0; n < RUNS; n += 1) {
      const run = await timeNavigation(page, target);
      runs.push(run);
      log(
        `run ${n + 1}${n === 0 ? ' (cold cache)' : ''}: timeline in the page at ${run.mountedMs.toFixed(0)} ms, ` +
          `items painted at ${run.paintedMs.toFixed(0)} ms, ` +
          `${run.loaded} experiments loaded, ${run.items} items drawn, ${run.graphqlRequests} GraphQL responses, ${run.graphqlBytes} bytes ` +
          `(${run.graphqlTransferred} transferred), all ${run.allBytesTransferred} bytes transferred`,
      );
    }
    if (process.env.BENCH_PROFILE) await profileNavigation(page, cdp, target);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'bench-experiment-timeline.png') });
    const warm = runs.slice(1).map((r) => r.paintedMs);
    const sorted = [...warm].sort((a, b) => a - b);
    const result = {
      experiments: EXPERIMENTS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      coldPaintedMs: Math.round(runs[0].paintedMs),
      windowQueryMsP50: windowQueryMs,
      warmPaintedMsP50: sorted.length ? Math.round(percentile(sorted, 50)) : null,
      warmPaintedMsMax: sorted.length ? Math.round(sorted[sorted.length - 1]) : null,
      warmMountedToPaintedMsP50: sorted.length
        ? Math.round(
            percentile(
              runs
                .slice(1)
                .map((r) => r.paintedMs - r.mountedMs)
                .sort((a, b) => a - b),
              50,
            ),
          )
        : null,
      experimentsLoaded: runs[0].loaded,
      itemsDrawn: runs[0].items,
      graphqlRequests: runs[0].graphqlRequests,
      graphqlBytes: runs[0].graphqlBytes,
      graphqlBytesTransferred: runs[0].graphqlTransferred,
      coldAllBytesTransferred: runs[0].allBytesTransferred,
      warmAllBytesTransferred: runs[runs.length - 1].allBytesTransferred,
    };
    process.stdout.write(
      [
        `experiments on the instrument          ${result.experiments} (seeded in ${result.seedSeconds} s)`,
        `items painted, cold cache               ${result.coldPaintedMs} ms`,
        `items painted, warm (p50 / max)         ${result.warmPaintedMsP50} / ${result.warmPaintedMsMax} ms`,
        `timeline in the page → items (warm p50) ${result.warmMountedToPaintedMsP50} ms`,
        `the window query alone over HTTP (p50)  ${result.windowQueryMsP50} ms`,
        `experiments loaded / items drawn        ${result.experimentsLoaded} / ${result.itemsDrawn}`,
        `GraphQL responses                       ${result.graphqlRequests}: ${result.graphqlBytes} bytes (${result.graphqlBytesTransferred} transferred)`,
        `all bytes transferred (cold / warm)     ${result.coldAllBytesTransferred} / ${result.warmAllBytesTransferred}`,
        JSON.stringify(result),
        '',
      ].join('\n'),
    );
  });
}

runBench(main);
