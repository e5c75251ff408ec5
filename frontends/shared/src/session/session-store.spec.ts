import { clearSession, decodeToken, restoreSession, storeSession } from './session-store';

function token(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.sig`;
}

// taken at each test, not when the file is loaded: in `npm test` a group loads its files first, and a slow group
// reached this file's tests more than a minute later, when the tokens' minute had run out
let now = 0;

describe('the stored session (§4 Session)', () => {
  beforeEach(() => {
    now = Math.floor(Date.now() / 1000);
    clearSession();
  });

  it('stores user, token, expiry, roles, current role and the internal flag', () => {
    const t = token({
      sub: '7',
      roles: ['USER', 'USER_OFFICER'],
      currentRole: 'USER',
      isInternalUser: true,
      impersonatingUserId: null,
      iat: now,
      exp: now + 60,
    });
    storeSession(t);
    expect(localStorage.getItem('token')).toBe(t);
    expect(localStorage.getItem('currentRole')).toBe('USER');
    expect(JSON.parse(localStorage.getItem('roles') ?? '[]')).toEqual(['USER', 'USER_OFFICER']);
    expect(localStorage.getItem('isInternalUser')).toBe('true');
    expect(restoreSession()).toMatchObject({ userId: 7, currentRole: 'USER', expiresAt: now + 60 });
  });

  it('is restored only with a token, a current role and an unexpired token; otherwise cleared', () => {
    storeSession(token({ sub: '7', roles: ['USER'], currentRole: 'USER', iat: now - 100, exp: now - 1 }));
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    storeSession(token({ sub: '7', roles: ['USER'], currentRole: 'USER', iat: now, exp: now + 60 }));
    localStorage.removeItem('currentRole');
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('decodes the claims of a token', () => {
    expect(
      decodeToken(
        token({ sub: '3', roles: ['USER'], currentRole: 'USER', impersonatingUserId: 1, iat: 5, exp: 9 }),
      ),
    ).toEqual({
      userId: 3,
      roles: ['USER'],
      currentRole: 'USER',
      isInternalUser: false,
      impersonatingUserId: 1,
      issuedAt: 5,
      expiresAt: 9,
    });
  });
});
