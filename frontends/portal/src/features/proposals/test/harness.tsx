import type { ReactElement, ReactNode } from 'react';
import { createTheme, ThemeProvider } from '@mui/material';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@user-office/frontend-shared/i18n';
import { DownloadsProvider } from '@user-office/frontend-shared/downloads';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { storeSession } from '@user-office/frontend-shared/session';
import { SessionProvider } from '@user-office/frontend-shared/session';

/** A session token (unsigned: the portal only decodes it) issued now. */
export function sessionToken(
  claims: Partial<{ sub: string; currentRole: string; isInternalUser: boolean }> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({
    sub: '7',
    roles: ['USER'],
    currentRole: 'USER',
    isInternalUser: false,
    impersonatingUserId: null,
    iat: now,
    exp: now + 3600,
    ...claims,
  })}.sig`;
}

export type GraphqlHandler = (variables: Record<string, unknown>) => unknown;

export interface GraphqlCall {
  operation: string;
  variables: Record<string, unknown>;
}

/**
 * `global.fetch` answering GraphQL by operation name: a handler returns the `data`, or throws an Error whose
 * message becomes the GraphQL error (code from `(error as { code }).code`, default BAD_USER_INPUT).
 */
export function mockGraphql(handlers: Record<string, GraphqlHandler>): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as {
      query: string;
      variables?: Record<string, unknown>;
    };
    const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    const variables = body.variables ?? {};
    calls.push({ operation, variables });
    const handler = handlers[operation];
    let payload: unknown;
    if (!handler) {
      payload = { data: null, errors: [{ message: `unmocked ${operation}`, extensions: { code: 'TEST' } }] };
    } else {
      try {
        payload = { data: await handler(variables) };
      } catch (e) {
        const code = (e as { code?: string }).code ?? 'BAD_USER_INPUT';
        payload = { data: null, errors: [{ message: (e as Error).message, extensions: { code } }] };
      }
    }
    return { ok: true, status: 200, json: async () => payload } as Response;
  }) as typeof fetch;
  return calls;
}

export interface RenderOptions {
  /** the address, e.g. /ProposalEdit/5 */
  route?: string;
  /** the route pattern the element is mounted at, e.g. /ProposalEdit/:proposalPk */
  path?: string;
  features?: string[];
  settings?: Record<string, string>;
  session?: Partial<{ sub: string; currentRole: string; isInternalUser: boolean }>;
}

/** ripples animate after a test's last assertion (act warnings); the tests do not need them */
const testTheme = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });

export function Providers({
  children,
  features = [],
  settings = { DATE_FORMAT: 'dd-MM-yyyy', DATE_TIME_FORMAT: 'dd-MM-yyyy HH:mm', TIMEZONE: 'UTC' },
}: {
  children: ReactNode;
  features?: string[];
  settings?: Record<string, string>;
}) {
  return (
    <ThemeProvider theme={testTheme}>
      <I18nextProvider i18n={i18n}>
        <StaticSettingsProvider values={settings} features={features}>
          <SessionProvider>
            <DownloadsProvider onUnauthorized={() => undefined}>{children}</DownloadsProvider>
          </SessionProvider>
        </StaticSettingsProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}

/** Renders inside the portal's providers, a stored session and a MemoryRouter. */
export function renderPortal(ui: ReactElement, options: RenderOptions = {}): RenderResult {
  localStorage.clear();
  storeSession(sessionToken(options.session));
  const route = options.route ?? '/';
  return render(
    <Providers features={options.features} settings={options.settings}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={options.path ?? '/'} element={ui} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

export function user(id: number, firstname: string, lastname: string) {
  return {
    id,
    firstname,
    lastname,
    preferredname: null,
    email: null,
    institutionId: null,
    position: null,
    placeholder: false,
    created: '2024-01-01T00:00:00.000Z',
  };
}
