/**
 * The staff table's search as an officer sees it: the time from typing a search term to the table showing its
 * rows, in Chromium over the real api (`node services/api/dist/main.js`) serving the built console.
 * Run with `npm run bench:console-search` (after `npm run build`).
 *
 * It takes a seeded database (DATABASE_URL, e.g. one kept by `BENCH_KEEP_DB=1 npm run bench:proposals-core`), or,
 * without one, seeds a small one through the proposals-core benchmark (BENCH_PROPOSALS proposals, default 2000;
 * the database is dropped afterwards unless BENCH_KEEP_DB=1). The api starts on free ports with its development
 * IdP; the officer logs in through the IdP's form; once the projections have caught up, /console/Proposals is
 * opened and BENCH_SEARCHES (default 20) different terms from the benchmark's vocabulary are typed into the search
 * box, one after the other. Each is timed in the page, from the last keystroke to the frame after the table's
 * first page is exactly the rows the api gives for that term (their proposal IDs, in order, asked for beforehand
 * over GraphQL): the DOM is watched, not the network. That includes the table's 600 ms search debounce (§9); the
 * figures are printed with and without it.
 *
 * Environment (all optional): DATABASE_URL, BENCH_PROPOSALS, BENCH_SEARCHES, BENCH_KEEP_DB,
 * TEST_DATABASE_ADMIN_URL (where the scratch database is created and dropped), CHROMIUM_PATH (/usr/bin/chromium).
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { chromium, type Page } from 'playwright-core';
import { DEV_PASSWORD } from '../../contracts/src';
import { ADMIN_URL, freePort, log, percentile, runBench, startBuiltApi, type BuiltApi } from './support';

const ROOT = join(__dirname, '..', '..');
const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const SEED_PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 2000);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** the staff table's search debounce (frontends/console/src/resources/proposals/proposal-filter.ts, §9) */
const DEBOUNCE_MS = 600;
/** the staff table's page size (§9) */
const PAGE_SIZE = 20;
/** the proposals-core benchmark's vocabulary (its titles are three of these words and a number) */
const TERMS = [
  'magnetic',
  'phonon',
  'neutron',
  'diffraction',
  'powder',
  'crystal',
  'protein',
  'membrane',
  'lipid',
  'polymer',
  'catalyst',
  'zeolite',
  'battery',
  'cathode',
  'anode',
  'superconductor',
  'interface',
  'strain',
  'hydrogen',
  'storage',
  'bronze',
  'archaeology',
  'quantum',
  'liquid',
  'glass',
  'dynamics',
  'diffusion',
];
/** typed once before the timed searches: the page's code and the api's plans warm */
const WARM_UP = 'order';

