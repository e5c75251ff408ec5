import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { DownloadsProvider } from '@user-office/frontend-shared/downloads';
import { SessionProvider } from '@user-office/frontend-shared/session';
import { storeSession } from '@user-office/frontend-shared/session';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { i18n } from '@user-office/frontend-shared/i18n';
import { AppLayout } from './AppLayout';

function token(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'HS256' })}.${enc({ sub: '2', iat: now, exp: now + 3600, ...claims })}.s`;
}

function setWidth(width: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width:\s*(\d+)px/.test(query)
        ? width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1])
        : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }) as unknown as MediaQueryList;
}

function renderLayout(
  claims: Record<string, unknown>,
  values: Record<string, string> = {},
  features: string[] = [],
) {
  storeSession(token(claims));
  global.fetch = jest.fn((_url: string, init: RequestInit) => {
    const body = String(init.body);
    const data = body.includes('getUserMe')
      ? {
          getUserMe: {
            id: 2,
            firstname: 'A',
            lastname: 'B',
            preferredname: null,
            email: 'a@example.org',
            roles: [],
          },
        }
      : { getPageContent: '' };
    return Promise.resolve({ json: () => Promise.resolve({ data }) } as Response);
  }) as unknown as typeof fetch;
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider values={values} features={features}>
        <SessionProvider>
          <DownloadsProvider onUnauthorized={() => undefined}>
            <MemoryRouter>
              <AppLayout>
                <p>page</p>
              </AppLayout>
            </MemoryRouter>
          </DownloadsProvider>
        </SessionProvider>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

describe('the layout (§2 Dashboard and menus)', () => {
  beforeEach(() => {
    localStorage.clear();
    setWidth(1366);
  });

  it('"Logged in as {email}", the role in brackets only when several, Un-impersonate only when impersonating', async () => {
    const { unmount } = renderLayout({ roles: ['USER'], currentRole: 'USER', impersonatingUserId: null });
    expect((await screen.findByText('Logged in as a@example.org')).textContent).toBe(
      'Logged in as a@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Roles' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Un-impersonate' })).toBeNull();
    unmount();

    renderLayout({ roles: ['USER', 'FAP_REVIEWER'], currentRole: 'FAP_REVIEWER', impersonatingUserId: 1 });
    expect(await screen.findByText('Logged in as a@example.org (fap reviewer)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Un-impersonate' })).toBeTruthy();
  });

  it('the drawer collapses under 1224 px; its state is remembered', async () => {
    setWidth(1000);
    const { unmount } = renderLayout({ roles: ['USER'], currentRole: 'USER' });
    expect(screen.queryByText('New Proposal')).toBeNull(); // icons only
    unmount();

    setWidth(1366);
    const second = renderLayout({ roles: ['USER'], currentRole: 'USER' });
    expect(screen.getByText('New Proposal')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(localStorage.getItem('drawerOpen')).toBe('false');
    expect(screen.queryByText('New Proposal')).toBeNull();
    second.unmount();

    renderLayout({ roles: ['USER'], currentRole: 'USER' });
    expect(screen.queryByText('New Proposal')).toBeNull();
  });

  it('§6 USER menu: dashboard, new proposal, experiment times (with the scheduler, §2), help', () => {
    const { unmount } = renderLayout({ roles: ['USER'], currentRole: 'USER' });
    expect(screen.queryByRole('link', { name: 'Experiment times' })).toBeNull();
    unmount();
    renderLayout({ roles: ['USER'], currentRole: 'USER' }, {}, ['SCHEDULER']);
    expect(
      screen
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((text) => ['Dashboard', 'New Proposal', 'Experiment times', 'Help'].includes(text ?? '')),
    ).toEqual(['Dashboard', 'New Proposal', 'Experiment times', 'Help']);
    expect(screen.getByRole('link', { name: 'Experiment times' }).getAttribute('href')).toBe(
      '/ExperimentTimes',
    );
  });

  it('footer links to the privacy statement and the FAQ only when the settings say so', () => {
    const { unmount } = renderLayout({ roles: ['USER'], currentRole: 'USER' });
    expect(screen.queryByRole('link', { name: 'Privacy statement' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'FAQ' })).toBeNull();
    unmount();
    renderLayout(
      { roles: ['USER'], currentRole: 'USER' },
      { DISPLAY_PRIVACY_STATEMENT_LINK: 'true', DISPLAY_FAQ_LINK: 'true' },
    );
    expect(screen.getByRole('link', { name: 'Privacy statement' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FAQ' })).toBeTruthy();
  });
});
