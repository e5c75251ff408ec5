import { createHash } from 'node:crypto';
import { Role } from '@user-office/contracts';
import { accessMatrix, expectedMatrix, type AccessCase } from '../../../test/support/access-matrix';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { SqlClient } from '../../platform/database/sql-client';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE, SQL_CLIENT } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { moduleStores, type TestStore } from '../../../test/support/stores';

interface TokenView {
  id: number;
  name: string;
  accessToken: string;
  accessPermissions: string;
}

const FIELDS = 'id name accessToken accessPermissions';
const CREATE = `mutation($input: CreateApiAccessTokenInput!) { createApiAccessToken(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateApiAccessTokenInput!) { updateApiAccessToken(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($input: DeleteApiAccessTokenInput!) { deleteApiAccessToken(input: $input) }`;
const LIST = `{ getAllAccessTokensAndPermissions { ${FIELDS} } }`;
const GET = `query($id: Int!) { getAccessTokenAndPermissions(accessTokenId: $id) { ${FIELDS} } }`;
const OPERATIONS = '{ getAllQueriesAndMutations { queries mutations } }';
const EVENT_LOGS = `query($id: String, $type: String) {
  getEventLogs(changedObjectId: $id, eventType: $type) { eventType changedBy changedById changedObjectId description rowData }
}`;

const permissions = (...names: string[]) => JSON.stringify(Object.fromEntries(names.map((n) => [n, true])));
const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

