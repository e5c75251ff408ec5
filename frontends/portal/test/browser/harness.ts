/**
 * The whole product for a browser test: the api (fresh PostgreSQL database, demo seeded: a clone of the run's demo
 * template when the globalSetup built one) serving the built portal (and the built console at /console)
 * on a free port, the development OpenID Connect provider whose client redirects back to it, and Chromium driven
 * by playwright-core. Screenshots go to artifacts/screenshots/.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEV_PASSWORD } from '@user-office/contracts';
import { startDevIdp, type DevIdp } from '@user-office/dev-idp';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { defaultChromiumPath } from '../../../../services/api/src/platform/config/app-config';
import { createTestApp, type TestApp } from '../../../../services/api/test/support/test-app';
import { DEMO_TEMPLATE_PUBLIC_URL } from '../../../../services/api/test/support/build-test-templates';
import { createTestDatabase } from '../../../../services/api/test/support/test-database';
import { pgDemoTemplate } from '../../../../services/api/test/support/test-templates';
import { profilePage, report, timed } from './profile';

/** the run's PostgreSQL template with the demo seeded (services/api/test/support/global-setup.js) */
const DEMO_TEMPLATE = pgDemoTemplate();

const ROOT = join(__dirname, '..', '..', '..', '..');
export const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');
/** the headless shell where installed (services-up installs it): the same pages for about a quarter less CPU */
const CHROMIUM = process.env.CHROMIUM_PATH || defaultChromiumPath();
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface Product {
  url: string;
  t: TestApp;
  idp: DevIdp;
  browser: Browser;
  /** a fresh browser profile (own local storage) */
  context(): Promise<BrowserContext>;
  close(): Promise<void>;
}

export interface ProductOptions {
  /** Chromium's own PDF viewer (a preview shown in the page): the full browser, which the headless shell lacks */
  pdfViewer?: boolean;
}

export async function startProduct(options: ProductOptions = {}): Promise<Product> {
  return timed('startProduct', () => startProductUntimed(options));
}

async function startProductUntimed(options: ProductOptions): Promise<Product> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const idp = await timed('start: dev IdP', () =>
    startDevIdp({
      port: 0,
      clients: [
        {
          clientId: 'user-office',
          clientSecret: 'dev-secret',
          redirectUris: [`${url}/external-auth`],
          postLogoutRedirectUris: [`${url}/external-auth`],
        },
      ],
    }),
  );
  const database = DEMO_TEMPLATE
    ? await timed('start: database', () => createTestDatabase('browser', { template: DEMO_TEMPLATE }))
    : undefined;
  const t = await timed('start: app', () =>
    createTestApp({
      ...(database ? { database } : {}),
      config: {
        seedDemo: true,
        publicUrl: url,
        dynamicOptionsAllowedHosts: [`localhost:${port}`],
        authDiscoveryUrl: idp.issuer,
        authClientId: 'user-office',
        authClientSecret: 'dev-secret',
        devIdp: true,
        portalDir: join(ROOT, 'frontends', 'portal', 'dist'),
        consoleDir: join(ROOT, 'frontends', 'console', 'dist'),
      },
    }),
  );
  await t.app.listen(port, '127.0.0.1');
  if (database) await timed('start: demo options', () => pointDemoOptionsAt(t, url));
  const browser = await timed('start: chromium', () =>
    chromium.launch({
      executablePath: options.pdfViewer ? process.env.CHROMIUM_PATH || '/usr/bin/chromium' : CHROMIUM,
      args: ARGS,
    }),
  );
  const contexts: BrowserContext[] = [];
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    url,
    t,
    idp,
    browser,
    context: async () => {
      // a person who asked their system for reduced motion: the apps end every transition and animation at once
      // (shared theme), so no frame of a fade or a turning spinner is drawn (Chromium's CPU on 2 cores)
      const c = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        acceptDownloads: true,
        reducedMotion: 'reduce',
      });
      c.on('page', profilePage);
      contexts.push(c);
      return c;
    },
    close: async () => {
      report(expect.getState().testPath ?? url);
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await t.close();
      await database?.drop();
      await idp.close();
    },
  };
}

/**
 * The demo template was seeded for another address: its dynamic multiple-choice questions fetch their options
 * from the product itself, so their URL moves to this product's address (an officer's template edit, as one
 * would after moving the demo to another host).
 */
async function pointDemoOptionsAt(t: TestApp, url: string): Promise<void> {
  const officer = t.token();
  const found = await t.gql<{
    getQuestions: { id: string; config: { url?: string }; templates: { templateId: number }[] }[];
  }>(
    'query { getQuestions(filter: { dataType: [DYNAMIC_MULTIPLE_CHOICE] }) { id config templates { templateId } } }',
    {},
    officer,
  );
  if (!found.data) throw new Error(`The demo's questions could not be read: ${JSON.stringify(found.errors)}`);
  for (const question of found.data.getQuestions) {
    const from = question.config.url;
    if (!from || !from.startsWith(DEMO_TEMPLATE_PUBLIC_URL)) continue;
    const config = JSON.stringify({ url: from.replace(DEMO_TEMPLATE_PUBLIC_URL, url) });
    const moved = await t.gql(
      'mutation ($id: String!, $config: String) { updateQuestion(id: $id, config: $config) { id } }',
      { id: question.id, config },
      officer,
    );
    if (moved.errors)
      throw new Error(`The demo's options URL could not be moved: ${JSON.stringify(moved.errors)}`);
    for (const { templateId } of question.templates) {
      const placed = await t.gql(
        'mutation ($q: String!, $t: Int!, $config: String) { updateQuestionTemplateRelationSettings(questionId: $q, templateId: $t, config: $config) { templateId } }',
        { q: question.id, t: templateId, config },
        officer,
      );
      if (placed.errors)
        throw new Error(`The demo's options URL could not be moved: ${JSON.stringify(placed.errors)}`);
    }
  }
}

