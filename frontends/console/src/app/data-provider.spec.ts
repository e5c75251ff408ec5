import { Kind, type DocumentNode } from 'graphql';
import { createDataProvider } from './data-provider';
import type { GraphqlTransport } from './graphql-transport';

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

const views = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => ({
    primaryKey: from + i,
    proposalId: String(from + i),
    title: 't',
  }));

describe('the console data provider: each react-admin call → its §7 operation', () => {
  it('Proposals getList → getProposalsCore with the §2 filters, a chunk of 200, search from 3 characters', async () => {
    const { transport, sent } = recording(() => ({ totalCount: 450, proposalViews: views(200) }));
    const provider = createDataProvider(transport);
    const page = await provider.getList('Proposals', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'title', order: 'ASC' },
      filter: {
        search: 'ic',
        call: 4,
        proposalStatus: 2,
        questionId: 'q1',
        compareOperator: 'GREATER_THAN',
        value: '5',
        dataType: 'NUMBER_INPUT',
      },
    });
    expect(sent).toEqual([
      {
        operation: 'getProposalsCore',
        variables: {
          filter: {
            callId: 4,
            proposalStatusId: 2,
            questionFilter: {
              questionId: 'q1',
              compareOperator: 'GREATER_THAN',
              dataType: 'NUMBER_INPUT',
              value: '5',
            },
          },
          first: 200,
          offset: 0,
          searchText: undefined,
          sortField: 'title',
          sortDirection: 'ASC',
          allowEstimatedCount: true,
        },
      },
    ]);
    expect(page.data).toHaveLength(20);
    expect(page.data[0]).toMatchObject({ id: 1, primaryKey: 1 });
    expect(page.total).toBe(450);
  });

  it('serves the pages of a loaded chunk from it, fetches the next chunk when paging past it, and offers every prefetched row', async () => {
    const { transport, sent } = recording((_f, v) => ({
      totalCount: 450,
      proposalViews: views(200, Number(v.offset) + 1),
    }));
    const provider = createDataProvider(transport);
    const params = (page: number) => ({
      pagination: { page, perPage: 20 },
      sort: { field: 'primaryKey', order: 'DESC' as const },
      filter: { search: 'spin ice' },
    });
    await provider.getList('Proposals', params(1));
    const second = await provider.getList('Proposals', params(2));
    expect(sent).toHaveLength(1);
    expect(sent[0].variables).toMatchObject({
      searchText: 'spin ice',
      filter: { excludeProposalStatusIds: [9] },
    });
    expect(second.data.map((r) => r.id)).toEqual(views(20, 21).map((v) => v.primaryKey));
    const eleventh = await provider.getList('Proposals', params(11));
    expect(sent).toHaveLength(2);
    expect(sent[1].variables).toMatchObject({ first: 200, offset: 200 });
    expect(eleventh.data[0].id).toBe(201);
    expect((eleventh.meta as { prefetchedIds: number[] }).prefetchedIds).toHaveLength(400);
  });

  it('asking again for the page last shown (a refresh, the table opened again) fetches it again, with what others added', async () => {
    let total = 1;
    const { transport, sent } = recording(() => ({ totalCount: total, proposalViews: views(total) }));
    const provider = createDataProvider(transport);
    const params = (page: number) => ({
      pagination: { page, perPage: 1 },
      sort: { field: 'primaryKey', order: 'DESC' as const },
      filter: {},
    });
    expect((await provider.getList('Proposals', params(1))).total).toBe(1);
    total = 2; // another applicant submits
    const again = await provider.getList('Proposals', params(1));
    expect(sent).toHaveLength(2);
    expect(again.total).toBe(2);
    // paging to another page and back is served from the chunk
    await provider.getList('Proposals', params(2));
    await provider.getList('Proposals', params(1));
    expect(sent).toHaveLength(2);
  });

  it('says when the total is estimated; the exact count is one request, shown by the refresh that follows without fetching the rows', async () => {
    // the count's document asks for no rows (first: 0 in the document itself)
    const { transport, sent } = recording((_field, v) =>
      v.first === undefined
        ? { totalCount: 50_127, proposalViews: [] }
        : { totalCount: 50_000, totalCountEstimated: true, proposalViews: views(200) },
    );
    const provider = createDataProvider(transport);
    const params = {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'primaryKey', order: 'DESC' as const },
      filter: { search: 'neutron' },
    };
    const estimated = await provider.getList('Proposals', params);
    expect(estimated.total).toBe(50_000);
    expect(estimated.meta).toMatchObject({ totalEstimated: true });
    expect(await provider.countProposalsExactly(params)).toBe(50_127);
    expect(sent[1]).toEqual({
      operation: 'getProposalsCore',
      variables: { filter: { excludeProposalStatusIds: [9] }, searchText: 'neutron' },
    });
    const refreshed = await provider.getList('Proposals', params);
    expect(sent).toHaveLength(2);
    expect(refreshed.total).toBe(50_127);
    expect(refreshed.meta).toMatchObject({ totalEstimated: false });
    // the next chunk's estimate does not replace the exact count
    const later = await provider.getList('Proposals', { ...params, pagination: { page: 11, perPage: 20 } });
    expect(sent).toHaveLength(3);
    expect(later.total).toBe(50_127);
  });

  it('a command forgets the prefetched rows: the next page is fetched again', async () => {
    const { transport, sent } = recording((field) =>
      field === 'getProposalsCore'
        ? { totalCount: 1, proposalViews: views(1) }
        : [{ primaryKey: 1, statusId: 3 }],
    );
    const provider = createDataProvider(transport);
    const params = {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'primaryKey', order: 'DESC' as const },
      filter: {},
    };
    await provider.getList('Proposals', params);
    await provider.changeProposalsStatus([1, 2], 3);
    await provider.getList('Proposals', params);
    expect(sent.map((s) => s.operation)).toEqual([
      'getProposalsCore',
      'changeProposalsStatus',
      'getProposalsCore',
    ]);
    expect(sent[1].variables).toEqual({ proposalPks: [1, 2], statusId: 3 });
  });

  it('getOne → getProposal(primaryKey); delete and deleteMany → deleteProposal(proposalPk) per record', async () => {
    const { transport, sent } = recording((field, v) =>
      field === 'getProposal'
        ? { primaryKey: v.primaryKey, questionary: null }
        : { primaryKey: v.proposalPk },
    );
    const provider = createDataProvider(transport);
    expect((await provider.getOne('Proposals', { id: 7 })).data).toMatchObject({ id: 7 });
    await provider.deleteMany('Proposals', { ids: [7, 8] });
    expect(sent).toEqual([
      { operation: 'getProposal', variables: { primaryKey: 7 } },
      { operation: 'deleteProposal', variables: { proposalPk: 7 } },
      { operation: 'deleteProposal', variables: { proposalPk: 8 } },
    ]);
  });

  it('the commands: notifyProposal, cloneProposals, administrationProposal, select-all by getProposalCoreBasic', async () => {
    const { transport, sent } = recording((field) =>
      field === 'cloneProposals'
        ? [{ primaryKey: 9 }]
        : field === 'getProposalCoreBasic'
          ? [{ primaryKey: 5 }]
          : {},
    );
    const provider = createDataProvider(transport);
    await provider.notifyProposal(3);
    expect(await provider.cloneProposals(2, [3])).toBe(1);
    await provider.administrationProposal({
      proposalPk: 3,
      finalStatus: 'ACCEPTED',
      managementDecisionSubmitted: true,
    });
    expect(await provider.allProposalPks({ search: 'ab', proposalStatus: 4 })).toEqual([5]);
    expect(sent).toEqual([
      { operation: 'notifyProposal', variables: { proposalPk: 3 } },
      { operation: 'cloneProposals', variables: { callId: 2, proposalsToClonePk: [3] } },
      {
        operation: 'administrationProposal',
        variables: { proposalPk: 3, finalStatus: 'ACCEPTED', managementDecisionSubmitted: true },
      },
      {
        operation: 'getProposalCoreBasic',
        variables: { filter: { proposalStatusId: 4 }, searchText: undefined },
      },
    ]);
  });

  it("the instrument scientist's table (permanent filter scope) → getInstrumentScientistProposals with the reviewer and instrument filters", async () => {
    const { transport, sent } = recording(() => ({ totalCount: 1, proposalViews: views(1) }));
    const provider = createDataProvider(transport);
    const page = await provider.getList('Proposals', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'technicalReviewAssignee', order: 'ASC' },
      filter: { scope: 'INSTRUMENT_SCIENTIST', reviewer: 'ME', instrument: 'multi', proposalStatus: 2 },
    });
    expect(page.data[0]).toMatchObject({ id: 1 });
    expect(sent).toEqual([
      {
        operation: 'getInstrumentScientistProposals',
        variables: {
          filter: {
            proposalStatusId: 2,
            reviewer: 'ME',
            instrumentFilter: { showMultiInstrumentProposals: true, showAllProposals: false },
          },
          first: 200,
          offset: 0,
          searchText: undefined,
          sortField: 'technicalReviewAssignee',
          sortDirection: 'ASC',
        },
      },
    ]);
    // the officer's table with one instrument, sorted by instrument
    await provider.getList('Proposals', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'instrument', order: 'DESC' },
      filter: { instrument: 7 },
    });
    expect(sent[1]).toMatchObject({
      operation: 'getProposalsCore',
      variables: {
        filter: {
          instrumentFilter: { instrumentId: 7, showAllProposals: false },
          excludeProposalStatusIds: [9],
        },
        sortField: 'instrument',
      },
    });
    // the selection's rows, whatever page they were loaded on
    expect((await provider.loadedProposals([1, 99])).map((r) => r.id)).toEqual([1]);
  });

  it('the technical review commands: assign to instruments, submit, reassign, and the staff of instruments', async () => {
    const { transport, sent } = recording((field, v) => {
      if (field === 'getInstrumentsByIds')
        return [
          {
            id: 4,
            name: 'D22',
            managerUserId: 8,
            scientists: [{ id: 5, firstname: 'Sam', lastname: 'Sci', preferredname: null }],
          },
        ];
      if (field === 'getBasicUserDetails')
        return { id: v.userId, firstname: 'Mia', lastname: 'Manager', preferredname: null };
      if (field === 'updateTechnicalReviewAssignee') return [];
      return true;
    });
    const provider = createDataProvider(transport);
    await provider.assignProposalsToInstruments([1, 2], []);
    await provider.submitTechnicalReviews([
      { proposalPk: 1, instrumentId: 4, reviewerId: 3, submitted: true },
    ]);
    await provider.updateTechnicalReviewAssignee(5, [1], 4);
    expect(await provider.instrumentStaff([4])).toEqual([
      {
        id: 4,
        name: 'D22',
        staff: [
          { id: 8, name: 'Mia Manager' },
          { id: 5, name: 'Sam Sci' },
        ],
      },
    ]);
    expect(sent).toEqual([
      { operation: 'assignProposalsToInstruments', variables: { proposalPks: [1, 2], instrumentIds: [] } },
      {
        operation: 'submitTechnicalReviews',
        variables: { technicalReviews: [{ proposalPk: 1, instrumentId: 4, reviewerId: 3, submitted: true }] },
      },
      {
        operation: 'updateTechnicalReviewAssignee',
        variables: { userId: 5, proposalPks: [1], instrumentId: 4 },
      },
      { operation: 'getInstrumentsByIds', variables: { instrumentIds: [4] } },
      { operation: 'getBasicUserDetails', variables: { userId: 8 } },
    ]);
  });

  it('TechniqueProposals getList → getTechniqueScientistProposals (5 a page, technique, instrument, the days in the facility zone)', async () => {
    const { transport, sent } = recording((field) =>
      field === 'getTechniqueScientistProposals' ? { totalCount: 6, proposalViews: views(5) } : [],
    );
    const provider = createDataProvider(transport);
    const page = await provider.getList('TechniqueProposals', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'primaryKey', order: 'DESC' },
      filter: {
        zone: 'Europe/Stockholm',
        call: 3,
        technique: 2,
        instrument: 'multi',
        proposalStatus: 5,
        from: '2026-01-10',
        to: '2026-01-10',
      },
    });
    expect(page.total).toBe(6);
    expect(sent[0]).toEqual({
      operation: 'getTechniqueScientistProposals',
      variables: {
        filter: {
          callId: 3,
          proposalStatusId: 5,
          techniqueFilter: { techniqueId: 2, showAllProposals: false },
          instrumentFilter: { showMultiInstrumentProposals: true, showAllProposals: false },
          // 10 January in Stockholm (UTC+1), the whole day
          dateFilter: { from: '2026-01-09T23:00:00.000Z', to: '2026-01-10T23:00:00.000Z' },
        },
        first: 5,
        offset: 5,
        searchText: undefined,
        sortField: 'primaryKey',
        sortDirection: 'DESC',
      },
    });
    await provider.getList('TechniquesMinimal', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await provider.getList('InstrumentsMinimal', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(sent.slice(1).map((s) => s.operation)).toEqual(['getTechniquesMinimal', 'getInstrumentsMinimal']);
  });

  it('the technique proposals commands: status, instruments, and the scientist comment (get, create, update, delete)', async () => {
    const comment = {
      commentId: 6,
      proposalPk: 1,
      comment: '<p>ok</p>',
      dateModified: '2026-01-01T00:00:00Z',
    };
    const { transport, sent } = recording((field) =>
      field.includes('ProposalScientistComment') || field === 'proposalScientistComment' ? comment : true,
    );
    const provider = createDataProvider(transport);
    await provider.changeTechniqueProposalsStatus([1, 2], 7);
    await provider.assignTechniqueProposalsToInstruments([1], [4]);
    expect(await provider.proposalScientistComment(1)).toEqual(comment);
    await provider.saveProposalScientistComment(1, null, 'new');
    await provider.saveProposalScientistComment(1, 6, 'changed');
    await provider.deleteProposalScientistComment(6);
    expect(sent).toEqual([
      { operation: 'changeTechniqueProposalsStatus', variables: { proposalPks: [1, 2], statusId: 7 } },
      {
        operation: 'assignTechniqueProposalsToInstruments',
        variables: { proposalPks: [1], instrumentIds: [4] },
      },
      { operation: 'proposalScientistComment', variables: { proposalPk: 1 } },
      { operation: 'createProposalScientistComment', variables: { proposalPk: 1, comment: 'new' } },
      { operation: 'updateProposalScientistComment', variables: { commentId: 6, comment: 'changed' } },
      { operation: 'deleteProposalScientistComment', variables: { commentId: 6 } },
    ]);
  });

  it('the pickers and logs: Calls, Statuses, Questions, EventLogs, StatusActionsLogs; anything else is refused', async () => {
    const { transport, sent } = recording((field) =>
      field === 'getStatusActionsLogs' ? { totalCount: 0, statusActionsLogs: [] } : [],
    );
    const provider = createDataProvider(transport);
    const list = (resource: string, filter: Record<string, unknown> = {}) =>
      provider.getList(resource, {
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'timestamp', order: 'DESC' },
        filter,
      });
    await list('Calls', { isActive: true });
    await list('Statuses');
    await list('Questions', { category: 'PROPOSAL' });
    await list('EventLogs', { changedObjectId: '7', eventType: 'proposal' });
    await list('EventLogs', { proposalPk: ' 12 ', objectType: 'fap-review' });
    await list('EventLogs', { proposalPk: 'abc' });
    await list('StatusActionsLogs', { searchText: '000001', statusActionsSuccessful: false });
    expect(sent).toEqual([
      { operation: 'getCalls', variables: { filter: { isActive: true } } },
      { operation: 'getStatuses', variables: { entityType: 'PROPOSAL' } },
      { operation: 'getQuestions', variables: { filter: { category: 'PROPOSAL' } } },
      { operation: 'getEventLogs', variables: { changedObjectId: '7', eventType: 'proposal' } },
      { operation: 'getEventLogs', variables: { proposalPk: 12, objectType: 'fap-review' } },
      { operation: 'getEventLogs', variables: {} },
      {
        operation: 'getStatusActionsLogs',
        variables: {
          filter: { statusActionsSuccessful: false },
          searchText: '000001',
          first: 20,
          offset: 20,
          sortField: 'timestamp',
          sortDirection: 'DESC',
        },
      },
    ]);
    await expect(provider.update('EventLogs', { id: 1, data: {}, previousData: {} })).rejects.toThrow(
      'The console has no UPDATE for EventLogs',
    );
  });
});