/** Seeds a scratch database through `npm run bench:proposals-core` (kept) and returns its URL. */
async function seedThroughProposalsCore(): Promise<{ url: string; name: string }> {
  log(`no DATABASE_URL: seeding ${SEED_PROPOSALS} proposals through the proposals-core benchmark…`);
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', join(ROOT, 'scripts', 'bench', 'proposals-core.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, BENCH_KEEP_DB: '1', BENCH_PROPOSALS: String(SEED_PROPOSALS), BENCH_RUNS: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let name: string | null = null;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    process.stderr.write(chunk.replace(/^/gm, '  [proposals-core] '));
    name ??= /^database (\S+)$/m.exec(chunk)?.[1] ?? null;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0 || !name) throw new Error(`the proposals-core benchmark failed (exit code ${code})`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** `node services/api/dist/main.js` on free ports, with its development IdP; resolves once it answers /health. */
async function startApi(databaseUrl: string, dataDir: string): Promise<BuiltApi> {
  const [port, idpPort, smtpPort, mailPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DEV_IDP_PORT: String(idpPort),
    DEV_SMTP_PORT: String(smtpPort),
    DEV_MAIL_PORT: String(mailPort),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['AUTH_DISCOVERY_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'SMTP_URL', 'UO_MODE'])
    delete env[name];
  let output = '';
  const prefixed = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    process.stderr.write(text.replace(/^/gm, '  [api] '));
  };
  return startBuiltApi({
    port,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    readyPath: '/health',
    output: () => output,
    onSpawn: (child) => {
      child.stdout?.on('data', prefixed);
      child.stderr?.on('data', prefixed);
    },
  });
}

/** Waits until every projection has caught up (uo_projection_lag_events 0), so none competes with the searches. */
async function projectionsCaughtUp(url: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const lags = [...text.matchAll(/^uo_projection_lag_events\{[^}]*\} (\d+)/gm)].map((m) => Number(m[1]));
    if (lags.length > 0 && lags.every((lag) => lag === 0)) {
      log(`projections caught up (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const PAGE_QUERY = `query($searchText: String) {
  getProposalsCore(filter: { excludeProposalStatusIds: [9] }, first: ${PAGE_SIZE}, offset: 0, searchText: $searchText,
    sortField: "primaryKey", sortDirection: DESC) { totalCount proposalViews { proposalId } } }`;

/** What the table's first page shows for a term, as the api gives it (asked before the timing, not during it). */
async function expectedPage(
  url: string,
  token: string,
  term: string,
): Promise<{ ids: string[]; total: number }> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: PAGE_QUERY, variables: { searchText: term } }),
  });
  const json = (await res.json()) as {
    data?: { getProposalsCore: { totalCount: number; proposalViews: { proposalId: string }[] } };
    errors?: { message: string }[];
  };
  if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
  const page = json.data!.getProposalsCore;
  return { ids: page.proposalViews.map((p) => p.proposalId), total: page.totalCount };
}

/** The little of the browser's globals the timing uses (this file is type-checked without the DOM library). */
interface InPage {
  document: {
    body: unknown;
    querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
    addEventListener(type: string, listener: () => void, capture: boolean): void;
    removeEventListener(type: string, listener: () => void, capture: boolean): void;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
    disconnect(): void;
  };
  requestAnimationFrame(callback: () => void): void;
  localStorage: { getItem(key: string): string | null };
  benchArmed: boolean;
}

/**
 * Types `term` into the search box (replacing what is there) and resolves with the milliseconds from its last
 * keystroke to the frame after the table shows `expected`, measured in the page.
 */
async function timedSearch(page: Page, term: string, expected: { ids: string[] }): Promise<number> {
  const search = page.getByPlaceholder('Search');
  await search.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(term.slice(0, -1));
  // armed in the page: the last key's time, then a MutationObserver until the rows are the expected ones
  const armed = page.evaluate(
    (want) =>
      new Promise<number>((resolve, reject) => {
        const { document, MutationObserver, requestAnimationFrame } = globalThis as unknown as InPage;
        const shown = () =>
          JSON.stringify(
            [...document.querySelectorAll('tr td.column-proposalId')].map((td) => td.textContent?.trim()),
          ) === JSON.stringify(want);
        let lastKey = 0;
        const onKey = () => {
          lastKey = performance.now();
        };
        document.addEventListener('keydown', onKey, true);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the rows for the term were not shown within 60 s`));
        }, 60_000);
        const observer = new MutationObserver(() => {
          if (lastKey === 0 || !shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          document.removeEventListener('keydown', onKey, true);
          // the frame that paints them
          requestAnimationFrame(() => resolve(performance.now() - lastKey));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        (globalThis as unknown as InPage).benchArmed = true;
      }),
    expected.ids,
  );
  await page.waitForFunction(() => (globalThis as unknown as InPage).benchArmed);
  await page.evaluate(() => {
    (globalThis as unknown as InPage).benchArmed = false;
  });
  await page.keyboard.press(term.slice(-1));
  return armed;
}

/**
 * The last term's total as the table shows it: when it is an estimate ("1–20 of about 11,000"), "Count exactly" is
 * clicked and timed until the exact figure shows; screenshots of both (artifacts/screenshots/bench-count-*.png).
 */
