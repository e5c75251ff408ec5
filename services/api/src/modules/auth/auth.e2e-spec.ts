import { DEV_PASSWORD } from '@user-office/contracts';
import { loginAtDevIdp, startDevIdp, type DevIdp } from '@user-office/dev-idp';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import { createTestDatabase } from '../../../test/support/test-database';
import { pgTemplate } from '../../../test/support/test-templates';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';

const REDIRECT = 'http://127.0.0.1:9/external-auth';
const LOGIN =
  'mutation($t: String!, $r: String!, $i: String) { externalTokenLogin(externalToken: $t, redirectUri: $r, iss: $i) }';
const ME = '{ getUserMe { id firstname lastname email placeholder roles { id shortCode } } }';

describe('login and sessions through the development OpenID Connect provider (over HTTP)', () => {
  let idp: DevIdp;
  let t: TestApp;
  let head: () => Promise<number>;

  const login = async (username: string) => {
    const { code, iss } = await loginAtDevIdp({
      issuer: idp.issuer,
      clientId: 'user-office',
      redirectUri: REDIRECT,
      username,
      password: DEV_PASSWORD,
    });
    const res = await t.gql<{ externalTokenLogin: string }>(LOGIN, { t: code, r: REDIRECT, i: iss });
    expect(res.errors).toBeUndefined();
    return res.data!.externalTokenLogin;
  };
  const me = (token: string) =>
    t.gql<{ getUserMe: { id: number; email: string; roles: { shortCode: string }[] } }>(ME, {}, token);
  const claims = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

  beforeAll(async () => {
    idp = await startDevIdp({
      port: 0,
      clients: [{ clientId: 'user-office', clientSecret: 'dev-secret', redirectUris: [REDIRECT] }],
    });
    t = await createTestApp({
      config: {
        authDiscoveryUrl: idp.issuer,
        authClientId: 'user-office',
        authClientSecret: 'dev-secret',
        devIdp: true,
      },
    });
    const store = t.app.get<EventStore>(EVENT_STORE);
    head = () => store.headPosition();
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('logs a seeded applicant in: the user is created from the claims with the USER role', async () => {
    const token = await login('applicant');
    const res = await me(token);
    expect(res.data!.getUserMe).toMatchObject({
      firstname: 'Alice',
      lastname: 'Applicant',
      email: 'alice.applicant@example.org',
      placeholder: false,
      roles: [{ id: 1, shortCode: 'USER' }],
    });
    expect(claims(token)).toMatchObject({ currentRole: 'USER', roles: ['USER'], isInternalUser: false });
    // a second login finds the same user by subject
    const again = await me(await login('applicant'));
    expect(again.data!.getUserMe.id).toBe(res.data!.getUserMe.id);
  });

  it('rejects a code that was already used, a foreign issuer and a bad code', async () => {
    const { code, iss } = await loginAtDevIdp({
      issuer: idp.issuer,
      clientId: 'user-office',
      redirectUri: REDIRECT,
      username: 'applicant',
      password: DEV_PASSWORD,
    });
    expect((await t.gql(LOGIN, { t: code, r: REDIRECT, i: iss })).errors).toBeUndefined();
    const reused = await t.gql(LOGIN, { t: code, r: REDIRECT, i: iss });
    expect(reused.errors?.[0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'EXTERNAL_TOKEN_INVALID',
    });
    const foreign = await t.gql(LOGIN, { t: 'x', r: REDIRECT, i: 'https://evil.example.org' });
    expect(foreign.errors?.[0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'ISSUER_MISMATCH',
    });
    const bad = await t.gql(LOGIN, { t: 'not-a-code', r: REDIRECT, i: idp.issuer });
    expect(bad.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('renews a token, switches role among held roles only, and refuses roles not held', async () => {
    const token = await login('multi');
    expect(claims(token)).toMatchObject({
      currentRole: 'USER',
      roles: ['USER', 'INSTRUMENT_SCIENTIST', 'FAP_REVIEWER'],
      isInternalUser: true,
    });
    const renewed = (
      await t.gql<{ getToken: string }>('mutation($t: String!) { getToken(token: $t) }', { t: token })
    ).data!.getToken;
    expect(claims(renewed).jti).not.toBe(claims(token).jti);
    const switched = await t.gql<{ selectRole: string }>(
      'mutation($t: String!) { selectRole(token: $t, selectedRoleId: 6) }',
      { t: renewed },
    );
    expect(claims(switched.data!.selectRole).currentRole).toBe('INSTRUMENT_SCIENTIST');
    const refused = await t.gql('mutation($t: String!) { selectRole(token: $t, selectedRoleId: 2) }', {
      t: renewed,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'You do not hold this role',
      extensions: { code: 'FORBIDDEN' },
    });
    const roles = await t.gql<{ getMyRoles: { shortCode: string }[] }>(
      '{ getMyRoles { shortCode } }',
      {},
      switched.data!.selectRole,
    );
    expect(roles.data!.getMyRoles.map((r) => r.shortCode)).toEqual([
      'USER',
      'INSTRUMENT_SCIENTIST',
      'FAP_REVIEWER',
    ]);
  });

  it('lets an officer impersonate a user, records it, and end it back to the officer', async () => {
    const officer = await login('officer');
    const officerId = Number(claims(officer).sub);
    const applicantId = (await me(await login('applicant'))).data!.getUserMe.id;
    const res = await t.gql<{ getTokenForUser: string }>(
      `mutation { getTokenForUser(userId: ${applicantId}) }`,
      {},
      officer,
    );
    expect(res.errors).toBeUndefined();
    const acting = res.data!.getTokenForUser;
    expect(claims(acting)).toMatchObject({
      sub: String(applicantId),
      currentRole: 'USER',
      impersonatingUserId: officerId,
    });
    expect((await me(acting)).data!.getUserMe.id).toBe(applicantId);

    // a change made while impersonating names both in the event log
    await t.gql(`mutation { updateUser(id: ${applicantId}, department: "Optics") { id } }`, {}, acting);
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{
      getEventLogs: {
        eventType: string;
        changedById: number;
        impersonatedById: number | null;
        description: string;
      }[];
    }>(
      `{ getEventLogs(changedObjectId: "${applicantId}") { eventType changedById impersonatedById description } }`,
      {},
      officer,
    );
    expect(logs.data!.getEventLogs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventType: 'SessionStarted',
          changedById: officerId,
          description: `User ${officerId} started impersonating user ${applicantId}`,
        }),
        expect.objectContaining({
          eventType: 'UserUpdated',
          changedById: applicantId,
          impersonatedById: officerId,
        }),
      ]),
    );

    // not an officer: may not impersonate
    const refused = await t.gql(`mutation { getTokenForUser(userId: ${officerId + 1000}) }`, {}, acting);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // ending returns to the officer
    const back = await t.gql<{ getTokenForUser: string }>(
      `mutation { getTokenForUser(userId: ${officerId}) }`,
      {},
      acting,
    );
    expect(claims(back.data!.getTokenForUser)).toMatchObject({
      sub: String(officerId),
      currentRole: 'USER_OFFICER',
      impersonatingUserId: null,
    });
  });

  it('refuses a token after logout, everywhere', async () => {
    const token = await login('scientist');
    expect(
      (
        await t.gql<{ checkToken: { isValid: boolean } }>(
          'query($t: String!) { checkToken(token: $t) { isValid } }',
          { t: token },
        )
      ).data!.checkToken.isValid,
    ).toBe(true);
    const out = await t.gql<{ logout: boolean }>('mutation($t: String!) { logout(token: $t) }', { t: token });
    expect(out.data!.logout).toBe(true);
    const after = await me(token);
    expect(after.errors?.[0]).toMatchObject({
      message: 'Server rejected user credentials',
      extensions: { code: 'UNAUTHENTICATED', reason: 'TOKEN_REVOKED' },
    });
    expect(
      (
        await t.gql<{ checkToken: { isValid: boolean } }>(
          'query($t: String!) { checkToken(token: $t) { isValid } }',
          { t: token },
        )
      ).data!.checkToken.isValid,
    ).toBe(false);
    const renew = await t.gql('mutation($t: String!) { getToken(token: $t) }', { t: token });
    expect(renew.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('turns an invited placeholder into the account of whoever logs in with that e-mail', async () => {
    const applicant = await login('applicant');
    const invited = await t.gql<{ createUserByEmailInvite: number }>(
      'mutation { createUserByEmailInvite(firstname: "Carl", lastname: "C", email: "carl.coproposer@example.org", userRole: USER) }',
      {},
      applicant,
    );
    const id = invited.data!.createUserByEmailInvite;
    const token = await login('coproposer');
    const user = await t.gql<{ getUserMe: { id: number; placeholder: boolean } }>(
      '{ getUserMe { id placeholder } }',
      {},
      token,
    );
    expect(user.data!.getUserMe).toEqual({ id, placeholder: false });
  });

  it('answers checkExternalToken from the provider', async () => {
    const res = await t.gql<{ checkExternalToken: { isValid: boolean } }>(
      'query { checkExternalToken(token: "nonsense") { isValid } }',
    );
    expect(res.data!.checkExternalToken.isValid).toBe(false);
  });
});

describe('a logout is refused in every process at once (the ended-session answers each process keeps)', () => {
  it('refuses the token in another process on the same database right after the logout', async () => {
    const db = await createTestDatabase('auth_two', { template: pgTemplate() });
    const a = await createTestApp({ database: db });
    const b = await createTestApp({ database: db });
    try {
      const WHO = '{ getUserMe { id } }';
      const token = a.token(APPLICANT);
      // both processes have checked the session (and keep the answer)
      for (let i = 0; i < 3; i++) {
        expect((await a.gql(WHO, {}, token)).errors).toBeUndefined();
        expect((await b.gql(WHO, {}, token)).errors).toBeUndefined();
      }
      const out = await a.gql<{ logout: boolean }>('mutation($t: String!) { logout(token: $t) }', {
        t: token,
      });
      expect(out.data!.logout).toBe(true);
      // this process refuses it when logout returns; the other as soon as the commit's NOTIFY reaches it (well
      // within the 5 s an answer is trusted without one)
      expect((await a.gql(WHO, {}, token)).errors?.[0].extensions?.reason).toBe('TOKEN_REVOKED');
      const started = Date.now();
      let refused = false;
      while (!refused && Date.now() - started < 1000) {
        refused = (await b.gql(WHO, {}, token)).errors?.[0].extensions?.reason === 'TOKEN_REVOKED';
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(refused).toBe(true);
    } finally {
      await b.close();
      await a.close();
      await db.drop();
    }
  });
});