describe('the console data provider: the question library and the statuses (issue 13)', () => {
  const question = (
    id: string,
    naturalKey: string,
    templates: { templateId: number; name: string }[] = [],
  ) => ({
    id,
    naturalKey,
    question: naturalKey.toUpperCase(),
    dataType: 'TEXT_INPUT',
    categoryId: 'PROPOSAL',
    config: {},
    templates,
  });

  it('Questions: getList → getQuestions(text, dataType), sorted and paged here; getOne, update, delete', async () => {
    const { transport, sent } = recording((field, v) => {
      if (field === 'getQuestions')
        return [question('q2', 'b_key'), question('q1', 'a_key'), question('q3', 'c')];
      if (field === 'updateQuestion')
        return { ...question(String(v.id), String(v.naturalKey)), templates: undefined };
      return { id: v.questionId };
    });
    const provider = createDataProvider(transport);
    const page = await provider.getList('Questions', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'naturalKey', order: 'ASC' },
      filter: { q: ' key ', dataType: 'TEXT_INPUT' },
    });
    expect(page.data.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(page.total).toBe(3);
    const one = await provider.getOne('Questions', { id: 'q3' });
    expect(one.data).toMatchObject({ id: 'q3', naturalKey: 'c' });
    const placed = [{ templateId: 4, name: 'Proposal' }];
    const updated = await provider.update('Questions', {
      id: 'q3',
      data: { naturalKey: 'c_key', question: 'C?', config: { required: true } },
      previousData: question('q3', 'c', placed),
    });
    expect(updated.data).toMatchObject({ id: 'q3', naturalKey: 'c_key', templates: placed });
    await provider.delete('Questions', { id: 'q1', previousData: question('q1', 'a_key') });
    expect(sent).toEqual([
      { operation: 'getQuestions', variables: { filter: { text: 'key', dataType: ['TEXT_INPUT'] } } },
      { operation: 'getQuestions', variables: { filter: { questionIds: ['q3'] } } },
      {
        operation: 'updateQuestion',
        variables: { id: 'q3', naturalKey: 'c_key', question: 'C?', config: '{"required":true}' },
      },
      { operation: 'deleteQuestion', variables: { questionId: 'q1' } },
    ]);
  });

  it('ProposalStatuses and ExperimentStatuses: getStatuses(entityType), createStatus, updateStatus, deleteStatus', async () => {
    const status = (id: number, shortCode: string, entityType = 'PROPOSAL') => ({
      id,
      shortCode,
      name: shortCode.toLowerCase(),
      description: '',
      isDefault: id < 10,
      entityType,
    });
    const { transport, sent } = recording((field, v) => {
      if (field === 'getStatuses') return [status(1, 'DRAFT'), status(12, 'ON_HOLD')];
      if (field === 'createStatus') return status(13, String(v.shortCode), String(v.entityType));
      if (field === 'updateStatus') return { ...status(Number(v.id), 'ON_HOLD'), name: v.name };
      return { id: v.id };
    });
    const provider = createDataProvider(transport);
    const page = await provider.getList('ProposalStatuses', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'hold' },
    });
    expect(page.data.map((s) => s.id)).toEqual([12]);
    expect((await provider.getOne('ProposalStatuses', { id: '12' })).data).toMatchObject({
      shortCode: 'ON_HOLD',
    });
    await provider.create('ExperimentStatuses', { data: { shortCode: 'PAUSED', name: 'Paused' } });
    await provider.update('ProposalStatuses', {
      id: 12,
      data: { name: 'On hold', description: 'Waiting' },
      previousData: status(12, 'ON_HOLD'),
    });
    await provider.delete('ExperimentStatuses', { id: 13, previousData: status(13, 'PAUSED') });
    expect(sent).toEqual([
      { operation: 'getStatuses', variables: { entityType: 'PROPOSAL' } },
      { operation: 'getStatuses', variables: { entityType: 'PROPOSAL' } },
      {
        operation: 'createStatus',
        variables: { entityType: 'EXPERIMENT', shortCode: 'PAUSED', name: 'Paused', description: '' },
      },
      { operation: 'updateStatus', variables: { id: 12, name: 'On hold', description: 'Waiting' } },
      { operation: 'deleteStatus', variables: { id: 13 } },
    ]);
  });
});

