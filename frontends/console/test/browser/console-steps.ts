/**
 * Steps the console's browser tests share: a page that reports its script errors, a screenshot with the axe check, GraphQL as an
 * officer, react-admin fields by label, a select's list closing, a question created in the questionary editor, a
 * story's chapters, every page of an account's menu checked.
 */
import type { Locator, Page } from 'playwright-core';
import { OFFICER } from '../../../../services/api/test/support/test-app';
import { logIn, screenshot, seriousViolations, type Product } from '../../../portal/test/browser/harness';
import { timed } from '../../../portal/test/browser/profile';

/** A fresh browser profile's page whose script errors, console errors and refused requests are printed. */
export async function newPage(product: Product): Promise<Page> {
  const page = await (await product.context()).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) console.error(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`console error: ${message.text()}`);
  });
  return page;
}

/**
 * Logs a staff account in and waits for the console to have loaded: the portal sends a staff role on to the
 * console with a full page load, after its own page has shown who is logged in; a `page.goto` before that load
 * would be interrupted by it.
 */
export async function logInToConsole(page: Page, url: string, username: string): Promise<void> {
  await timed('logInToConsole', () => logInToConsoleUntimed(page, url, username));
}

async function logInToConsoleUntimed(page: Page, url: string, username: string): Promise<void> {
  await logIn(page, url, username);
  await page.waitForURL((u) => u.pathname.startsWith('/console/'));
  // the role's home (`/console/`) sends the console on to its page (the officer's proposals table): a menu click
  // before that move is undone by it (lost clicks in full runs), so the move, or the plain dashboard, first
  await Promise.race([
    page.waitForURL((u) => !/^\/console\/?$/.test(u.pathname)),
    page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(),
  ]);
  await page.getByRole('menuitem').first().waitFor();
}

