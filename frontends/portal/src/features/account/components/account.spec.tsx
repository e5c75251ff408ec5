import { render, screen, waitFor } from '@testing-library/react';
import { pageLoader } from '@user-office/frontend-shared/apps';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@user-office/frontend-shared/i18n';
import { storeSession } from '@user-office/frontend-shared/session';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { SessionProvider } from '@user-office/frontend-shared/session';
import { ChangeRole } from '@user-office/frontend-shared/account';
import { ProfilePage } from './ProfilePage';

function token(currentRole: string): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'HS256' })}.${enc({ sub: '2', roles: ['USER', 'FAP_REVIEWER'], currentRole, iat: now, exp: now + 3600 })}.s`;
}

type Handler = (operation: string, variables: Record<string, unknown>) => unknown;
function mockApi(handler: Handler): jest.Mock {
  const mock = jest.fn((_url: string, init: RequestInit) => {
    const { query, variables } = JSON.parse(String(init.body)) as {
      query: string;
      variables: Record<string, unknown>;
    };
    const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
    return new Promise<Response>((resolve) =>
      setTimeout(
        () => resolve({ json: () => Promise.resolve({ data: handler(operation, variables) }) } as Response),
        5,
      ),
    );
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

function renderAt(path: string, features: string[] = []) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider features={features}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/ChangeRole" element={<ChangeRole />} />
              <Route path="/ProfilePage/:id" element={<ProfilePage />} />
              <Route path="/" element={<p>home</p>} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

describe('/ChangeRole', () => {
  afterEach(() => jest.restoreAllMocks());

  it("switches role through selectRole, showing 'Changing role...', then starts over at / (a staff role: in the console)", async () => {
    const load = jest.spyOn(pageLoader, 'load').mockImplementation(() => undefined);
    storeSession(token('USER'));
    const api = mockApi((operation) =>
      operation === 'AccountRoles'
        ? {
            getMyRoles: [
              { id: 1, shortCode: 'USER', title: 'User' },
              { id: 4, shortCode: 'FAP_REVIEWER', title: 'FAP Reviewer' },
            ],
          }
        : { selectRole: token('FAP_REVIEWER') },
    );
    renderAt('/ChangeRole');
    const inUse = await screen.findByRole('button', { name: 'In use' });
    expect((inUse as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByText('Changing role...')).toBeTruthy();
    await waitFor(() => expect(load).toHaveBeenCalledWith('/console/'));
    expect(localStorage.getItem('currentRole')).toBe('FAP_REVIEWER');
    const select = JSON.parse(String(api.mock.calls[1][1].body)) as { variables: Record<string, unknown> };
    expect(select.variables).toMatchObject({ selectedRoleId: 4 });
    expect(sessionStorage.getItem('flash')).toBe('User role changed!');
  });

  it('switching to the user role stays in the portal and starts over at /', async () => {
    const load = jest.spyOn(pageLoader, 'load').mockImplementation(() => undefined);
    storeSession(token('FAP_REVIEWER'));
    mockApi((operation) =>
      operation === 'AccountRoles'
        ? {
            getMyRoles: [
              { id: 1, shortCode: 'USER', title: 'User' },
              { id: 4, shortCode: 'FAP_REVIEWER', title: 'FAP Reviewer' },
            ],
          }
        : { selectRole: token('USER') },
    );
    renderAt('/ChangeRole');
    await screen.findByRole('button', { name: 'In use' });
    await userEvent.click(screen.getByRole('button', { name: 'Use' }));
    await screen.findByText('home');
    expect(localStorage.getItem('currentRole')).toBe('USER');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('/ProfilePage/{id}', () => {
  beforeEach(() => storeSession(token('USER')));

  it('needs the user-management feature', () => {
    mockApi(() => ({}));
    renderAt('/ProfilePage/2');
    expect(screen.getByText('User management is not enabled.')).toBeTruthy();
  });

  it('shows the user and saves changes through updateUser', async () => {
    const api = mockApi((operation) =>
      operation === 'AccountUser'
        ? {
            getUser: {
              id: 2,
              user_title: 'Dr.',
              firstname: 'Alice',
              lastname: 'Applicant',
              preferredname: null,
              email: 'alice@example.org',
              username: 'applicant',
              gender: null,
              birthdate: null,
              department: 'Physics',
              position: null,
              telephone: null,
              institutionId: null,
              country: null,
            },
          }
        : { updateUser: { id: 2 } },
    );
    renderAt('/ProfilePage/2', ['USER_MANAGEMENT']);
    const firstname = (await screen.findByLabelText('Firstname')) as HTMLInputElement;
    expect(firstname.value).toBe('Alice');
    await userEvent.clear(firstname);
    await userEvent.type(firstname, 'Alicia');
    await userEvent.click(screen.getByRole('button', { name: 'Update profile' }));
    await screen.findByText('Updated');
    const update = JSON.parse(String(api.mock.calls[1][1].body)) as { variables: Record<string, unknown> };
    expect(update.variables).toMatchObject({ id: 2, firstname: 'Alicia', lastname: 'Applicant' });
  });
});
