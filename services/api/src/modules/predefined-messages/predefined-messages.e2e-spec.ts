import { Role } from '@user-office/contracts';
import {
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

const FIELDS = 'id title message key lastModifiedBy dateModified';
const LIST = `query($filter: PredefinedMessagesFilter) { getPredefinedMessages(filter: $filter) { ${FIELDS} } }`;
const CREATE = `mutation($input: CreatePredefinedMessageInput!) { createPredefinedMessage(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdatePredefinedMessageInput!) { updatePredefinedMessage(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($input: DeletePredefinedMessageInput!) { deletePredefinedMessage(input: $input) { ${FIELDS} } }`;
const EVENT_LOGS = `query($id: String) {
  getEventLogs(changedObjectId: $id) { eventType changedBy changedById impersonatedById changedObjectId description rowData }
}`;

interface Message {
  id: number;
  title: string;
  message: string;
  key: string;
  lastModifiedBy: number | null;
  dateModified: string;
}

describe.each<TestStore>(moduleStores())('predefined messages end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  const officer = () => t.token({ id: 1 });
  const create = async (input: Record<string, unknown>, token = officer()) => {
    const res = await t.gql<{ createPredefinedMessage: Message }>(CREATE, { input }, token);
    expect(res.errors).toBeUndefined();
    return res.data!.createPredefinedMessage;
  };
  const list = async (filter?: Record<string, unknown> | null) => {
    const res = await t.gql<{ getPredefinedMessages: Message[] }>(
      LIST,
      filter === undefined ? {} : { filter },
      officer(),
    );
    expect(res.errors).toBeUndefined();
    return res.data!.getPredefinedMessages;
  };
  const logsOf = async (id: number) => {
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const res = await t.gql<{ getEventLogs: Record<string, unknown>[] }>(
      EVENT_LOGS,
      { id: String(id) },
      officer(),
    );
    expect(res.errors).toBeUndefined();
    return res.data!.getEventLogs.filter((l) => String(l.eventType).startsWith('PredefinedMessage'));
  };

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
  });
  afterAll(() => t.close());

  it('creates messages (trimmed, general by default) with who and when', async () => {
    const started = Date.now();
    const created = await create({ title: '  Missing sample  ', message: ' Please describe the sample. ' });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Missing sample',
      message: 'Please describe the sample.',
      key: 'general',
      lastModifiedBy: 1,
      dateModified: expect.any(String),
    });
    expect(new Date(created.dateModified).getTime()).toBeGreaterThanOrEqual(started - 5000);
    const manager = await create({ title: 'Reschedule', message: 'We will reschedule.', key: 'manager' });
    expect(manager.key).toBe('manager');
    expect(manager.id).toBeGreaterThan(created.id);
  });

  it('lists the messages of a key by title; general when no filter or key is given', async () => {
    await create({ title: 'Also general', message: 'A' });
    await create({ title: 'For users', message: 'U', key: 'user' });
    await create({ title: 'Budget', message: 'B', key: 'manager' });

    const general = ['Also general', 'Missing sample'];
    expect((await list()).map((m) => m.title)).toEqual(general);
    expect((await list(null)).map((m) => m.title)).toEqual(general);
    expect((await list({})).map((m) => m.title)).toEqual(general);
    expect((await list({ key: null })).map((m) => m.title)).toEqual(general);
    expect((await list({ key: 'general' })).map((m) => m.title)).toEqual(general);
    expect((await list({ key: 'manager' })).map((m) => m.title)).toEqual(['Budget', 'Reschedule']);
    expect((await list({ key: 'user' })).map((m) => [m.title, m.message])).toEqual([['For users', 'U']]);
  });

  it('updates a message, keeping its key unless a new one is given; the log shows each change and who', async () => {
    const message = await create({ title: 'Visa', message: 'Apply early.', key: 'user' });
    const editor = t.token({ id: 7 });
    const updated = await t.gql<{ updatePredefinedMessage: Message }>(
      UPDATE,
      { input: { id: message.id, title: 'Visa letters', message: ' Apply two months ahead. ' } },
      editor,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updatePredefinedMessage).toMatchObject({
      id: message.id,
      title: 'Visa letters',
      message: 'Apply two months ahead.',
      key: 'user',
      lastModifiedBy: 7,
    });

    const impersonating = t.token({ id: 8, impersonatingUserId: 1 });
    const moved = await t.gql<{ updatePredefinedMessage: Message }>(
      UPDATE,
      {
        input: { id: message.id, title: 'Visa letters', message: 'Apply two months ahead.', key: 'general' },
      },
      impersonating,
    );
    expect(moved.data!.updatePredefinedMessage).toMatchObject({ key: 'general', lastModifiedBy: 8 });
    expect((await list({ key: 'user' })).map((m) => m.id)).not.toContain(message.id);
    expect((await list()).find((m) => m.id === message.id)).toMatchObject({ title: 'Visa letters' });

    expect(await logsOf(message.id)).toEqual([
      expect.objectContaining({
        eventType: 'PredefinedMessageCreated',
        changedById: 1,
        changedBy: 'User #1',
        impersonatedById: null,
        changedObjectId: String(message.id),
        description: 'Predefined message "Visa" (user) created',
      }),
      expect.objectContaining({
        eventType: 'PredefinedMessageUpdated',
        changedById: 7,
        changedObjectId: String(message.id),
        description: 'Predefined message "Visa letters" (user) updated',
      }),
      expect.objectContaining({
        eventType: 'PredefinedMessageUpdated',
        changedById: 8,
        impersonatedById: 1,
        description: 'Predefined message "Visa letters" (general) updated',
      }),
    ]);
  });

  it('appends nothing when an update changes nothing', async () => {
    const message = await create({ title: 'Same', message: 'Same text', key: 'manager' });
    const before = await head();
    const res = await t.gql<{ updatePredefinedMessage: Message }>(
      UPDATE,
      { input: { id: message.id, title: ' Same ', message: 'Same text' } },
      officer(),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updatePredefinedMessage).toEqual(message);
    expect(await head()).toBe(before);
  });

  it('deletes a message: returned with who deleted it, gone from the list, logged, then not found', async () => {
    const message = await create({ title: 'Obsolete', message: 'Old text' });
    const res = await t.gql<{ deletePredefinedMessage: Message }>(
      DELETE,
      { input: { id: message.id } },
      t.token({ id: 3 }),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.deletePredefinedMessage).toMatchObject({
      id: message.id,
      title: 'Obsolete',
      message: 'Old text',
      key: 'general',
      lastModifiedBy: 3,
    });
    expect((await list()).map((m) => m.id)).not.toContain(message.id);

    expect((await logsOf(message.id)).map((l) => [l.eventType, l.changedById, l.description])).toEqual([
      ['PredefinedMessageCreated', 1, 'Predefined message "Obsolete" (general) created'],
      ['PredefinedMessageDeleted', 3, `Predefined message #${message.id} deleted`],
    ]);

    const before = await head();
    for (const [document, input] of [
      [DELETE, { id: message.id }],
      [UPDATE, { id: message.id, title: 'Back', message: 'Again' }],
    ] as const) {
      const again = await t.gql(document, { input }, officer());
      expect(again.errors?.[0]).toMatchObject({
        message: 'Predefined message not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    expect(await head()).toBe(before);
  });

  it('rejects bad input with the rule broken and fieldErrors, appending nothing', async () => {
    const existing = await create({ title: 'Kept', message: 'Kept text' });
    const before = await head();

    const noTitle = await t.gql(CREATE, { input: { title: '   ', message: 'text' } }, officer());
    expect(noTitle.errors?.[0]).toMatchObject({
      message: 'Title is required',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { title: 'Title is required' } },
    });

    const neither = await t.gql(CREATE, { input: { title: '', message: ' \n ' } }, officer());
    expect(neither.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { title: 'Title is required', message: 'Message is required' },
    });

    const noMessage = await t.gql(
      UPDATE,
      { input: { id: existing.id, title: 'Kept', message: '' } },
      officer(),
    );
    expect(noMessage.errors?.[0]).toMatchObject({
      message: 'Message is required',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { message: 'Message is required' } },
    });

    const unknown = await t.gql(UPDATE, { input: { id: 999999, title: 't', message: 'm' } }, officer());
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'Predefined message not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const unknownDelete = await t.gql(DELETE, { input: { id: -1 } }, officer());
    expect(unknownDelete.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    expect(await head()).toBe(before);
    expect((await list()).find((m) => m.id === existing.id)).toMatchObject({ message: 'Kept text' });
  });

  it('refuses changes from non-officers', async () => {
    const before = await head();
    const applicant = await t.gql(CREATE, { input: { title: 't', message: 'm' } }, t.token(APPLICANT));
    expect(applicant.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const scientist = await t.gql(
      CREATE,
      { input: { title: 't', message: 'm' } },
      t.token({ id: 4, roles: [Role.INSTRUMENT_SCIENTIST], currentRole: Role.INSTRUMENT_SCIENTIST }),
    );
    expect(scientist.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(LIST, {});
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await head()).toBe(before);
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    const before = await head();
    const cases: AccessCase[] = [
      {
        operation: 'getPredefinedMessages',
        document: LIST,
        variables: { filter: { key: 'manager' } },
        allowed: [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST, Role.FAP_CHAIR, Role.FAP_SECRETARY],
      },
      // invalid or unknown inputs: an officer is let in and gets BAD_USER_INPUT or NOT_FOUND, nothing changes
      {
        operation: 'createPredefinedMessage',
        document: CREATE,
        variables: { input: { title: '', message: '' } },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'updatePredefinedMessage',
        document: UPDATE,
        variables: { input: { id: 999999, title: 't', message: 'm' } },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'deletePredefinedMessage',
        document: DELETE,
        variables: { input: { id: 999999 } },
        allowed: [Role.USER_OFFICER],
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
