import { act, render, screen } from '@testing-library/react';
import { storeSession } from './session-store';
import { SessionProvider, useSession } from './session';

function Probe() {
  const { session, endedBecause } = useSession();
  return <p>{session ? `user ${session.userId}` : `ended: ${endedBecause ?? ''}`}</p>;
}

describe('the session (§4 Session, §8 Session)', () => {
  it('ends with "Your session has expired, you will need to log in again." once the token expires', () => {
    jest.useFakeTimers();
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    storeSession(
      `${enc({})}.${enc({ sub: '5', roles: ['USER'], currentRole: 'USER', iat: now, exp: now + 60 })}.s`,
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('user 5')).toBeTruthy();
    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.getByText('ended: Your session has expired, you will need to log in again.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    jest.useRealTimers();
  });
});