/**
 * Clicks `target` (a menu entry, a link) until the address satisfies `arrived`: a click during a re-render (the
 * console moving to the role's page, its sidebar settling) can be lost, and a person would click again. Three tries.
 */
export async function clickUntilAt(
  page: Page,
  target: Locator,
  arrived: (url: URL) => boolean,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await target.click();
    const at = await page
      .waitForURL(arrived, { timeout: attempt < 3 ? 5_000 : 30_000 })
      .then(() => true)
      .catch(() => false);
    if (at) return;
    if (attempt >= 3) throw new Error(`three clicks did not lead away from ${page.url()}`);
  }
}

/**
 * Sessions of the run's demo accounts, kept after their first login through the dev IdP: every product of a run
 * clones the same demo template (same users) and signs with the same test secret, so a later login of the same
 * account, in any product of the run, opens the portal with that session as a browser that remembers it would.
 * Logging out ends a session in its product only; a session refused there is replaced by a login through the IdP.
 */
const SESSIONS_DIR =
  DEMO_TEMPLATE && process.env.UO_TEST_PGLITE_RUN_DIR
    ? join(process.env.UO_TEST_PGLITE_RUN_DIR, 'browser-sessions')
    : null;
const SESSION_KEYS = [
  'token',
  'user',
  'expToken',
  'currentRole',
  'roles',
  'isInternalUser',
  'impersonatingUserId',
];

/**
 * Logs in through the portal: / → /external-auth → the dev IdP's form → back, on the dashboard. An account
 * already logged in once in this run opens the portal with its stored session instead (see SESSIONS_DIR), unless
 * `throughIdp` (the login tests themselves).
 */
export async function logIn(
  page: Page,
  url: string,
  username: string,
  options: { throughIdp?: boolean } = {},
): Promise<void> {
  await timed('logIn', async () => {
    const stored = SESSIONS_DIR && join(SESSIONS_DIR, `${username}.json`);
    if (stored && !options.throughIdp && existsSync(stored) && (await restoreSession(page, url, stored)))
      return;
    await logInThroughIdp(page, url, username);
    if (!stored) return;
    const session = await readSession(page);
    mkdirSync(SESSIONS_DIR!, { recursive: true });
    writeFileSync(`${stored}.${process.pid}`, JSON.stringify(session));
    renameSync(`${stored}.${process.pid}`, stored);
  });
}

/**
 * The session the app keeps in its storage. A staff account's portal moves on to the console with a full page
 * load right after showing who is logged in: a read caught by that load is made again on the page it landed on
 * (same origin, same storage).
 */
async function readSession(page: Page): Promise<Record<string, string | null>> {
  const read = () =>
    page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), SESSION_KEYS);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 5 || !/Execution context was destroyed|Cannot find context/.test(String(error)))
        throw error;
      await page.waitForLoadState();
    }
  }
}

/** the stored session, if this product still accepts it, put in the page's storage, then `/` */
async function restoreSession(page: Page, url: string, file: string): Promise<boolean> {
  const session = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | null>;
  const accepted = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ query: '{ getUserMe { id } }' }),
  })
    .then((res) => res.json() as Promise<{ data?: { getUserMe?: { id: number } | null } }>)
    .then((body) => Boolean(body.data?.getUserMe?.id))
    .catch(() => false);
  if (!accepted) return false; // ended here (a logout in this product): through the IdP again
  await page.goto(`${url}/health`); // a document of the product's origin, without the portal
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) if (value !== null) localStorage.setItem(key, value);
  }, session);
  // a staff role's `/` loads the portal only to load the console: straight to the console, one app load
  await page.goto(session.currentRole === 'USER' ? `${url}/` : `${url}/console/`);
  await page.getByTestId('logged-in-as').waitFor();
  return true;
}

async function logInThroughIdp(page: Page, url: string, username: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.origin === url && !u.pathname.startsWith('/external-auth'));
  await page.getByTestId('logged-in-as').waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  return timed('screenshot', () => screenshotUntimed(page, name));
}

async function screenshotUntimed(page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header is drawn where the page is scrolled to
  await page.screenshot({ path, fullPage: true });
  return path;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the page as it is; returns the serious and critical violations (none is the aim). */
export async function seriousViolations(page: Page): Promise<string[]> {
  return timed('axe', async () => {
    try {
      return await axeViolations(page);
    } catch (error) {
      // the app moved on while axe ran (a redirect after a save, the console settling on a role's page): the page
      // it went to is checked once it has loaded, as a person would look at where they landed
      if (!/Execution context was destroyed|Cannot find context/.test(String(error))) throw error;
      await page.waitForLoadState();
      return axeViolations(page);
    }
  });
}

let axeScript: string | undefined;
const axeSource = () => (axeScript ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

async function axeViolations(page: Page): Promise<string[]> {
  // a dialog still fading in is half transparent, and axe would measure the contrast of its fade: every finite
  // CSS transition and animation ended first (a spinner's endless one is left turning)
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // once per document: the console and the portal are single-page apps, so most checks find it still there
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource() });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
