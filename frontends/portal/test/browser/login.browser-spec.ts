import type { Page } from 'playwright-core';
import { logIn, screenshot, seriousViolations, startProduct, type Product } from './harness';

describe('the portal in Chromium: login and layout (§2, §4 Session)', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  }, 120_000);
  afterAll(() => product?.close());

  it('sends a visitor to the external login, then back to the path they wanted, logged in', async () => {
    const page: Page = await (await product.context()).newPage();
    await page.goto(`${product.url}/HelpPage`);
    await page.getByLabel('Username').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(product.idp.issuer).origin);
    await screenshot(page, '00-dev-idp-login');
    await page.getByLabel('Username').fill('applicant');
    await page.getByLabel('Password').fill('secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${product.url}/HelpPage`);
    await page.getByText('Logged in as alice.applicant@example.org').waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      role: localStorage.getItem('currentRole'),
    }));
    expect(stored.token).toMatch(/^ey/);
    expect(stored.role).toBe('USER');
  });

  it('shows the error description the provider put in the address', async () => {
    const page = await (await product.context()).newPage();
    await page.goto(`${product.url}/external-auth?error=access_denied&error_description=The+user+cancelled`);
    expect(await page.getByRole('alert').textContent()).toBe('The user cancelled');
    await page.getByRole('button', { name: 'Return to frontpage' }).waitFor();
  });

  it('shows the role in brackets for a user with several roles, and switches role', async () => {
    const page = await (await product.context()).newPage();
    await logIn(page, product.url, 'multi', { throughIdp: true });
    await page.getByText(/^Logged in as .+ \(.+\)$/).waitFor();
    await page.goto(`${product.url}/ChangeRole`);
    await page.getByText(/^Logged in as .+ \(user\)$/).waitFor();
    await page
      .getByRole('row', { name: /Instrument Scientist/ })
      .getByRole('button', { name: 'Use' })
      .click();
    // a staff role lands in the console (one sign-in, two apps)
    await page.waitForURL(`${product.url}/console/`);
    await page.getByText(/^Logged in as .+ \(instrument scientist\)$/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('currentRole'))).toBe('INSTRUMENT_SCIENTIST');
    await screenshot(page, '01-after-role-change');
    // and the user role back in the portal
    await page.goto(`${product.url}/console/ChangeRole`);
    await page
      .getByRole('row', { name: /^User Use$/ })
      .getByRole('button', { name: 'Use' })
      .click();
    await page.waitForURL(`${product.url}/`);
    await page.getByText(/^Logged in as .+ \(user\)$/).waitFor();
  });

  it('logs out: storage cleared, back to the login', async () => {
    const page = await (await product.context()).newPage();
    await logIn(page, product.url, 'applicant', { throughIdp: true });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // through the provider's end-session page (else the next login would be silent) back to its login form
    await page.getByLabel('Username').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('has no serious or critical accessibility violations on the help page and the role page', async () => {
    const page = await (await product.context()).newPage();
    await logIn(page, product.url, 'applicant');
    for (const path of ['/HelpPage', '/ChangeRole']) {
      await page.goto(`${product.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