describe.each<TestStore>(moduleStores())('API access tokens end to end (%s)', (store) => {
  let t: TestApp;
  let sql: SqlClient;
  let head: () => Promise<number>;
  let officer: string;

  beforeAll(async () => {
    t = await createTestApp({ store });
    sql = t.app.get<SqlClient>(SQL_CLIENT);
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 1 });
  });
  afterAll(() => t.close());

  const create = async (name: string, accessPermissions: string) => {
    const res = await t.gql<{ createApiAccessToken: TokenView }>(
      CREATE,
      { input: { name, accessPermissions } },
      officer,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createApiAccessToken;
  };

  /** every row of every table, as text: where a leaked token would show */
  const everythingStored = async (): Promise<string> => {
    const tables = await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const dumps: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await sql.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      dumps.push(...rows.rows.map((r) => r.row));
    }
    return dumps.join('\n');
  };

  it('lists the schema operations a token can be given, sorted', async () => {
    const res = await t.gql<{ getAllQueriesAndMutations: { queries: string[]; mutations: string[] } }>(
      OPERATIONS,
      {},
      officer,
    );
    expect(res.errors).toBeUndefined();
    const { queries, mutations } = res.data!.getAllQueriesAndMutations;
    expect(queries).toEqual(
      expect.arrayContaining(['getEventLogs', 'getSettings', 'getAllQueriesAndMutations']),
    );
    expect(mutations).toEqual(
      expect.arrayContaining(['createApiAccessToken', 'updateApiAccessToken', 'deleteApiAccessToken']),
    );
    expect(queries).toEqual([...queries].sort());
    expect(mutations).toEqual([...mutations].sort());
    expect(queries).not.toContain('createApiAccessToken');
  });

  it('lets a token call what it names and nothing else; updates and deletion take effect at once', async () => {
    const created = await create('Scheduler', JSON.stringify({ getEventLogs: true, getFeatures: false }));
    expect(created).toMatchObject({
      name: 'Scheduler',
      accessPermissions: '{"getEventLogs":true}',
    });
    expect(created.accessToken).toMatch(/^uo_[A-Za-z0-9_-]{40}$/);
    const token = created.accessToken;

    // shown once: every later read hides it
    const list = await t.gql<{ getAllAccessTokensAndPermissions: TokenView[] }>(LIST, {}, officer);
    expect(list.data!.getAllAccessTokensAndPermissions).toEqual([
      {
        id: created.id,
        name: 'Scheduler',
        accessToken: '********',
        accessPermissions: '{"getEventLogs":true}',
      },
    ]);
    const one = await t.gql<{ getAccessTokenAndPermissions: TokenView }>(GET, { id: created.id }, officer);
    expect(one.data!.getAccessTokenAndPermissions.accessToken).toBe('********');

    // the permitted officer-only query works with the token and no user; public ones too
    const logs = await t.gql(EVENT_LOGS, { id: 'nothing' }, token);
    expect(logs.errors).toBeUndefined();
    expect(logs.data).toEqual({ getEventLogs: [] });
    const settings = await t.gql('{ getSettings { id } }', {}, token);
    expect(settings.errors).toBeUndefined();

    // anything else that is not public is refused
    const other = await t.gql(LIST, {}, token);
    expect(codeOf(other)).toBe('FORBIDDEN');
    expect(other.errors?.[0].message).toBe(
      'This API access token may not call getAllAccessTokensAndPermissions',
    );

    // an unknown token is no credential at all
    const unknown = await t.gql(EVENT_LOGS, {}, `uo_${'x'.repeat(40)}`);
    expect(codeOf(unknown)).toBe('UNAUTHENTICATED');

    // removing a permission removes the access
    const updated = await t.gql<{ updateApiAccessToken: TokenView }>(
      UPDATE,
      {
        input: {
          accessTokenId: created.id,
          name: 'Scheduler (features)',
          accessPermissions: permissions('getFeatures'),
        },
      },
      officer,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateApiAccessToken).toEqual({
      id: created.id,
      name: 'Scheduler (features)',
      accessToken: '********',
      accessPermissions: '{"getFeatures":true}',
    });
    expect(codeOf(await t.gql(EVENT_LOGS, {}, token))).toBe('FORBIDDEN');
    expect((await t.gql('{ getFeatures { id } }', {}, token)).errors).toBeUndefined();

    // deleted: the token stops working, the token is gone from the lists, a second delete finds nothing
    const deleted = await t.gql(DELETE, { input: { accessTokenId: created.id } }, officer);
    expect(deleted).toEqual({ data: { deleteApiAccessToken: true } });
    expect(codeOf(await t.gql('{ getFeatures { id } }', {}, token))).toBe('UNAUTHENTICATED');
    const gone = await t.gql<{ getAccessTokenAndPermissions: TokenView | null }>(
      GET,
      { id: created.id },
      officer,
    );
    expect(gone.data!.getAccessTokenAndPermissions).toBeNull();
    const list2 = await t.gql<{ getAllAccessTokensAndPermissions: TokenView[] }>(LIST, {}, officer);
    expect(list2.data!.getAllAccessTokensAndPermissions.map((x) => x.id)).not.toContain(created.id);
    const again = await t.gql(DELETE, { input: { accessTokenId: created.id } }, officer);
    expect(codeOf(again)).toBe('NOT_FOUND');
    expect(again.errors?.[0].message).toBe('API access token not found');

    // the token itself was never stored anywhere; its hash was, and not in the log's descriptions
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const stored = await everythingStored();
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(3));
    const hash = createHash('sha256').update(token).digest('hex');
    expect(stored).toContain(hash); // the scan does see the event store
    const events = await sql.query<{ data: string }>(
      `SELECT data::text AS data FROM events WHERE stream_id = $1 ORDER BY position`,
      [`api-access-token-${created.id}`],
    );
    expect(events.rows.map((r) => r.data).join()).toContain(hash);
    const descriptions = await sql.query<{ description: string }>('SELECT description FROM event_logs');
    expect(descriptions.rows.map((r) => r.description).join('\n')).not.toContain(hash);
  });

  it('logs create, update and delete with who did them', async () => {
    const created = await create('Logged', permissions('getSettings'));
    await t.gql(
      UPDATE,
      {
        input: {
          accessTokenId: created.id,
          name: 'Logged',
          accessPermissions: permissions('getSettings', 'getFeatures'),
        },
      },
      t.token({ id: 5, impersonatingUserId: 1 }),
    );
    await t.gql(DELETE, { input: { accessTokenId: created.id } }, officer);
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{ getEventLogs: Record<string, unknown>[] }>(
      EVENT_LOGS,
      { id: String(created.id), type: null },
      officer,
    );
    expect(logs.errors).toBeUndefined();
    const mine = logs.data!.getEventLogs.filter((l) => String(l.eventType).startsWith('ApiAccessToken'));
    expect(mine).toEqual([
      expect.objectContaining({
        eventType: 'ApiAccessTokenCreated',
        changedBy: 'User #1',
        changedById: 1,
        changedObjectId: String(created.id),
        description: 'API access token "Logged" created with access to getSettings',
      }),
      expect.objectContaining({
        eventType: 'ApiAccessTokenUpdated',
        changedById: 5,
        description: 'API access token "Logged" updated: access to getFeatures, getSettings',
      }),
      expect.objectContaining({
        eventType: 'ApiAccessTokenDeleted',
        changedBy: 'User #1',
        description: `API access token #${created.id} deleted`,
      }),
    ]);
  });

  it('rejects bad input with the rule broken, appending nothing', async () => {
    const existing = await create('Existing', permissions('getSettings'));
    const before = await head();
    const cases: [string, Record<string, unknown>, string, string][] = [
      [CREATE, { name: '  ', accessPermissions: permissions('getSettings') }, 'name', 'Name is required'],
      [
        CREATE,
        { name: 'x'.repeat(256), accessPermissions: permissions('getSettings') },
        'name',
        'Name must be at most 255 characters long',
      ],
      [CREATE, { name: 'n', accessPermissions: '' }, 'accessPermissions', 'Select at least one permission'],
      [CREATE, { name: 'n', accessPermissions: '{}' }, 'accessPermissions', 'Select at least one permission'],
      [
        CREATE,
        { name: 'n', accessPermissions: '{"getSettings":false}' },
        'accessPermissions',
        'Select at least one permission',
      ],
      [
        CREATE,
        { name: 'n', accessPermissions: '["getSettings"]' },
        'accessPermissions',
        'Access permissions must be a JSON object mapping operation names to true or false',
      ],
      [
        CREATE,
        { name: 'n', accessPermissions: permissions('getSettings', 'dropDatabase') },
        'accessPermissions',
        'Unknown operation: dropDatabase',
      ],
      [
        UPDATE,
        { accessTokenId: existing.id, name: 'n', accessPermissions: '{"nope":true}' },
        'accessPermissions',
        'Unknown operation: nope',
      ],
      [
        UPDATE,
        { accessTokenId: existing.id, name: '', accessPermissions: permissions('getSettings') },
        'name',
        'Name is required',
      ],
    ];
    for (const [document, input, field, message] of cases) {
      const res = await t.gql(document, { input }, officer);
      expect([codeOf(res), res.errors?.[0].message]).toEqual(['BAD_USER_INPUT', message]);
      expect(res.errors?.[0].extensions?.fieldErrors?.[field]).toBe(message);
    }
    for (const document of [UPDATE, DELETE]) {
      const input =
        document === UPDATE
          ? { accessTokenId: 987654, name: 'n', accessPermissions: permissions('getSettings') }
          : { accessTokenId: 987654 };
      const res = await t.gql(document, { input }, officer);
      expect([codeOf(res), res.errors?.[0].message]).toEqual(['NOT_FOUND', 'API access token not found']);
    }
    // an update that changes nothing appends nothing either
    const same = await t.gql(
      UPDATE,
      {
        input: {
          accessTokenId: existing.id,
          name: 'Existing',
          accessPermissions: permissions('getSettings'),
        },
      },
      officer,
    );
    expect(same.errors).toBeUndefined();
    expect(await head()).toBe(before);
  });

  it('refuses non-officers', async () => {
    expect(codeOf(await t.gql(LIST, {}, t.token(APPLICANT)))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(LIST))).toBe('UNAUTHENTICATED');
  });

  it('lets only officers call every operation of the module (API token, anonymous, each role)', async () => {
    const { accessToken } = await create('Settings reader', permissions('getSettings'));
    const input = { name: '', accessPermissions: '{}' };
    const cases: AccessCase[] = [
      {
        operation: 'createApiAccessToken',
        document: CREATE,
        variables: { input },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'updateApiAccessToken',
        document: UPDATE,
        variables: { input: { ...input, accessTokenId: 987654 } },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'deleteApiAccessToken',
        document: DELETE,
        variables: { input: { accessTokenId: 987654 } },
        allowed: [Role.USER_OFFICER],
      },
      { operation: 'getAllAccessTokensAndPermissions', document: LIST, allowed: [Role.USER_OFFICER] },
      {
        operation: 'getAccessTokenAndPermissions',
        document: GET,
        variables: { id: 987654 },
        allowed: [Role.USER_OFFICER],
      },
      { operation: 'getAllQueriesAndMutations', document: OPERATIONS, allowed: [Role.USER_OFFICER] },
    ];
    const before = await head();
    expect(await accessMatrix(t, cases, accessToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
