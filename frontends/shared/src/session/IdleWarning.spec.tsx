import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { storeSession } from './session-store';
import { StaticSettingsProvider } from '../settings/settings';
import { SessionProvider } from './session';
import { IdleWarning } from './IdleWarning';

function token(): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'HS256' })}.${enc({ sub: '2', roles: ['USER'], currentRole: 'USER', iat: now, exp: now + 3600 })}.s`;
}

function renderIdle(features: string[], values: Record<string, string> = {}) {
  storeSession(token());
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider features={features} values={values}>
        <SessionProvider>
          <IdleWarning />
        </SessionProvider>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

describe('the idle Warning dialog (§4 Session, STFC_IDLE_TIMER)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows after IDLE_TIMEOUT without activity; Confirm re-checks the token and resets the timer', async () => {
    const fetchMock = jest.fn(() =>
      Promise.resolve({
        json: () => Promise.resolve({ data: { checkExternalToken: { isValid: true } } }),
      } as Response),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    renderIdle(['STFC_IDLE_TIMER'], { IDLE_TIMEOUT: '5000' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => jest.advanceTimersByTime(5001));
    expect(screen.getByRole('dialog', { name: 'Warning' })).toBeTruthy();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toContain(
      'checkExternalToken',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('activity postpones it', () => {
    renderIdle(['STFC_IDLE_TIMER'], { IDLE_TIMEOUT: '1000' });
    act(() => jest.advanceTimersByTime(800));
    act(() => {
      window.dispatchEvent(new Event('keydown'));
    });
    act(() => jest.advanceTimersByTime(800));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is off without the feature', () => {
    renderIdle([], { IDLE_TIMEOUT: '1000' });
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
