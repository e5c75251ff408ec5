import { Kind, type DocumentNode } from 'graphql';
import { createDataProvider } from './data-provider';
import type { GraphqlTransport } from './graphql-transport';
import {
  outcomeText,
  waitedFor,
  type StatusActionsLogRow,
} from '../resources/status-actions-logs/components/StatusActionsLogList';

interface Sent {
  operation: string;
  variables: Record<string, unknown>;
}

/** A transport that records each operation (its root field) and answers from `answer`. */
function recording(answer: (field: string, variables: Record<string, unknown>) => unknown) {
  const sent: Sent[] = [];
  const field = (doc: DocumentNode) => {
    const definition = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    const selection = definition?.selectionSet.selections[0];
    return selection?.kind === Kind.FIELD ? selection.name.value : '';
  };
  const respond = (doc: DocumentNode, variables: Record<string, unknown> = {}) => {
    const operation = field(doc);
    sent.push({ operation, variables });
    return Promise.resolve({ data: { [operation]: answer(operation, variables) } as never });
  };
  const transport = {
    query: ({ query, variables }: { query: DocumentNode; variables?: Record<string, unknown> }) =>
      respond(query, variables),
    mutate: ({ mutation, variables }: { mutation: DocumentNode; variables?: Record<string, unknown> }) =>
      respond(mutation, variables),
  } as unknown as GraphqlTransport;
  return { transport, sent };
}

const call = (id: number, shortCode: string, startCall: string) => ({
  id,
  shortCode,
  startCall,
  templateId: 1,
});