async function countExactly(
  page: Page,
  term: string,
): Promise<{ term: string; about: string; exact: string; ms: number } | null> {
  const button = page.getByRole('button', { name: 'Count exactly' });
  if (!(await button.isVisible())) return null;
  const label = page.getByText(/ of about /);
  const about = (await label.textContent())!.trim();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await label.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'bench-count-about.png') });
  const started = performance.now();
  await button.click();
  await button.waitFor({ state: 'detached', timeout: 60_000 });
  const ms = performance.now() - started;
  const exact = (await page.getByText(/^[\d,]+–[\d,]+ of [\d,]+$/).textContent())!.trim();
  await page.screenshot({ path: join(SCREENSHOTS, 'bench-count-exact.png') });
  log(`  "${term}": "${about}", then "Count exactly": "${exact}" in ${ms.toFixed(0)} ms`);
  return { term, about, exact, ms };
}

async function main(): Promise<void> {
  for (const built of [
    join(ROOT, 'services', 'api', 'dist', 'main.js'),
    join(ROOT, 'frontends', 'console', 'dist', 'index.html'),
    join(ROOT, 'frontends', 'portal', 'dist', 'index.html'),
  ])
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);

  const given = process.env.DATABASE_URL;
  const scratch = given ? null : await seedThroughProposalsCore();
  const databaseUrl = given ?? scratch!.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'uo-bench-console-'));
  log(`database ${new URL(databaseUrl).pathname.slice(1)}; starting the api…`);
  const api = await startApi(databaseUrl, dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await projectionsCaughtUp(api.url);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // the one sign-in: the portal's /external-auth, the dev IdP's form, back in the console
    await page.goto(`${api.url}/`);
    await page.getByLabel('Username').fill('officer');
    await page.getByLabel('Password').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${api.url}/console/Proposals`);
    await page.locator('tr td.column-proposalId').first().waitFor({ timeout: 120_000 });
    const token = (await page.evaluate(() =>
      (globalThis as unknown as InPage).localStorage.getItem('token'),
    ))!;
    const total = (await expectedPage(api.url, token, '')).total;
    log(`officer signed in; the table lists ${total} proposals`);

    await timedSearch(page, WARM_UP, await expectedPage(api.url, token, WARM_UP));
    const terms = Array.from({ length: SEARCHES }, (_, i) => TERMS[i % TERMS.length]);
    const times: { term: string; matches: number; ms: number }[] = [];
    for (const term of terms) {
      const expected = await expectedPage(api.url, token, term);
      const ms = await timedSearch(page, term, expected);
      times.push({ term, matches: expected.total, ms });
      log(`  "${term}" (${expected.total} matches): ${ms.toFixed(0)} ms`);
    }
    const counted = await countExactly(page, terms[terms.length - 1]);
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const max = sorted[sorted.length - 1];
    process.stdout.write(
      `\nStaff table search in Chromium: ${SEARCHES} searches over ${total} proposals, from the last keystroke to the rows shown\n`,
    );
    process.stdout.write('| | p50 ms | p95 ms | max ms |\n|---|---|---|---|\n');
    process.stdout.write(
      `| with the ${DEBOUNCE_MS} ms debounce | ${p50.toFixed(0)} | ${p95.toFixed(0)} | ${max.toFixed(0)} |\n`,
    );
    process.stdout.write(
      `| without it (minus ${DEBOUNCE_MS} ms) | ${(p50 - DEBOUNCE_MS).toFixed(0)} | ${(p95 - DEBOUNCE_MS).toFixed(0)} | ${(max - DEBOUNCE_MS).toFixed(0)} |\n`,
    );
    process.stdout.write(
      counted
        ? `"${counted.term}": the table read "${counted.about}"; "Count exactly" showed "${counted.exact}" ${counted.ms.toFixed(0)} ms after the click\n`
        : `"${terms[terms.length - 1]}": counted exactly at once (no estimate at this size)\n`,
    );
    process.stdout.write(
      `${JSON.stringify({ proposals: total, searches: SEARCHES, debounceMs: DEBOUNCE_MS, p50, p95, max, p50WithoutDebounce: p50 - DEBOUNCE_MS, p95WithoutDebounce: p95 - DEBOUNCE_MS, times, counted })}\n`,
    );
  } finally {
    await browser.close();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (scratch && process.env.BENCH_KEEP_DB !== '1') await dropDatabase(scratch.name);
    else if (scratch) log(`kept database ${scratch.name}: DATABASE_URL=${scratch.url}`);
  }
}

runBench(main);