/** GraphQL with a given token; errors thrown with their messages. */
export function tokenGql(product: Product) {
  return async <T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> => {
    const res = await product.t.gql<T>(query, variables, token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
}

/** A screenshot of the page as it is (artifacts/screenshots/<name>.png), and no serious or critical axe violation. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await timed('checkPage', () => checkPageUntimed(page, name));
}

async function checkPageUntimed(page: Page, name: string): Promise<void> {
  // the pointer off every control (a corner of the window) and no tooltip left: a tooltip that opens under the
  // pointer while axe runs is caught half faded in
  const height = page.viewportSize()?.height ?? 600;
  await page.mouse.move(0, height - 1);
  // nor one opened by keyboard focus (the button just clicked keeps it, and its tooltip can open while axe runs)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page
    .locator('.MuiTooltip-popper')
    .first()
    .waitFor({ state: 'detached', timeout: 3_000 })
    .catch(() => undefined);
  // a notification still growing in, or a dialog still fading in, is half transparent: axe would measure the
  // contrast of its fade (and the screenshot would show the page through it)
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.MuiSnackbarContent-root')].every(
        (e) =>
          getComputedStyle(e).opacity === '1' &&
          ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(e).transform),
      ) &&
      [...document.querySelectorAll('.MuiDialog-container')]
        .filter((e) => !e.closest('.MuiModal-hidden'))
        .every((e) => getComputedStyle(e).opacity === '1'),
  );
  // nor a colour still changing (a chip turning from grey to green as a review is submitted): every finite CSS
  // transition and animation has ended (a spinner's endless one is left turning)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

/** GraphQL as an officer (a minted token); errors thrown with their messages. */
export function officerGql(product: Product) {
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await product.t.gql<T>(query, variables, product.t.token(OFFICER));
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
}

/** A react-admin form field by its label (required fields' labels end with " *"). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** The Calls form's eight dates: a call open since last year until the end of next year, its later milestones after. */
export async function fillOpenCallDates(page: Page): Promise<void> {
  const year = new Date().getFullYear();
  const dates: Record<string, string> = {
    'Start of the call': `${year - 1}-01-01T09:00`,
    'End of the call': `${year + 1}-12-31T17:00`,
    'Start of the review': `${year + 2}-01-01T09:00`,
    'End of the review': `${year + 2}-02-01T17:00`,
    'Start of notification': `${year + 2}-03-01T09:00`,
    'End of notification': `${year + 2}-03-31T17:00`,
    'Start of the cycle': `${year + 2}-04-01T09:00`,
    'End of the cycle': `${year + 2}-09-30T17:00`,
  };
  for (const [label, value] of Object.entries(dates)) await field(page, label).fill(value);
}

/**
 * Picks `option` in the select or single autocomplete `combobox` and waits for its list to close. Its options may
 * still be arriving when the list opens: the list grows and moves, and a click aimed at an option can land on the
 * gap it left (the list stays open, nothing chosen). So the option is clicked once the list has kept its size for
 * a moment, and the pick is tried again while the list stays open.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt += 1) {
    if (!(await listbox.first().isVisible())) await combobox.click();
    const target = listbox
      .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
      .first();
    await target.waitFor();
    let size = '';
    for (let settled = 0; settled < 20; settled += 1) {
      const box = await listbox.first().boundingBox();
      const now = `${await listbox.getByRole('option').count()} ${box?.y} ${box?.height}`;
      if (now === size) break;
      size = now;
      await page.waitForTimeout(100);
    }
    await target.click();
    const closed = await page
      .locator('.MuiPopover-root, .MuiAutocomplete-popper')
      .first()
      .waitFor({ state: 'detached', timeout: attempt < 3 ? 3_000 : 30_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
    if (attempt >= 3) throw new Error(`the list stayed open after picking ${String(option)} three times`);
  }
}

/** Waits for an open select's list to be gone (it fades out), so screenshots and axe see the page itself. */
export async function listClosed(page: Page): Promise<void> {
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
}

/** In the questionary editor: creates a question of a type in the selected topic, filling its key and text. */
export async function createQuestion(page: Page, dataType: string, naturalKey: string, text: string) {
  await page.getByRole('button', { name: 'Create question' }).click();
  await page.getByRole('menuitem', { name: dataType, exact: true }).click();
  const drawer = page.locator('.MuiDrawer-paper');
  await drawer.getByLabel('Natural key').fill(naturalKey);
  await drawer.locator('#question-text').fill(text);
  return drawer;
}

/**
 * A story's chapters (ordered `it`s sharing state): once one fails, the later ones are not run (their state is
 * missing) and say which failed; the failing chapter's open pages are kept as `<prefix>-failed-<n>` screenshots.
 */
export function storyChapters(product: () => Product, prefix: string) {
  let failedChapter: string | null = null;
  return (name: string, body: () => Promise<void>, timeout = 120_000): void => {
    it(
      name,
      async () => {
        // a failed chapter runs once more at once (scripts/test/retry-once.js); the later ones wait on it
        if (failedChapter && failedChapter !== name)
          throw new Error(`not run: the chapter before failed (${failedChapter})`);
        try {
          await body();
          failedChapter = null;
        } catch (error) {
          failedChapter = name;
          const pages = product()
            .browser.contexts()
            .flatMap((c) => c.pages());
          for (const [n, open] of pages.entries())
            await open
              .screenshot({ path: `artifacts/screenshots/${prefix}-failed-${n}.png`, fullPage: true })
              .catch(() => undefined);
          throw error;
        }
      },
      timeout,
    );
  };
}

/**
 * Signed in as `username`, opens every page of the console's menu (but Roles, Logout and Help) and checks each
 * (`<prefix>-<username>-<n>` screenshots, no serious axe violation); returns the page errors and failed requests
 * seen on the way (none is the aim) and the pages visited.
 */
export async function visitMenuPages(
  product: Product,
  username: string,
  prefix: string,
): Promise<{ pages: string[]; problems: string[] }> {
  const page = await (await product.context()).newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await logIn(page, product.url, username);
  await page.waitForURL((u) => u.pathname.startsWith('/console/'));
  await page.getByRole('menuitem', { name: 'Roles' }).waitFor();
  await page.waitForLoadState('networkidle');
  const entries = await page.getByRole('menuitem').allTextContents();
  const pages = entries.map((e) => e.trim()).filter((e) => e && !['Roles', 'Logout', 'Help'].includes(e));
  for (const [n, name] of pages.entries()) {
    await page.getByRole('menuitem', { name, exact: true }).first().click();
    await page.waitForLoadState('networkidle');
    // the page has loaded: no spinner left (react-admin's refresh indicator shows one while it fetches)
    await page.locator('.MuiCircularProgress-root').first().waitFor({ state: 'detached' });
    await checkPage(page, `${prefix}-${username}-${n}`);
  }
  return { pages, problems };
}
