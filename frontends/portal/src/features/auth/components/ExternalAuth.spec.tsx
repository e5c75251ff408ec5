import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@user-office/frontend-shared/i18n';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { SessionProvider } from '@user-office/frontend-shared/session';
import { ExternalAuth } from './ExternalAuth';
import { RequireSession } from '@user-office/frontend-shared/session';

function renderAt(path: string, values: Record<string, string> = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider values={values}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/external-auth" element={<ExternalAuth />} />
              <Route path="/external-auth/:token" element={<ExternalAuth />} />
              <Route
                path="*"
                element={
                  <RequireSession>
                    <p>inside</p>
                  </RequireSession>
                }
              />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

describe('/external-auth (§2, §8 Login)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('guards every route: without a token, to /external-auth, remembering the wanted path', async () => {
    renderAt('/ProposalEdit/12?step=2');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('inside')).toBeNull();
    expect(sessionStorage.getItem('returnPath')).toBe('/ProposalEdit/12?step=2');
  });

  it('"System configuration error" when no external login URL is set', async () => {
    renderAt('/external-auth');
    expect((await screen.findByRole('alert')).textContent).toBe('System configuration error');
    expect(screen.getByRole('button', { name: 'Return to frontpage' })).toBeTruthy();
  });

  it('shows an error description from the address directly', async () => {
    renderAt('/external-auth?error=access_denied&error_description=Account%20locked');
    expect((await screen.findByRole('alert')).textContent).toBe('Account locked');
  });

  it('exchanges a code from the address through externalTokenLogin, saying "Contacting authorization server"', async () => {
    const fetchMock = jest.fn(() => new Promise<Response>(() => undefined));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderAt('/external-auth?code=abc&iss=http%3A%2F%2Fidp');
    expect(await screen.findByText('Contacting authorization server')).toBeTruthy();
    const body = JSON.parse(
      String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    ) as {
      variables: Record<string, string>;
    };
    expect(body.variables).toEqual({
      externalToken: 'abc',
      redirectUri: 'http://localhost/external-auth',
      iss: 'http://idp',
    });
  });
});
