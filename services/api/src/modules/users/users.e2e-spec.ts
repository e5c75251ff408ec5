import { Role } from '@user-office/contracts';
import {
  ANY_USER,
  EVERYONE,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { MailerService } from '../notifications';
import { UsersService } from './users.service';
import { moduleStores, type TestStore } from '../../../test/support/stores';

describe.each<TestStore>(moduleStores())('users over HTTP (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let ada: number;
  let bob: number;
  let officerId: number;
  const as = (id: number, role: Role = Role.USER) => t.token({ id, roles: [role], currentRole: role });

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    const users = t.app.get(UsersService);
    const make = async (firstname: string, lastname: string, email: string, roles: Role[]) =>
      (
        await users.create({
          firstname,
          lastname,
          email,
          oidcSub: null,
          placeholder: false,
          roles,
          source: 'seed',
        })
      ).user.id;
    ada = await make('Ada', 'Lovelace', 'ada@example.org', [Role.USER]);
    bob = await make('Bob', 'Builder', 'bob@example.org', [Role.USER, Role.INSTRUMENT_SCIENTIST]);
    officerId = await make('Olga', 'Officer', 'olga@example.org', [Role.USER_OFFICER]);
  });
  afterAll(() => t.close());

  const expectRejected = async (query: string, token: string, message: string, code = 'BAD_USER_INPUT') => {
    const before = await head();
    const res = await t.gql(query, {}, token);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await head()).toBe(before);
  };

  it('lets users read and update themselves, officers anyone; the log says who', async () => {
    const self = await t.gql<{ updateUser: { department: string } }>(
      `mutation { updateUser(id: ${ada}, department: "Mathematics", firstname: "  Ada  ") { department firstname } }`,
      {},
      as(ada),
    );
    expect(self.data!.updateUser).toEqual({ department: 'Mathematics', firstname: 'Ada' });
    const byOfficer = await t.gql<{ updateUser: { email: string } }>(
      `mutation { updateUser(id: ${ada}, email: "Ada.L@Example.org") { email } }`,
      {},
      as(officerId, Role.USER_OFFICER),
    );
    expect(byOfficer.data!.updateUser.email).toBe('ada.l@example.org');
    const read = await t.gql<{ getUser: { email: string; roles: { shortCode: string }[] } }>(
      `{ getUser(userId: ${ada}) { email roles { shortCode } } }`,
      {},
      as(ada),
    );
    expect(read.data!.getUser).toEqual({ email: 'ada.l@example.org', roles: [{ shortCode: 'USER' }] });
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{ getEventLogs: { changedBy: string; description: string }[] }>(
      `{ getEventLogs(changedObjectId: "${ada}", eventType: "UserUpdated") { changedBy description } }`,
      {},
      as(officerId, Role.USER_OFFICER),
    );
    expect(logs.data!.getEventLogs).toEqual([
      { changedBy: 'Ada Lovelace', description: `User ${ada} updated: department` },
      { changedBy: 'Olga Officer', description: `User ${ada} updated: email` },
    ]);
  });

  it('rejects bad user changes with their messages and appends nothing', async () => {
    await expectRejected(
      `mutation { updateUser(id: ${ada}, firstname: "   ") { id } }`,
      as(ada),
      'First name is required',
    );
    await expectRejected(
      `mutation { updateUser(id: ${ada}, email: "nope") { id } }`,
      as(officerId, Role.USER_OFFICER),
      'Please enter a valid email',
    );
    await expectRejected(
      `mutation { updateUser(id: ${ada}, email: "bob@example.org") { id } }`,
      as(officerId, Role.USER_OFFICER),
      'A user with this e-mail address already exists',
    );
    await expectRejected(
      `mutation { updateUser(id: ${ada}, email: "a@b.co") { id } }`,
      as(ada),
      'Only the user office may change an e-mail address',
      'FORBIDDEN',
    );
    await expectRejected(
      `mutation { updateUser(id: ${bob}, department: "x") { id } }`,
      as(ada),
      'You may only change your own account',
      'FORBIDDEN',
    );
    await expectRejected(
      `mutation { updateUser(id: 999999, department: "x") { id } }`,
      as(officerId, Role.USER_OFFICER),
      'User not found',
      'NOT_FOUND',
    );
    await expectRejected(
      `{ getUser(userId: ${bob}) { id } }`,
      as(ada),
      'You may only see your own account',
      'FORBIDDEN',
    );
  });

  it('sets roles by id (officers), never to none or to an unknown role', async () => {
    const res = await t.gql<{ updateUserRoles: { roles: { shortCode: string }[] } }>(
      `mutation { updateUserRoles(id: ${bob}, roles: [1, 6, 5]) { roles { shortCode } } }`,
      {},
      as(officerId, Role.USER_OFFICER),
    );
    expect(res.data!.updateUserRoles.roles.map((r) => r.shortCode)).toEqual([
      'USER',
      'INSTRUMENT_SCIENTIST',
      'FAP_REVIEWER',
    ]);
    await expectRejected(
      `mutation { updateUserRoles(id: ${bob}, roles: []) { id } }`,
      as(officerId, Role.USER_OFFICER),
      'A user needs at least one role',
    );
    await expectRejected(
      `mutation { updateUserRoles(id: ${bob}, roles: [42]) { id } }`,
      as(officerId, Role.USER_OFFICER),
      'Unknown role id 42',
    );
  });

  it('searches users (at least 3 characters), filters by role, pages and counts', async () => {
    const officer = as(officerId, Role.USER_OFFICER);
    await expectRejected(
      `{ getUsers(filter: "ad") { totalCount } }`,
      officer,
      'Search needs at least 3 characters',
    );
    const found = await t.gql<{
      getUsers: { totalCount: number; users: { firstname: string; email: string | null }[] };
    }>(`{ getUsers(filter: "love") { totalCount users { firstname email } } }`, {}, officer);
    expect(found.data!.getUsers).toEqual({
      totalCount: 1,
      users: [{ firstname: 'Ada', email: 'ada.l@example.org' }],
    });
    const scientists = await t.gql<{ getUsers: { users: { id: number }[] } }>(
      `{ getUsers(userRole: INSTRUMENT_SCIENTIST) { users { id } } }`,
      {},
      officer,
    );
    expect(scientists.data!.getUsers.users).toEqual([{ id: bob }]);
    const paged = await t.gql<{ getUsers: { totalCount: number; users: { id: number }[] } }>(
      `{ getUsers(first: 1, offset: 1, orderBy: "firstname", subtractUsers: [${officerId}]) { totalCount users { id } } }`,
      {},
      officer,
    );
    expect(paged.data!.getUsers).toEqual({ totalCount: 2, users: [{ id: bob }] });
    const none = await t.gql<{ getPreviousCollaborators: { totalCount: number } }>(
      `{ getPreviousCollaborators(userId: ${ada}) { totalCount } }`,
      {},
      as(ada),
    );
    expect(none.data!.getPreviousCollaborators.totalCount).toBe(0);
  });

  it('finds a user by e-mail only while EMAIL_SEARCH is on', async () => {
    const query = `{ getBasicUserDetailsByEmail(email: "BOB@example.org") { id firstname email } }`;
    const found = await t.gql<{ getBasicUserDetailsByEmail: { id: number } }>(query, {}, as(ada));
    expect(found.data!.getBasicUserDetailsByEmail).toEqual({
      id: bob,
      firstname: 'Bob',
      email: 'bob@example.org',
    });
    const missing = await t.gql(
      `{ getBasicUserDetailsByEmail(email: "ghost@example.org") { id } }`,
      {},
      as(ada),
    );
    expect(missing.data).toEqual({ getBasicUserDetailsByEmail: null });
    await expectRejected(`{ getBasicUserDetailsByEmail(email: "") { id } }`, as(ada), 'Please enter a email');
    const officer = as(officerId, Role.USER_OFFICER);
    await t.gql(
      'mutation { updateFeatures(input: { featureIds: [EMAIL_SEARCH], action: DISABLE }) { id } }',
      {},
      officer,
    );
    await expectRejected(query, as(ada), 'The EMAIL_SEARCH feature is not enabled', 'FORBIDDEN');
    await t.gql(
      'mutation { updateFeatures(input: { featureIds: [EMAIL_SEARCH], action: ENABLE }) { id } }',
      {},
      officer,
    );
  });

  it('invites by e-mail: a placeholder user and one invitation e-mail', async () => {
    const res = await t.gql<{ createUserByEmailInvite: number }>(
      `mutation { createUserByEmailInvite(firstname: "Cleo", lastname: "Coproposer", email: "cleo@example.org", userRole: USER) }`,
      {},
      as(ada),
    );
    expect(res.errors).toBeUndefined();
    const id = res.data!.createUserByEmailInvite;
    const user = await t.gql<{ getUser: { placeholder: boolean } }>(
      `{ getUser(userId: ${id}) { placeholder } }`,
      {},
      as(officerId, Role.USER_OFFICER),
    );
    expect(user.data!.getUser.placeholder).toBe(true);
    const outbox = t.app.get(MailerService).outbox;
    const deadline = Date.now() + 10_000;
    while (!outbox.some((m) => m.to === 'cleo@example.org') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(outbox.filter((m) => m.to === 'cleo@example.org')).toEqual([
      expect.objectContaining({
        subject: 'You have been invited to the User Office user office',
        from: 'useroffice@facility.local',
      }),
    ]);
    await expectRejected(
      `mutation { createUserByEmailInvite(firstname: "X", lastname: "Y", email: "cleo@example.org", userRole: USER) }`,
      as(ada),
      'A user with this e-mail address already exists',
    );
    await expectRejected(
      `mutation { createUserByEmailInvite(firstname: "", lastname: "Y", email: "z@example.org", userRole: USER) }`,
      as(ada),
      'First name is required',
    );
    await expectRejected(
      `mutation { createUserByEmailInvite(firstname: "X", lastname: "Y", email: "z@example.org", userRole: USER_OFFICER) }`,
      as(ada),
      'Only the user office may invite users in that role',
      'FORBIDDEN',
    );
    const cleared = await t.gql<{ setUserNotPlaceholder: { placeholder: boolean } }>(
      `mutation { setUserNotPlaceholder(id: ${id}) { placeholder } }`,
      {},
      as(officerId, Role.USER_OFFICER),
    );
    expect(cleared.data!.setUserNotPlaceholder.placeholder).toBe(false);
  });

  it('deletes a user (not oneself): gone from reads and searches', async () => {
    const officer = as(officerId, Role.USER_OFFICER);
    const victim = (
      await t.app.get(UsersService).create({
        firstname: 'Del',
        lastname: 'Eted',
        email: 'del@example.org',
        oidcSub: null,
        placeholder: false,
        roles: [Role.USER],
        source: 'seed',
      })
    ).user.id;
    const res = await t.gql<{ deleteUser: { id: number } }>(
      `mutation { deleteUser(id: ${victim}) { id } }`,
      {},
      officer,
    );
    expect(res.data!.deleteUser.id).toBe(victim);
    expect((await t.gql(`{ getUser(userId: ${victim}) { id } }`, {}, officer)).data).toEqual({
      getUser: null,
    });
    await expectRejected(
      `mutation { deleteUser(id: ${officerId}) { id } }`,
      officer,
      'You cannot delete your own account',
    );
    await expectRejected(
      `mutation { deleteUser(id: ${victim}) { id } }`,
      officer,
      'User not found',
      'NOT_FOUND',
    );
  });

  it('moves users of a merged institution to the one it merged into', async () => {
    const officer = as(officerId, Role.USER_OFFICER);
    const make = async (name: string) =>
      (
        await t.gql<{ createInstitution: { id: number } }>(
          `mutation { createInstitution(name: "${name}", country: 1) { id } }`,
          {},
          officer,
        )
      ).data!.createInstitution.id;
    const from = await make('Old Lab');
    const into = await make('New Lab');
    const member = (
      await t.app.get(UsersService).create({
        firstname: 'Mo',
        lastname: 'Ved',
        email: 'mo@example.org',
        institutionId: from,
        oidcSub: null,
        placeholder: false,
        roles: [Role.USER],
        source: 'seed',
      })
    ).user.id;
    const merged = await t.gql(
      `mutation { mergeInstitutions(institutionIdFrom: ${from}, institutionIdInto: ${into}, newTitle: "Joint Lab") { id } }`,
      {},
      officer,
    );
    expect(merged.errors).toBeUndefined();
    const user = await t.gql<{ getUser: { institutionId: number } }>(
      `{ getUser(userId: ${member}) { institutionId } }`,
      {},
      officer,
    );
    expect(user.data!.getUser.institutionId).toBe(into);
  });

  it('lists roles', async () => {
    const res = await t.gql<{ getRoles: { shortCode: string }[]; getMyRoles: { shortCode: string }[] }>(
      '{ getRoles { id shortCode title } getMyRoles { shortCode } }',
      {},
      as(bob),
    );
    expect(res.data!.getRoles).toHaveLength(8);
    expect(res.data!.getMyRoles.map((r) => r.shortCode)).toEqual([
      'USER',
      'INSTRUMENT_SCIENTIST',
      'FAP_REVIEWER',
    ]);
  });

  it('lets exactly the right callers through (authorization matrix of users and sessions)', async () => {
    const staff = [
      Role.USER_OFFICER,
      Role.INSTRUMENT_SCIENTIST,
      Role.FAP_CHAIR,
      Role.FAP_SECRETARY,
      Role.INTERNAL_REVIEWER,
      Role.EXPERIMENT_SAFETY_REVIEWER,
    ];
    const cases: AccessCase[] = [
      { operation: 'getUser', document: '{ getUser(userId: 1) { id } }', allowed: [Role.USER_OFFICER] },
      { operation: 'getUserMe', document: '{ getUserMe { id } }', allowed: ANY_USER },
      { operation: 'getUsers', document: '{ getUsers { totalCount } }', allowed: staff },
      {
        operation: 'getPreviousCollaborators',
        document: '{ getPreviousCollaborators(userId: 1) { totalCount } }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'getBasicUserDetails',
        document: '{ getBasicUserDetails(userId: 1) { id } }',
        allowed: ANY_USER,
      },
      {
        operation: 'getBasicUserDetailsByEmail',
        document: '{ getBasicUserDetailsByEmail(email: "a@b.co") { id } }',
        allowed: ANY_USER,
      },
      { operation: 'getMyRoles', document: '{ getMyRoles { id } }', allowed: ANY_USER },
      { operation: 'getRoles', document: '{ getRoles { id } }', allowed: ANY_USER },
      {
        operation: 'updateUser',
        document: 'mutation { updateUser(id: 1, department: "x") { id } }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'updateUserRoles',
        document: 'mutation { updateUserRoles(id: 999999, roles: [1]) { id } }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'deleteUser',
        document: 'mutation { deleteUser(id: 999999) { id } }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'setUserNotPlaceholder',
        document: 'mutation { setUserNotPlaceholder(id: 999999) { id } }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'createUserByEmailInvite',
        document:
          'mutation { createUserByEmailInvite(firstname: "", lastname: "", email: "", userRole: USER) }',
        allowed: ANY_USER,
      },
      { operation: 'checkToken', document: '{ checkToken(token: "x") { isValid } }', allowed: EVERYONE },
      { operation: 'getToken', document: 'mutation { getToken(token: "x") }', allowed: EVERYONE },
      {
        operation: 'selectRole',
        document: 'mutation { selectRole(token: "x", selectedRoleId: 1) }',
        allowed: EVERYONE,
      },
      { operation: 'logout', document: 'mutation { logout(token: "x") }', allowed: EVERYONE },
      {
        operation: 'getTokenForUser',
        document: 'mutation { getTokenForUser(userId: 999999) }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'externalTokenLogin',
        document: 'mutation { externalTokenLogin(externalToken: "x", redirectUri: "http://x/y") }',
        allowed: EVERYONE,
      },
    ];
    // record-level refusals (another user's account) count as denied: the matrix callers are users 900+
    const matrix = await accessMatrix(t, cases, await apiTokenFor(t));
    const expected = expectedMatrix(cases, true);
    // getToken / selectRole / externalTokenLogin are public but reject the nonsense token itself: compare the policy only
    for (const op of ['getToken', 'selectRole', 'externalTokenLogin']) {
      expect(matrix[op]).toEqual([]);
      delete matrix[op];
      delete expected[op];
    }
    expect(matrix).toEqual(expected);
  });
});
