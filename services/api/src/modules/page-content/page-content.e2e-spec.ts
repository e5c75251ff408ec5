import { Logger } from '@nestjs/common';
import { Role, pageContentMax } from '@user-office/contracts';
import {
  EVERYONE,
  accessMatrix,
  expectedMatrix,
  type AccessCase,
  apiTokenFor,
} from '../../../test/support/access-matrix';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const GET = `query($pageId: PageName!) { getPageContent(pageId: $pageId) }`;
const SET = `mutation($pageId: PageName!, $content: String!) {
  setPageContent(pageId: $pageId, content: $content) { id content }
}`;
const ADD_CLIENT_LOG = `mutation($error: String!) { addClientLog(error: $error) }`;
const EVENT_LOGS = `query($id: String, $type: String) {
  getEventLogs(changedObjectId: $id, eventType: $type) { eventType changedBy changedById impersonatedById changedObjectId description rowData }
}`;

const XSS =
  '<img src=x onerror=alert(1)><script>bad()</script><p style="color:red;position:fixed">ok</p>' +
  '<a href="javascript:alert(1)">x</a>';
const XSS_SANITISED = '<img src="x" /><p style="color:red">ok</p><a>x</a>';

describe.each<TestStore>(moduleStores())('page content and client logs end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
  });
  afterAll(() => t.close());

  it('serves an empty string for a page never set, to anyone', async () => {
    const res = await t.gql<{ getPageContent: string }>(GET, { pageId: 'LOGINHELPPAGE' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ getPageContent: '' });
  });

  it('stores page content sanitised: the response, later reads and the event hold no script', async () => {
    const officer = t.token({ id: 1 });
    const res = await t.gql(SET, { pageId: 'HELPPAGE', content: XSS }, officer);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ setPageContent: { id: 'HELPPAGE', content: XSS_SANITISED } });

    const anonymous = await t.gql(GET, { pageId: 'HELPPAGE' });
    expect(anonymous.data).toEqual({ getPageContent: XSS_SANITISED });

    const stream = await t.app.get<EventStore>(EVENT_STORE).readStream('page-HELPPAGE');
    expect(stream.map((e) => [e.type, e.data])).toEqual([
      ['PageContentSet', { pageId: 'HELPPAGE', content: XSS_SANITISED }],
    ]);
    expect(JSON.stringify(stream.map((e) => e.data))).not.toMatch(/script|onerror|javascript:|position/);
  });

  it('replaces the content and shows each change and who made it in the event log', async () => {
    const impersonating = t.token({ id: 5, impersonatingUserId: 1 });
    const res = await t.gql(
      SET,
      { pageId: 'HELPPAGE', content: '<h1>Help</h1><p style="text-align:center">Ask us</p>' },
      impersonating,
    );
    expect(res.errors).toBeUndefined();
    const read = await t.gql(GET, { pageId: 'HELPPAGE' }, t.token(APPLICANT));
    expect(read.data).toEqual({ getPageContent: '<h1>Help</h1><p style="text-align:center">Ask us</p>' });

    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{ getEventLogs: Record<string, unknown>[] }>(
      EVENT_LOGS,
      { id: 'HELPPAGE' },
      t.token(),
    );
    expect(logs.errors).toBeUndefined();
    expect(logs.data!.getEventLogs).toEqual([
      expect.objectContaining({
        eventType: 'PageContentSet',
        changedById: 1,
        impersonatedById: null,
        changedObjectId: 'HELPPAGE',
        description: `Content of page HELPPAGE changed (${XSS_SANITISED.length} characters)`,
      }),
      expect.objectContaining({
        eventType: 'PageContentSet',
        changedById: 5,
        impersonatedById: 1,
        changedObjectId: 'HELPPAGE',
      }),
    ]);
    expect(JSON.parse(logs.data!.getEventLogs[1].rowData as string)).toEqual({
      pageId: 'HELPPAGE',
      content: '<h1>Help</h1><p style="text-align:center">Ask us</p>',
    });
  });

  it('keeps pages apart and appends nothing when the content does not change', async () => {
    await t.gql(SET, { pageId: 'FOOTERCONTENT', content: '<p>Footer</p>' }, t.token());
    const before = await head();
    const same = await t.gql(
      SET,
      { pageId: 'FOOTERCONTENT', content: '<p onclick="x()">Footer</p>' },
      t.token(),
    );
    expect(same.errors).toBeUndefined();
    expect(same.data).toEqual({ setPageContent: { id: 'FOOTERCONTENT', content: '<p>Footer</p>' } });
    expect(await head()).toBe(before);
    const privacy = await t.gql(GET, { pageId: 'PRIVACYPAGE' });
    expect(privacy.data).toEqual({ getPageContent: '' });
  });

  it('rejects content that is too long, before or after sanitising, appending nothing', async () => {
    const before = await head();
    const tooLong = await t.gql(
      SET,
      { pageId: 'COOKIEPAGE', content: 'x'.repeat(pageContentMax + 1) },
      t.token(),
    );
    expect(tooLong.errors?.[0]).toMatchObject({
      message: 'Content is too long',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { content: 'Content is too long' } },
    });
    // within the limit as sent, over it once `<` is escaped to `&lt;`
    const escaped = await t.gql(
      SET,
      { pageId: 'COOKIEPAGE', content: '<'.repeat(pageContentMax) },
      t.token(),
    );
    expect(escaped.errors?.[0]).toMatchObject({
      message: 'Content is too long',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await head()).toBe(before);
    expect((await t.gql(GET, { pageId: 'COOKIEPAGE' })).data).toEqual({ getPageContent: '' });
  });

  it('refuses page changes from non-officers', async () => {
    const before = await head();
    const applicant = await t.gql(SET, { pageId: 'HOMEPAGE', content: 'x' }, t.token(APPLICANT));
    expect(applicant.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(SET, { pageId: 'HOMEPAGE', content: 'x' });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await head()).toBe(before);
  });

  describe('addClientLog', () => {
    let warn: jest.SpyInstance;
    beforeEach(() => {
      warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    });
    afterEach(() => warn.mockRestore());

    it('logs a client error with the reporting user and appends nothing', async () => {
      const before = await head();
      const res = await t.gql(
        ADD_CLIENT_LOG,
        { error: 'TypeError: x is undefined' },
        t.token({ id: 42, roles: [Role.USER], currentRole: Role.USER }),
      );
      expect(res).toEqual({ data: { addClientLog: true } });
      expect(warn).toHaveBeenCalledWith('Client error reported by user 42 (USER): TypeError: x is undefined');
      expect(await head()).toBe(before);
    });

    it('accepts reports without a session and truncates long ones to 10000 characters', async () => {
      const res = await t.gql(ADD_CLIENT_LOG, { error: 'e'.repeat(20000) });
      expect(res).toEqual({ data: { addClientLog: true } });
      const message = warn.mock.calls.at(-1)?.[0] as string;
      expect(message.startsWith('Client error reported by anonymous: ')).toBe(true);
      expect(message.match(/e+/g)?.reduce((n, run) => Math.max(n, run.length), 0)).toBe(10000);
      expect(message.endsWith('… [truncated]')).toBe(true);
    });
  });

  it('lets exactly the expected callers through each operation', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const cases: AccessCase[] = [
      {
        operation: 'getPageContent',
        document: GET,
        variables: { pageId: 'GRADEGUIDEPAGE' },
        allowed: EVERYONE,
      },
      {
        operation: 'setPageContent',
        document: SET,
        // too long: an officer gets BAD_USER_INPUT, so the matrix appends nothing
        variables: { pageId: 'GRADEGUIDEPAGE', content: 'x'.repeat(pageContentMax + 1) },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'addClientLog',
        document: ADD_CLIENT_LOG,
        variables: { error: 'matrix' },
        allowed: EVERYONE,
      },
    ];
    try {
      expect(await accessMatrix(t, cases, await apiTokenFor(t))).toEqual(expectedMatrix(cases, true));
    } finally {
      warn.mockRestore();
    }
  });
});
