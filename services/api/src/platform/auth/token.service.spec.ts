import { Role } from '@user-office/contracts';
import { INVALID_TOKEN_MESSAGE, SESSION_EXPIRED_MESSAGE, TokenService } from './token.service';

const session = {
  id: 7,
  roles: [Role.USER, Role.USER_OFFICER],
  currentRole: Role.USER_OFFICER,
  isInternalUser: true,
  impersonatingUserId: null,
};

describe('TokenService', () => {
  afterEach(() => jest.useRealTimers());

  it('verifies a token again from memory with the same session, each caller its own copy', () => {
    const tokens = new TokenService('a secret of the test', 3600);
    const token = tokens.sign(session);
    const first = tokens.verify(token);
    const second = tokens.verify(token);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ id: 7, currentRole: Role.USER_OFFICER, roles: session.roles });
    first.roles.push(Role.FAP_CHAIR);
    expect(tokens.verify(token).roles).toEqual(session.roles);
  });

  it('refuses a token verified before once it has expired, and a token whose signature is wrong', () => {
    jest.useFakeTimers({ now: new Date('2026-12-03T10:00:00Z') });
    const tokens = new TokenService('a secret of the test', 60);
    const token = tokens.sign(session);
    expect(tokens.verify(token).id).toBe(7);
    jest.setSystemTime(new Date('2026-12-03T10:01:01Z'));
    expect(() => tokens.verify(token)).toThrow(SESSION_EXPIRED_MESSAGE);
    const other = new TokenService('another secret', 60);
    expect(() => other.verify(token)).toThrow(INVALID_TOKEN_MESSAGE);
    expect(() => tokens.verify(`${token}x`)).toThrow(INVALID_TOKEN_MESSAGE);
  });
});