describe('the console data provider: instruments and techniques (issue 27)', () => {
  const person = (id: number, firstname: string) => ({ id, firstname, lastname: 'Sci', email: null });
  const instrument = (id: number, name: string, shortCode: string) => ({
    id,
    name,
    shortCode,
    description: 'd',
    managerUserId: 7,
    selectable: true,
    instrumentContact: null,
    manager: person(7, 'Mia'),
    scientists: [person(8, 'Sam'), person(9, 'Ann')],
  });

  it('Instruments: getList → instruments (searched, sorted, paged here); getOne, create, update, delete', async () => {
    const { transport, sent } = recording((field, v) => {
      if (field === 'instruments')
        return {
          totalCount: 3,
          instruments: [instrument(2, 'Beta', 'B'), instrument(1, 'Alpha', 'A'), instrument(3, 'Gamma', 'G')],
        };
      if (field === 'instrument') return instrument(Number(v.instrumentId), 'Alpha', 'A');
      if (field === 'createInstrument' || field === 'updateInstrument')
        return instrument(Number(v.id ?? 5), String(v.name), String(v.shortCode));
      return { id: v.id };
    });
    const provider = createDataProvider(transport);
    const page = await provider.getList('Instruments', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'sam' },
    });
    expect(page.data.map((i) => i.id)).toEqual([1, 2]);
    expect(page.total).toBe(3);
    expect(page.data[0]).toMatchObject({ managerName: 'Mia Sci', scientistNames: 'Sam Sci, Ann Sci' });
    expect((await provider.getOne('Instruments', { id: 1 })).data).toMatchObject({ shortCode: 'A' });
    await provider.create('Instruments', {
      data: { name: ' New ', shortCode: 'N', description: 'x', managerUserId: '', instrumentContact: ' ' },
    });
    await provider.update('Instruments', {
      id: 5,
      data: {
        name: 'New',
        shortCode: 'N',
        description: 'x',
        managerUserId: 7,
        selectable: false,
        instrumentContact: 'c',
      },
      previousData: instrument(5, 'New', 'N'),
    });
    await provider.delete('Instruments', { id: 5, previousData: instrument(5, 'New', 'N') });
    expect(sent).toEqual([
      { operation: 'instruments', variables: {} },
      { operation: 'instrument', variables: { instrumentId: 1 } },
      {
        operation: 'createInstrument',
        variables: {
          name: 'New',
          shortCode: 'N',
          description: 'x',
          managerUserId: null,
          selectable: true,
          instrumentContact: null,
        },
      },
      {
        operation: 'updateInstrument',
        variables: {
          id: 5,
          name: 'New',
          shortCode: 'N',
          description: 'x',
          managerUserId: 7,
          selectable: false,
          instrumentContact: 'c',
        },
      },
      { operation: 'deleteInstrument', variables: { id: 5 } },
    ]);
  });

  it('Techniques: getList → techniques; getOne, create, update, delete', async () => {
    const technique = (id: number, name: string) => ({
      id,
      name,
      shortCode: name.slice(0, 2),
      description: 'd',
      instruments: [{ id: 1, name: 'Alpha', shortCode: 'A' }],
      scientists: [person(8, 'Sam')],
    });
    const { transport, sent } = recording((field, v) => {
      if (field === 'techniques')
        return { totalCount: 2, techniques: [technique(2, 'Xray'), technique(1, 'Neutron')] };
      if (field === 'technique') return technique(Number(v.techniqueId), 'Neutron');
      if (field === 'createTechnique' || field === 'updateTechnique')
        return technique(Number(v.id ?? 3), String(v.name));
      return { id: v.id };
    });
    const provider = createDataProvider(transport);
    const page = await provider.getList('Techniques', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(page.data.map((x) => x.id)).toEqual([1, 2]);
    expect(page.data[0]).toMatchObject({ instrumentNames: 'A', scientistNames: 'Sam Sci' });
    await provider.getOne('Techniques', { id: 1 });
    await provider.create('Techniques', { data: { name: ' Muon ', shortCode: 'MU', description: 'm' } });
    await provider.update('Techniques', {
      id: 3,
      data: { name: 'Muon', shortCode: 'MU', description: 'm' },
      previousData: technique(3, 'Muon'),
    });
    await provider.delete('Techniques', { id: 3, previousData: technique(3, 'Muon') });
    expect(sent).toEqual([
      { operation: 'techniques', variables: {} },
      { operation: 'technique', variables: { techniqueId: 1 } },
      { operation: 'createTechnique', variables: { name: 'Muon', shortCode: 'MU', description: 'm' } },
      { operation: 'updateTechnique', variables: { id: 3, name: 'Muon', shortCode: 'MU', description: 'm' } },
      { operation: 'deleteTechnique', variables: { id: 3 } },
    ]);
  });

  it('the commands: scientists, technique instruments, the call instruments and their availability time', async () => {
    const { transport, sent } = recording((field) => {
      if (field === 'getCall') return { id: 4, instruments: [{ id: 1, name: 'Alpha', availabilityTime: 3 }] };
      if (field === 'getUsers') return { users: [person(8, 'Sam')] };
      return true;
    });
    const provider = createDataProvider(transport);
    await provider.assignScientistsToInstrument(1, [8]);
    await provider.removeScientistFromInstrument(1, 8);
    await provider.assignScientistsToTechnique(2, [8]);
    await provider.removeScientistFromTechnique(2, 8);
    await provider.assignInstrumentsToTechnique(2, [1]);
    await provider.removeInstrumentsFromTechnique(2, [1]);
    expect(await provider.callInstruments(4)).toEqual([{ id: 1, name: 'Alpha', availabilityTime: 3 }]);
    await provider.assignInstrumentsToCall(4, [1]);
    await provider.setInstrumentAvailabilityTime(4, 1, 12);
    await provider.removeAssignedInstrumentFromCall(4, 1);
    expect(await provider.instrumentScientistCandidates()).toEqual([person(8, 'Sam')]);
    expect(sent).toEqual([
      { operation: 'assignScientistsToInstrument', variables: { instrumentId: 1, scientistIds: [8] } },
      { operation: 'removeScientistFromInstrument', variables: { instrumentId: 1, scientistId: 8 } },
      { operation: 'assignScientistsToTechnique', variables: { techniqueId: 2, scientistIds: [8] } },
      { operation: 'removeScientistFromTechnique', variables: { techniqueId: 2, scientistId: 8 } },
      { operation: 'assignInstrumentsToTechnique', variables: { techniqueId: 2, instrumentIds: [1] } },
      { operation: 'removeInstrumentsFromTechnique', variables: { techniqueId: 2, instrumentIds: [1] } },
      { operation: 'getCall', variables: { callId: 4 } },
      {
        operation: 'assignInstrumentsToCall',
        variables: { callId: 4, instrumentFapIds: [{ instrumentId: 1, fapId: null }] },
      },
      {
        operation: 'setInstrumentAvailabilityTime',
        variables: { callId: 4, instrumentId: 1, availabilityTime: 12 },
      },
      { operation: 'removeAssignedInstrumentFromCall', variables: { callId: 4, instrumentId: 1 } },
      { operation: 'getUsers', variables: {} },
    ]);
  });
});