describe('the console data provider: the administration pages → their §7 operations', () => {
  it('Calls: getList → getCalls with the "Show" choice, sorted and paged here; getOne, create, update, delete', async () => {
    const calls = [
      { ...call(1, 'B', '2024-01-01'), faps: [{ id: 7, code: 'FAP-7' }] },
      call(2, 'A', '2025-01-01'),
      call(3, 'C', '2023-01-01'),
    ];
    const { transport, sent } = recording((op, v) =>
      op === 'getCalls'
        ? calls
        : op === 'getCall'
          ? calls[0]
          : op === 'deleteCall'
            ? { id: v.callId }
            : calls[1],
    );
    const provider = createDataProvider(transport);
    const page = await provider.getList('Calls', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'startCall', order: 'DESC' },
      filter: { state: 'ended' },
    });
    expect(sent[0]).toEqual({
      operation: 'getCalls',
      variables: { filter: { isEnded: true } },
    });
    // each with its panels' ids for the form's FAP multi-select
    expect(page).toEqual({
      data: [
        { ...calls[1], fapIds: [] },
        { ...calls[0], fapIds: [7] },
      ],
      total: 3,
    });
    // the pickers' own booleans
    await provider.getList('Calls', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { isActive: true },
    });
    expect(sent[1].variables).toEqual({ filter: { isActive: true } });

    await provider.getOne('Calls', { id: 1 });
    expect(sent[2]).toEqual({ operation: 'getCall', variables: { callId: 1 } });

    const data = {
      shortCode: 'C1',
      title: '',
      startCall: '2025-01-01T00:00:00.000Z',
      endCall: '2025-02-01T00:00:00.000Z',
      proposalWorkflowId: 1,
      templateId: 2,
      allocationTimeUnit: 'Day',
      cycleComment: 'c',
      surveyComment: 's',
      proposalCount: 4, // not an input field: dropped
      faps: [{ id: 7, code: 'FAP-7' }], // the panels as read: dropped; fapIds are sent as faps
      fapIds: [7, 9],
    };
    await provider.create('Calls', { data });
    expect(sent[3].operation).toBe('createCall');
    expect(sent[3].variables.input).toMatchObject({
      shortCode: 'C1',
      title: null,
      templateId: 2,
      endCallInternal: null,
      faps: [7, 9],
    });
    expect(sent[3].variables.input).not.toHaveProperty('proposalCount');
    expect(sent[3].variables.input).not.toHaveProperty('fapIds');
    await provider.update('Calls', { id: 2, data, previousData: calls[1] });
    expect(sent[4]).toMatchObject({
      operation: 'updateCall',
      variables: { input: { id: 2, shortCode: 'C1' } },
    });
    await provider.delete('Calls', { id: 3 });
    expect(sent[5]).toEqual({ operation: 'deleteCall', variables: { callId: 3 } });
  });

  it('StatusActionsLogs: all / successful / failed as statusActionsSuccessful; search from 3 characters; 20 a page', async () => {
    const { transport, sent } = recording(() => ({ totalCount: 0, statusActionsLogs: [] }));
    const provider = createDataProvider(transport);
    const list = (filter: Record<string, unknown>) =>
      provider.getList('StatusActionsLogs', {
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'timestamp', order: 'DESC' },
        filter,
      });
    await list({ statusActionsSuccessful: 'false', searchText: 'ab' });
    await list({ statusActionsSuccessful: 'true', searchText: 'abc' });
    await list({});
    expect(sent.map((s) => s.variables)).toEqual([
      {
        filter: { statusActionsSuccessful: false },
        searchText: undefined,
        first: 20,
        offset: 20,
        sortField: 'timestamp',
        sortDirection: 'DESC',
      },
      {
        filter: { statusActionsSuccessful: true },
        searchText: 'abc',
        first: 20,
        offset: 20,
        sortField: 'timestamp',
        sortDirection: 'DESC',
      },
      {
        filter: {},
        searchText: undefined,
        first: 20,
        offset: 20,
        sortField: 'timestamp',
        sortDirection: 'DESC',
      },
    ]);
    expect(new Set(sent.map((s) => s.operation))).toEqual(new Set(['getStatusActionsLogs']));
  });

  it('StatusActionsLogs: "waiting to run" lists the owed actions not run yet (PENDING, RUNNING), with their age', async () => {
    const { transport, sent } = recording(() => ({ totalCount: 0, statusActionsLogs: [] }));
    await createDataProvider(transport).getList('StatusActionsLogs', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'timestamp', order: 'DESC' },
      filter: { statusActionsSuccessful: 'waiting' },
    });
    expect(sent[0].variables).toMatchObject({ filter: { states: ['PENDING', 'RUNNING'] } });
    const t = (key: string, options?: { age: string }) =>
      `${key}${options ? ` ${JSON.stringify(options)}` : ''}`;
    const row = { successful: false, waitingSeconds: 200 } as StatusActionsLogRow;
    expect(outcomeText({ ...row, state: 'PENDING' }, t)).toBe(
      'console.statusActionsLogs.pending {"age":"3 min"}',
    );
    expect(outcomeText({ ...row, state: 'RUNNING', waitingSeconds: 7 }, t)).toBe(
      'console.statusActionsLogs.running {"age":"7 s"}',
    );
    expect(outcomeText({ ...row, state: 'FAILED' }, t)).toBe('console.statusActionsLogs.failed');
    expect(waitedFor(7300)).toBe('2 h');
  });

  it('DownstreamMessages: all / published / waiting / failed as states; search from 3 characters; 20 a page', async () => {
    const { transport, sent } = recording(() => ({
      totalCount: 1,
      downstreamMessages: [{ messageKey: 'e1-PROPOSAL_DELETED', type: 'PROPOSAL_DELETED' }],
    }));
    const provider = createDataProvider(transport);
    const list = (filter: Record<string, unknown>) =>
      provider.getList('DownstreamMessages', {
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'timestamp', order: 'DESC' },
        filter,
      });
    const { data, total } = await list({});
    await list({ show: 'waiting', searchText: 'ab' });
    await list({ show: 'published', searchText: 'proposal' });
    await list({ show: 'failed', types: ['INSTRUMENT_DELETED'] });
    expect(data).toEqual([
      { id: 'e1-PROPOSAL_DELETED', messageKey: 'e1-PROPOSAL_DELETED', type: 'PROPOSAL_DELETED' },
    ]);
    expect(total).toBe(1);
    expect(sent.map((s) => s.variables)).toEqual([
      { filter: {}, searchText: undefined, first: 20, offset: 20 },
      { filter: { states: ['PENDING', 'RUNNING'] }, searchText: undefined, first: 20, offset: 20 },
      { filter: { states: ['SUCCESSFUL'] }, searchText: 'proposal', first: 20, offset: 20 },
      {
        filter: { states: ['FAILED'], types: ['INSTRUMENT_DELETED'] },
        searchText: undefined,
        first: 20,
        offset: 20,
      },
    ]);
    expect(new Set(sent.map((s) => s.operation))).toEqual(new Set(['getDownstreamMessages']));
  });

  it('the commands: replay, roles, impersonation, invitation, merge, units import and export', async () => {
    const { transport, sent } = recording(
      (op) =>
        ({
          replayStatusActionsLog: true,
          updateUserRoles: { id: 5, roles: [] },
          getTokenForUser: 'token-of-5',
          createUserByEmailInvite: 12,
          mergeInstitutions: { id: 2 },
          getUnitsAsJson: '{"version":"1.0.0","units":[]}',
          validateUnitsImport: { errors: [], json: '{}', version: '1.0.0', exportDate: null, units: [] },
          importUnits: [{ id: 'furlong' }],
        })[op],
    );
    const provider = createDataProvider(transport);
    await provider.replayStatusActionsLog(7);
    await provider.updateUserRoles(5, [1, 2]);
    expect(await provider.impersonate(5)).toBe('token-of-5');
    expect(
      await provider.inviteUser({ firstname: 'A', lastname: 'B', email: 'a@b.se', userRole: 'USER' }),
    ).toBe(12);
    await provider.mergeInstitutions(1, 2, 'Lund University');
    expect(await provider.unitsAsJson()).toContain('1.0.0');
    await provider.validateUnitsImport('{"units":[]}');
    expect(await provider.importUnits('{}', [{ itemId: 'furlong', strategy: 'USE_NEW' }])).toEqual([
      'furlong',
    ]);
    expect(sent).toEqual([
      { operation: 'replayStatusActionsLog', variables: { statusActionsLogId: 7 } },
      { operation: 'updateUserRoles', variables: { id: 5, roles: [1, 2] } },
      { operation: 'getTokenForUser', variables: { userId: 5 } },
      {
        operation: 'createUserByEmailInvite',
        variables: { firstname: 'A', lastname: 'B', email: 'a@b.se', userRole: 'USER' },
      },
      {
        operation: 'mergeInstitutions',
        variables: { institutionIdFrom: 1, institutionIdInto: 2, newTitle: 'Lund University' },
      },
      { operation: 'getUnitsAsJson', variables: {} },
      { operation: 'validateUnitsImport', variables: { unitsAsJson: '{"units":[]}' } },
      {
        operation: 'importUnits',
        variables: { json: '{}', conflictResolutions: [{ itemId: 'furlong', strategy: 'USE_NEW' }] },
      },
    ]);
  });

  it('People: getUsers with the search from 3 characters, the role and the sort; getUser; deleteUser; getRoles', async () => {
    const { transport, sent } = recording((op) =>
      op === 'getUsers'
        ? { totalCount: 31, users: [{ id: 1, firstname: 'A', lastname: 'B' }] }
        : op === 'getUser'
          ? { id: 1, roles: [] }
          : op === 'getRoles'
            ? [{ id: 1, shortCode: 'USER', title: 'User' }]
            : { id: 1 },
    );
    const provider = createDataProvider(transport);
    const page = await provider.getList('People', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'lastname', order: 'ASC' },
      filter: { q: 'al', userRole: 'USER_OFFICER' },
    });
    await provider.getList('People', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'lastname', order: 'DESC' },
      filter: { q: 'alice' },
    });
    await provider.getOne('People', { id: 1 });
    await provider.delete('People', { id: 1 });
    await provider.getList('Roles', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(page.total).toBe(31);
    expect(sent).toEqual([
      {
        operation: 'getUsers',
        variables: {
          filter: undefined,
          first: 10,
          offset: 20,
          userRole: 'USER_OFFICER',
          orderBy: 'lastname',
          orderDirection: 'ASC',
        },
      },
      {
        operation: 'getUsers',
        variables: {
          filter: 'alice',
          first: 10,
          offset: 0,
          userRole: undefined,
          orderBy: 'lastname',
          orderDirection: 'DESC',
        },
      },
      { operation: 'getUser', variables: { userId: 1 } },
      { operation: 'deleteUser', variables: { id: 1 } },
      { operation: 'getRoles', variables: {} },
    ]);
  });

  it('Institutions, Countries, Units, Quantities, Settings, Features, PageEditor: their operations and arguments', async () => {
    const answers: Record<string, unknown> = {
      getInstitutions: [{ id: 1, name: 'Lund', rorId: null, country: { id: 3, value: 'Sweden' } }],
      createInstitution: { id: 2, name: 'Uppsala', rorId: '0abcde123', country: { id: 3, value: 'Sweden' } },
      updateInstitution: { id: 2, name: 'Uppsala', rorId: null, country: { id: 3, value: 'Sweden' } },
      deleteInstitution: { id: 2 },
      getCountries: [{ id: 3, value: 'Sweden' }],
      getUnits: [
        { id: 'meter', unit: 'meter', quantity: 'length', symbol: 'm', siConversionFormula: 'x' },
        { id: 'second', unit: 'second', quantity: 'time', symbol: 's', siConversionFormula: 'x' },
      ],
      createUnit: { id: 'furlong' },
      deleteUnit: { id: 'furlong' },
      getQuantities: [{ id: 'length' }],
      getSettings: [{ id: 'TIMEZONE', settingsValue: 'UTC', description: '' }],
      updateSettings: { id: 'TIMEZONE', settingsValue: 'Europe/Stockholm', description: '' },
      getFeatures: [{ id: 'EMAIL_INVITE', isEnabled: false, description: '' }],
      updateFeatures: [{ id: 'EMAIL_INVITE', isEnabled: true, description: '' }],
      getPageContent: '<p>Hello</p>',
      setPageContent: { id: 'HELPPAGE', content: '<p>Help</p>' },
    };
    const { transport, sent } = recording((op) => answers[op]);
    const provider = createDataProvider(transport);
    const all = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

    const institutions = await provider.getList('Institutions', { ...all, filter: { q: 'Lu' } });
    expect(institutions.data[0]).toMatchObject({ countryId: 3, countryName: 'Sweden' });
    await provider.create('Institutions', {
      data: { name: 'Uppsala', countryId: '3', rorId: ' 0abcde123 ' },
    });
    await provider.update('Institutions', {
      id: 2,
      data: { name: 'Uppsala', countryId: 3, rorId: '' },
      previousData: {},
    });
    await provider.delete('Institutions', { id: 2 });
    await provider.getList('Countries', { ...all, filter: {} });
    const units = await provider.getList('Units', { ...all, filter: { q: 'time' } });
    expect(units.data.map((u) => u.id)).toEqual(['second']);
    await provider.create('Units', {
      data: {
        id: ' furlong ',
        unit: 'furlong',
        quantity: 'length',
        symbol: 'fur',
        siConversionFormula: 'x * 201.168',
      },
    });
    await provider.delete('Units', { id: 'furlong' });
    await provider.getList('Quantities', { ...all, filter: {} });
    await provider.getList('Settings', { ...all, filter: {} });
    await provider.update('Settings', {
      id: 'TIMEZONE',
      data: { settingsValue: 'Europe/Stockholm' },
      previousData: {},
    });
    await provider.getList('Features', { ...all, filter: {} });
    const feature = await provider.update('Features', {
      id: 'EMAIL_INVITE',
      data: { isEnabled: true },
      previousData: {},
    });
    expect(feature.data).toMatchObject({ isEnabled: true });
    const page = await provider.getOne('PageEditor', { id: 'HOMEPAGE' });
    expect(page.data).toEqual({ id: 'HOMEPAGE', content: '<p>Hello</p>' });
    await provider.update('PageEditor', {
      id: 'HELPPAGE',
      data: { content: '<p>Help</p>' },
      previousData: {},
    });

    expect(sent).toEqual([
      { operation: 'getInstitutions', variables: { filter: { name: 'Lu' } } },
      { operation: 'createInstitution', variables: { name: 'Uppsala', country: 3, rorId: '0abcde123' } },
      { operation: 'updateInstitution', variables: { id: 2, name: 'Uppsala', country: 3, rorId: null } },
      { operation: 'deleteInstitution', variables: { id: 2 } },
      { operation: 'getCountries', variables: {} },
      { operation: 'getUnits', variables: {} },
      {
        operation: 'createUnit',
        variables: {
          id: 'furlong',
          unit: 'furlong',
          quantity: 'length',
          symbol: 'fur',
          siConversionFormula: 'x * 201.168',
        },
      },
      { operation: 'deleteUnit', variables: { id: 'furlong' } },
      { operation: 'getQuantities', variables: {} },
      { operation: 'getSettings', variables: {} },
      {
        operation: 'updateSettings',
        variables: { input: { settingsId: 'TIMEZONE', settingsValue: 'Europe/Stockholm' } },
      },
      { operation: 'getFeatures', variables: {} },
      {
        operation: 'updateFeatures',
        variables: { input: { featureIds: ['EMAIL_INVITE'], action: 'ENABLE' } },
      },
      { operation: 'getPageContent', variables: { pageId: 'HOMEPAGE' } },
      { operation: 'setPageContent', variables: { pageId: 'HELPPAGE', content: '<p>Help</p>' } },
    ]);
  });

  it('API access tokens, their operations, predefined messages and event logs', async () => {
    const answers: Record<string, unknown> = {
      getAllAccessTokensAndPermissions: [
        { id: 1, name: 'T', accessToken: '********', accessPermissions: '{}' },
      ],
      createApiAccessToken: {
        id: 2,
        name: 'New',
        accessToken: 'secret-token',
        accessPermissions: '{"getCalls":true}',
      },
      updateApiAccessToken: {
        id: 2,
        name: 'New',
        accessToken: '********',
        accessPermissions: '{"getCalls":true}',
      },
      deleteApiAccessToken: true,
      getAllQueriesAndMutations: { queries: ['getCalls'], mutations: ['createCall'] },
      getPredefinedMessages: [
        { id: 1, title: 'Welcome', message: 'Hello', key: 'user' },
        { id: 2, title: 'Thanks', message: 'Bye', key: 'user' },
      ],
      createPredefinedMessage: { id: 3 },
      updatePredefinedMessage: { id: 3 },
      deletePredefinedMessage: { id: 3 },
      getEventLogs: [
        { id: 'a', eventTStamp: '2024-01-01T00:00:00Z' },
        { id: 'b', eventTStamp: '2025-01-01T00:00:00Z' },
      ],
    };
    const { transport, sent } = recording((op) => answers[op]);
    const provider = createDataProvider(transport);
    const all = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

    await provider.getList('ApiAccessTokens', { ...all, filter: {} });
    const created = await provider.create('ApiAccessTokens', {
      data: { name: ' New ', accessPermissions: '{"getCalls":true}' },
    });
    expect(created.data.accessToken).toBe('secret-token');
    await provider.update('ApiAccessTokens', {
      id: 2,
      data: { name: 'New', accessPermissions: '{"getCalls":true}' },
      previousData: {},
    });
    await provider.delete('ApiAccessTokens', { id: 2 });
    const operations = await provider.getList('ApiOperations', { ...all, filter: {} });
    expect(operations.data).toEqual([
      { id: 'getCalls', kind: 'query' },
      { id: 'createCall', kind: 'mutation' },
    ]);
    const messages = await provider.getList('PredefinedMessages', {
      ...all,
      sort: { field: 'title', order: 'ASC' },
      filter: { key: 'user', q: 'hel' },
    });
    expect(messages.data.map((m) => m.id)).toEqual([1]);
    await provider.create('PredefinedMessages', {
      data: { title: ' Hi ', message: 'There', key: 'manager' },
    });
    await provider.update('PredefinedMessages', {
      id: 3,
      data: { title: 'Hi', message: 'There', key: 'manager' },
      previousData: {},
    });
    await provider.delete('PredefinedMessages', { id: 3 });
    const events = await provider.getList('EventLogs', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'eventTStamp', order: 'DESC' },
      filter: { changedObjectId: ' 12 ', eventType: '' },
    });
    expect(events.data.map((e) => e.id)).toEqual(['b', 'a']);

    expect(sent).toEqual([
      { operation: 'getAllAccessTokensAndPermissions', variables: {} },
      {
        operation: 'createApiAccessToken',
        variables: { input: { name: 'New', accessPermissions: '{"getCalls":true}' } },
      },
      {
        operation: 'updateApiAccessToken',
        variables: { input: { accessTokenId: 2, name: 'New', accessPermissions: '{"getCalls":true}' } },
      },
      { operation: 'deleteApiAccessToken', variables: { input: { accessTokenId: 2 } } },
      { operation: 'getAllQueriesAndMutations', variables: {} },
      { operation: 'getPredefinedMessages', variables: { filter: { key: 'user' } } },
      {
        operation: 'createPredefinedMessage',
        variables: { input: { title: 'Hi', message: 'There', key: 'manager' } },
      },
      {
        operation: 'updatePredefinedMessage',
        variables: { input: { id: 3, title: 'Hi', message: 'There', key: 'manager' } },
      },
      { operation: 'deletePredefinedMessage', variables: { input: { id: 3 } } },
      { operation: 'getEventLogs', variables: { changedObjectId: '12', eventType: undefined } },
    ]);
  });
});
