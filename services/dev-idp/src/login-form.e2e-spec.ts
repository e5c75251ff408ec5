import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startDevIdp, type DevIdp } from './dev-idp';

const REDIRECT = 'http://127.0.0.1:9/external-auth';
const SHOTS = join(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

/** The login form as a person uses it, in the system Chromium. */
describe('dev IdP login form in a browser', () => {
  let idp: DevIdp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    idp = await startDevIdp({
      port: 0,
      clients: [{ clientId: 'user-office', clientSecret: 'dev-secret', redirectUris: [REDIRECT] }],
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
  });

  it('shows a labelled form, says when the password is wrong, and returns to the client with a code', async () => {
    const page = await browser.newPage();
    // the redirect target does not exist: answer it here and keep the URL
    await page.route(`${REDIRECT}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>back at the client</p>' }),
    );
    const url = new URL(`${idp.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: 'user-office',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      state: 's1',
    }).toString();
    await page.goto(url.toString());

    await page.getByLabel(/user ?name/i).fill('applicant');
    await page.getByLabel(/password/i).fill('wrong');
    await page.screenshot({ path: join(SHOTS, 'dev-idp-login.png') });
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/wrong password/i);
    await page.screenshot({ path: join(SHOTS, 'dev-idp-login-wrong-password.png') });

    await page.getByLabel(/password/i).fill('secret');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL(`${REDIRECT}**`);
    const back = new URL(page.url());
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    expect(back.searchParams.get('state')).toBe('s1');
  });
});
