import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Role } from '@user-office/contracts';
import { AppError } from '../errors/app-error';
import { AccessRegistry } from './access-registry';
import { AccessGuard, NO_POLICY_MESSAGE } from './access.guard';
import { Authenticated, Public, RolesAllowed } from './policy.decorators';
import { TokenService } from './token.service';

class Operations {
  undeclared() {}
  @Public() open() {}
  @Authenticated() anyUser() {}
  @RolesAllowed(Role.USER_OFFICER) officers() {}
}

describe('AccessGuard (deny by default)', () => {
  const tokens = new TokenService('secret', 3600);
  const guard = new AccessGuard(new Reflector(), tokens, new AccessRegistry());
  const call = async (method: keyof Operations, token?: string) => {
    const req = { headers: token ? { authorization: `Bearer ${token}` } : {} };
    const context = {
      getType: () => 'http',
      getHandler: () => Operations.prototype[method],
      getClass: () => Operations,
      switchToHttp: () => ({ getRequest: () => req }),
    } as unknown as ExecutionContext;
    try {
      return (await guard.canActivate(context)) ? 'allowed' : 'denied';
    } catch (error) {
      return (error as AppError).code;
    }
  };
  const officer = tokens.sign({
    id: 1,
    roles: [Role.USER_OFFICER, Role.USER],
    currentRole: Role.USER_OFFICER,
    isInternalUser: true,
    impersonatingUserId: null,
  });
  const user = tokens.sign({
    id: 2,
    roles: [Role.USER_OFFICER, Role.USER],
    currentRole: Role.USER,
    isInternalUser: false,
    impersonatingUserId: null,
  });

  it('denies an operation that declares no policy, even to an officer', async () => {
    expect(await call('undeclared', officer)).toBe('FORBIDDEN');
    await expect(
      guard.canActivate({
        getType: () => 'http',
        getHandler: () => Operations.prototype.undeclared,
        getClass: () => Operations,
        switchToHttp: () => ({ getRequest: () => ({ headers: {} }) }),
      } as unknown as ExecutionContext),
    ).rejects.toThrow(NO_POLICY_MESSAGE);
  });

  it('applies public, authenticated and role policies by the current role', async () => {
    expect(await Promise.all([call('open'), call('anyUser'), call('officers')])).toEqual([
      'allowed',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
    ]);
    expect(await Promise.all([call('open', user), call('anyUser', user), call('officers', user)])).toEqual([
      'allowed',
      'allowed',
      'FORBIDDEN',
    ]);
    expect(await Promise.all([call('anyUser', officer), call('officers', officer)])).toEqual([
      'allowed',
      'allowed',
    ]);
  });

  it('rejects an invalid token even on a public operation', async () => {
    expect(await call('open', 'not.a.token')).toBe('UNAUTHENTICATED');
    expect(await call('open', 'unknown-api-token')).toBe('UNAUTHENTICATED');
  });
});
