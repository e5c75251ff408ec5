/**
 * The proposal views' repository contract, on both stores: PostgreSQL (the relational projection and repository)
 * and MongoDB (FerretDB here: TEST_MONGO_URL, default mongodb://127.0.0.1:27017, a database of this file's own).
 * Both read models are built from the same events in one SQL event store; every filter, sort, search, question
 * filter, paging and count must answer the same, and the Mongo projection's batches must be idempotent.
 */
import {
  CALL_CREATED,
  CALL_UPDATED,
  DataType,
  FAP_CREATED,
  FAP_UPDATED,
  FieldConditionType,
  INSTRUMENT_UPDATED,
  OrderDirection,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_FAPS_ASSIGNED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  PROPOSAL_UPDATED,
  QUESTIONARY_CREATED,
  STATUS_CREATED,
  STATUS_UPDATED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SAVED,
  TOPIC_ANSWERED,
  USER_CREATED,
  USER_UPDATED,
} from '@user-office/contracts';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database';
import { testMongoDatabase } from '../../../../../test/support/test-mongo';
import { PgSqlClient } from '../../../../platform/database/pg-sql-client';
import type { EventMetadata, NewEvent } from '../../../../platform/event-store/event-store.port';
import { SqlEventStore } from '../../../../platform/event-store/sql-event-store';
import { ProjectionRunner } from '../../../../platform/projections/projection-runner';
import { applyBatch, type MongoProjection } from '../../../../platform/read-models-mongo/mongo-projection';
import { MongoProjectionRunner } from '../../../../platform/read-models-mongo/mongo-projection-runner';
import { MongoReadModels, physicalName } from '../../../../platform/read-models-mongo/mongo-read-models';
import { QuestionariesProjection } from '../../../questionaries';
import type { ProposalsFilterInput } from './proposal-view.model';
import { hashInt4, ProposalViewsMongoProjection } from './proposal-views.mongo-projection';
import { MongoProposalViewsRepository } from './proposal-views.mongo-repository';
import { PROPOSAL_VIEWS_PROJECTION, ProposalViewsProjection } from './proposal-views.projection';
import {
  SORT_FIELDS,
  SqlProposalViewsRepository,
  type PageOptions,
  type ProposalViewsRepository,
} from './proposal-views.repository';

const meta: EventMetadata = {
  actorId: null,
  impersonatorId: null,
  correlationId: 'contract',
  causationId: null,
};
const ev = (type: string, data: Record<string, unknown>): NewEvent => ({ type, data });

/** users, calls, statuses, FAPs, then proposals with every column the table filters and sorts on */
function history(): [string, NewEvent[]][] {
  const s: [string, NewEvent[]][] = [];
  const user = (id: number, firstname: string, lastname: string, preferredname: string | null) =>
    s.push([
      `user-${id}`,
      [
        ev(USER_CREATED, {
          id,
          firstname,
          lastname,
          preferredname,
          email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@example.org`,
        }),
      ],
    ]);
  user(9001, 'Ada', 'Lovelace', null);
  user(9002, 'Bob', 'builder', 'Bobby');
  user(9003, 'Chen', 'Zhou', null);
  user(9004, 'Dora', 'Émile', null);
  s.push(['status-9101', [ev(STATUS_CREATED, { statusId: 9101, name: 'DRAFT' })]]);
  s.push(['status-9102', [ev(STATUS_CREATED, { statusId: 9102, name: 'SUBMITTED' })]]);
  s.push(['status-9103', [ev(STATUS_CREATED, { statusId: 9103, name: 'UNDER_REVIEW' })]]);
  s.push(['call-9201', [ev(CALL_CREATED, { callId: 9201, shortCode: 'CALL-A', allocationTimeUnit: 'day' })]]);
  s.push([
    'call-9202',
    [ev(CALL_CREATED, { callId: 9202, shortCode: 'CALL-B', allocationTimeUnit: 'hour' })],
  ]);
  s.push(['fap-9301', [ev(FAP_CREATED, { id: 9301, code: 'FAP-1' })]]);
  s.push(['fap-9302', [ev(FAP_CREATED, { id: 9302, code: 'FAP-2' })]]);
  const titles = [
    'Neutron scattering of ice',
    'apple crystals',
    'Zeolite diffusion',
    'Magnetic order in thin films',
    'Proteins at low temperature',
    'neutron imaging of batteries',
    'Élan vital measurements',
    'X-ray tomography of rocks',
    'Muon spin relaxation',
    'Batteries in operando',
    'Quantum spin liquids',
    'Ice and snow',
  ];
  titles.forEach((title, i) => {
    const pk = 9401 + i;
    const q = 9501 + i;
    const pi = 9001 + (i % 4);
    const callId = i % 3 === 0 ? 9202 : 9201;
    const events: NewEvent[] = [
      ev(PROPOSAL_CREATED, {
        proposalPk: pk,
        proposalId: `D${pk}`,
        callId,
        proposerId: pi,
        questionaryId: q,
        statusId: 9101,
        title: '',
      }),
      ev(PROPOSAL_UPDATED, { proposalPk: pk, title, abstract: 'A', proposerId: pi }),
    ];
    if (i % 2 === 0)
      events.push(
        ev(PROPOSAL_SUBMITTED, {
          proposalPk: pk,
          proposalId: `REF-${String(100 + i)}`,
          callId,
          submittedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        }),
        ev(PROPOSAL_STATUS_CHANGED, { proposalPk: pk, statusId: i % 4 === 0 ? 9103 : 9102 }),
      );
    if (i === 3)
      events.push(ev(PROPOSAL_MANAGEMENT_DECISION_UPDATED, { proposalPk: pk, finalStatus: 'ACCEPTED' }));
    if (i === 5) events.push(ev(PROPOSAL_NOTIFIED, { proposalPk: pk }));
    s.push([`proposal-${pk}`, events]);
    const value = i * 1.5;
    s.push([
      `questionary-${q}`,
      [
        ev(QUESTIONARY_CREATED, { questionaryId: q, templateId: 1, creatorId: pi }),
        ev(TOPIC_ANSWERED, {
          questionaryId: q,
          topicId: 1,
          isComplete: true,
          removedQuestionIds: [],
          answers: [
            { questionId: 'thickness', value: { value: value, unit: null } },
            { questionId: 'range', value: { min: i, max: i + 3 } },
            { questionId: 'cold', value: i % 3 === 0 },
            { questionId: 'when', value: new Date(Date.UTC(2026, 1, 1 + i)).toISOString() },
            { questionId: 'colour', value: i % 2 === 0 ? ['red', 'blue'] : ['green'] },
            { questionId: 'note', value: i % 2 === 0 ? `Sample ${i} in Vacuum` : `sample ${i}` },
            ...(i < 6 ? [{ questionId: 'count', value: i }] : []),
            ...(i === 4 ? [{ questionId: 'empty', value: null }] : []),
          ],
        }),
      ],
    ]);
  });
  // assessments: instruments with technical reviews, techniques, panels
  s.push([
    'proposal-9401',
    [
      ev(PROPOSAL_INSTRUMENTS_ASSIGNED, {
        proposalPk: 9401,
        instruments: [
          { id: 71, name: 'Larmor', shortCode: 'LAR' },
          { id: 72, name: 'Alf', shortCode: 'ALF' },
        ],
        createdReviews: [
          { technicalReviewId: 9601, instrumentId: 71, technicalReviewAssigneeId: 9003 },
          { technicalReviewId: 9602, instrumentId: 72, technicalReviewAssigneeId: null },
        ],
        deletedReviewIds: [],
      }),
      ev(TECHNICAL_REVIEW_SAVED, {
        proposalPk: 9401,
        technicalReviewId: 9601,
        status: 'FEASIBLE',
        timeAllocation: 3,
        submitted: false,
      }),
      ev(PROPOSAL_TECHNIQUES_ASSIGNED, {
        proposalPk: 9401,
        techniques: [
          { id: 81, name: 'SANS' },
          { id: 82, name: 'Imaging' },
        ],
      }),
      ev(PROPOSAL_FAPS_ASSIGNED, {
        proposalPk: 9401,
        faps: [
          { fapId: 9301, instrumentId: 71 },
          { fapId: 9302, instrumentId: 72 },
        ],
      }),
    ],
  ]);
  s.push([
    'proposal-9404',
    [
      ev(PROPOSAL_INSTRUMENTS_ASSIGNED, {
        proposalPk: 9404,
        instruments: [{ id: 71, name: 'Larmor', shortCode: 'LAR' }],
        createdReviews: [{ technicalReviewId: 9603, instrumentId: 71, technicalReviewAssigneeId: 9004 }],
        deletedReviewIds: [],
      }),
      ev(TECHNICAL_REVIEW_SAVED, {
        proposalPk: 9404,
        technicalReviewId: 9603,
        status: 'UNFEASIBLE',
        timeAllocation: 1.5,
        submitted: true,
      }),
      ev(TECHNICAL_REVIEW_ASSIGNEE_CHANGED, {
        proposalPk: 9404,
        technicalReviewId: 9603,
        technicalReviewAssigneeId: 9003,
      }),
      ev(PROPOSAL_TECHNIQUES_ASSIGNED, { proposalPk: 9404, techniques: [{ id: 81, name: 'SANS' }] }),
      ev(PROPOSAL_FAPS_ASSIGNED, { proposalPk: 9404, faps: [{ fapId: 9301, instrumentId: 71 }] }),
    ],
  ]);
  s.push([
    'proposal-9407',
    [
      ev(PROPOSAL_INSTRUMENTS_ASSIGNED, {
        proposalPk: 9407,
        instruments: [{ id: 73, name: 'Zoom', shortCode: 'ZOO' }],
        createdReviews: [{ technicalReviewId: 9604, instrumentId: 73, technicalReviewAssigneeId: 9001 }],
        deletedReviewIds: [],
      }),
    ],
  ]);
  // renames reach every row that shows the name; a deleted proposal leaves the table and its counts
  s.push([
    'user-9002',
    [ev(USER_UPDATED, { id: 9002, changes: { lastname: 'Builder', preferredname: null } })],
  ]);
  s.push(['user-9003', [ev(USER_UPDATED, { id: 9003, changes: { lastname: 'Abbott' } })]]);
  s.push(['status-9102', [ev(STATUS_UPDATED, { statusId: 9102, name: 'SUBMITTED_LOCKED' })]]);
  s.push([
    'call-9202',
    [ev(CALL_UPDATED, { callId: 9202, shortCode: 'CALL-B2', allocationTimeUnit: 'day' })],
  ]);
  s.push(['instrument-71', [ev(INSTRUMENT_UPDATED, { id: 71, name: 'Larmor II', shortCode: 'LAR2' })]]);
  s.push(['fap-9302', [ev(FAP_UPDATED, { id: 9302, code: 'FAP-TWO' })]]);
  s.push(['proposal-9412', [ev(PROPOSAL_DELETED, { proposalPk: 9412 })]]);
  return s;
}

const stores = ['postgres', 'mongo'] as const;
type Store = (typeof stores)[number];

let db: TestDatabase;
let sql: PgSqlClient;
let eventStore: SqlEventStore;
let mongoDb: ReturnType<typeof testMongoDatabase>;
let mongo: MongoReadModels;
let mongoRunner: MongoProjectionRunner;
let sqlRunner: ProjectionRunner;
const repositories = {} as Record<Store, ProposalViewsRepository>;

async function appendAll(streams: [string, NewEvent[]][]): Promise<number> {
  let position = 0;
  for (const [stream, events] of streams)
    position = (await eventStore.append(stream, events, { expectedVersion: 'any', metadata: meta })).position;
  return position;
}

beforeAll(async () => {
  db = await createTestDatabase('pv_contract');
  sql = await PgSqlClient.connect(db.url);
  await SqlEventStore.migrate(sql);
  eventStore = new SqlEventStore(sql);
  sqlRunner = new ProjectionRunner(sql, eventStore, [
    new ProposalViewsProjection(),
    new QuestionariesProjection(),
  ]);
  await sqlRunner.initialize();
  mongoDb = testMongoDatabase('pv_contract');
  mongo = MongoReadModels.open(mongoDb.url);
  mongoRunner = new MongoProjectionRunner(mongo, eventStore, [new ProposalViewsMongoProjection(sql)], {
    log: () => undefined,
    error: (m) => console.error(m),
  });
  await mongoRunner.initialize();
  mongoRunner.start();
  const head = await appendAll(history());
  await mongoRunner.waitFor(head, [PROPOSAL_VIEWS_PROJECTION]);
  repositories.postgres = new SqlProposalViewsRepository(sql);
  repositories.mongo = new MongoProposalViewsRepository(mongo);
});

afterAll(async () => {
  await mongoRunner?.stop();
  await mongo?.close();
  await mongoDb?.drop();
  await eventStore?.close();
  await sql?.close();
  await db?.drop();
});

const page = (store: Store, filter: ProposalsFilterInput, options: PageOptions = {}) =>
  repositories[store].page(filter, { first: 100, ...options });
const pks = async (store: Store, filter: ProposalsFilterInput, options: PageOptions = {}) =>
  (await page(store, filter, options)).proposalViews.map((v) => v.primaryKey);

describe.each(stores)('proposal views repository (%s)', (store) => {
  it('lists every live proposal, newest first, with the names copied in and kept current', async () => {
    const result = await page(store, {});
    expect(result.totalCount).toBe(11);
    expect(result.proposalViews.map((v) => v.primaryKey)).toEqual([
      9411, 9410, 9409, 9408, 9407, 9406, 9405, 9404, 9403, 9402, 9401,
    ]);
    const first = result.proposalViews.find((v) => v.primaryKey === 9401)!;
    expect(first).toMatchObject({
      proposalId: 'REF-100',
      title: 'Neutron scattering of ice',
      statusName: 'UNDER_REVIEW',
      callShortCode: 'CALL-B2',
      allocationTimeUnit: 'day',
      submitted: true,
      faps: ['FAP-1', 'FAP-TWO'],
      fapIds: [9301, 9302],
      techniques: [
        { id: 81, name: 'SANS' },
        { id: 82, name: 'Imaging' },
      ],
      principalInvestigator: {
        id: 9001,
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada.lovelace@example.org',
      },
    });
    expect(first.instruments.map((i) => i.name)).toEqual(['Larmor II', 'Alf']);
    expect(first.technicalReviews).toEqual([
      {
        status: 'FEASIBLE',
        timeAllocation: 3,
        instrumentId: 71,
        submitted: false,
        technicalReviewAssignee: { id: 9003, firstname: 'Chen', lastname: 'Abbott' },
      },
      {
        status: 'UNFEASIBLE',
        timeAllocation: null,
        instrumentId: 72,
        submitted: false,
        technicalReviewAssignee: null,
      },
    ]);
    const bob = result.proposalViews.find((v) => v.primaryKey === 9402)!;
    expect(bob.principalInvestigator).toMatchObject({ lastname: 'Builder', preferredname: null });
    expect(bob.statusName).toBe('DRAFT');
  });

  it('filters by call, status, excluded statuses, questionaries, reference numbers, FAP and date', async () => {
    expect(await pks(store, { callId: 9202 })).toEqual([9410, 9407, 9404, 9401]);
    expect(await pks(store, { proposalStatusId: 9103 })).toEqual([9409, 9405, 9401]);
    expect(await pks(store, { callId: 9201, excludeProposalStatusIds: [9101] })).toEqual([
      9411, 9409, 9405, 9403,
    ]);
    expect(await pks(store, { questionaryIds: [9502, 9503] })).toEqual([9403, 9402]);
    expect(await pks(store, { referenceNumbers: ['REF-102', 'REF-104', 'nope'] })).toEqual([9405, 9403]);
    expect(await pks(store, { fapId: 9301 })).toEqual([9404, 9401]);
    const from = new Date(Date.UTC(2026, 0, 3));
    const to = new Date(Date.UTC(2026, 0, 6));
    expect(await pks(store, { dateFilter: { from, to }, proposalStatusId: 9102 })).toEqual([9403]);
    expect(
      await pks(store, { dateFilter: { from: new Date('0000-01-01'), to: new Date('9999-12-31') } }),
    ).toHaveLength(11);
  });

  it("filters by instrument, several instruments, technique, and a scientist's scope", async () => {
    expect(
      await pks(store, {
        instrumentFilter: { instrumentId: 71, showAllProposals: false, showMultiInstrumentProposals: false },
      }),
    ).toEqual([9404, 9401]);
    expect(
      await pks(store, { instrumentFilter: { showAllProposals: false, showMultiInstrumentProposals: true } }),
    ).toEqual([9401]);
    expect(
      await pks(store, { instrumentFilter: { showAllProposals: true, showMultiInstrumentProposals: false } }),
    ).toHaveLength(11);
    expect(
      await pks(store, {
        techniqueFilter: { techniqueId: 82, showAllProposals: false, showMultiTechniqueProposals: false },
      }),
    ).toEqual([9401]);
    expect(
      await pks(store, { techniqueFilter: { showAllProposals: false, showMultiTechniqueProposals: true } }),
    ).toEqual([9401]);
    expect(await pks(store, {}, { scope: { instrumentIds: [73, 72] } })).toEqual([9407, 9401]);
    expect(await pks(store, {}, { scope: { techniqueIds: [81] } })).toEqual([9404, 9401]);
    expect(await pks(store, {}, { scope: { anyTechnique: true } })).toEqual([9404, 9401]);
    expect(await pks(store, {}, { scope: { assigneeId: 9003 } })).toEqual([9404, 9401]);
    expect(await pks(store, {}, { scope: { assigneeId: 9004 } })).toEqual([]);
  });

  it('searches words of the reference, title, PI names and e-mail by prefix, every word', async () => {
    expect(await pks(store, { text: 'neutron' })).toEqual([9406, 9401]);
    expect(await pks(store, {}, { searchText: 'NEUT ice' })).toEqual([9401]);
    expect(await pks(store, { text: 'bobby' })).toEqual([]);
    expect(await pks(store, { text: 'builder' })).toEqual([9410, 9406, 9402]);
    expect(await pks(store, { text: 'ada.lovelace' })).toEqual([9409, 9405, 9401]);
    expect(await pks(store, { text: 'd9402' })).toEqual([9402]);
    expect(await pks(store, { text: 'élan' })).toEqual([9407]);
    expect(await pks(store, { text: 'batteries' }, { searchText: 'operando' })).toEqual([9410]);
    expect(await pks(store, { text: '  ' })).toHaveLength(11);
  });

  it('answers the question filter on every data type and operator', async () => {
    const q = (questionId: string, dataType: DataType, compareOperator: FieldConditionType, value: unknown) =>
      pks(store, { questionFilter: { questionId, dataType, compareOperator, value: JSON.stringify(value) } });
    expect(await q('thickness', DataType.NUMBER_INPUT, FieldConditionType.GREATER_THAN, 12)).toEqual([
      9411, 9410,
    ]);
    expect(await q('thickness', DataType.NUMBER_INPUT, FieldConditionType.LESS_THAN, 3)).toEqual([
      9402, 9401,
    ]);
    expect(await q('thickness', DataType.NUMBER_INPUT, FieldConditionType.EQUALS, 4.5)).toEqual([9404]);
    expect(await q('range', DataType.INTERVAL, FieldConditionType.GREATER_THAN, 8)).toEqual([9411, 9410]);
    expect(await q('range', DataType.INTERVAL, FieldConditionType.LESS_THAN, 5)).toEqual([9402, 9401]);
    expect(await q('cold', DataType.BOOLEAN, FieldConditionType.EQUALS, true)).toEqual([
      9410, 9407, 9404, 9401,
    ]);
    expect(await q('when', DataType.DATE, FieldConditionType.LESS_THAN, '2026-02-03T00:00:00.000Z')).toEqual([
      9402, 9401,
    ]);
    expect(
      await q('when', DataType.DATE, FieldConditionType.GREATER_THAN, '2026-02-09T00:00:00.000Z'),
    ).toEqual([9411, 9410]);
    expect(await q('colour', DataType.SELECTION_FROM_OPTIONS, FieldConditionType.INCLUDES, 'green')).toEqual([
      9410, 9408, 9406, 9404, 9402,
    ]);
    expect(await q('note', DataType.TEXT_INPUT, FieldConditionType.INCLUDES, 'vacuum')).toEqual([
      9411, 9409, 9407, 9405, 9403, 9401,
    ]);
    expect(await q('note', DataType.TEXT_INPUT, FieldConditionType.EQUALS, 'sample 3')).toEqual([9404]);
    expect(await q('colour', DataType.SELECTION_FROM_OPTIONS, FieldConditionType.EQUALS, 'green')).toEqual([
      9410, 9408, 9406, 9404, 9402,
    ]);
    expect(await q('count', DataType.TEXT_INPUT, FieldConditionType.GREATER_THAN, 3)).toEqual([9406, 9405]);
    expect(await q('empty', DataType.TEXT_INPUT, FieldConditionType.EXISTS, '')).toEqual([]);
    expect(await q('count', DataType.TEXT_INPUT, FieldConditionType.EXISTS, '')).toEqual([
      9406, 9405, 9404, 9403, 9402, 9401,
    ]);
    await expect(q('thickness', DataType.NUMBER_INPUT, FieldConditionType.EQUALS, 'x')).rejects.toThrow(
      'The question filter value does not fit the question type',
    );
  });

  it('sorts by every column both ways, nulls last going up, ties by key', async () => {
    const sorted = await pks(
      store,
      {},
      { sortField: 'principalInvestigator', sortDirection: OrderDirection.ASC },
    );
    expect(sorted.slice(0, 3)).toEqual([9403, 9407, 9411]); // Abbott (renamed) first
    const byStatus = await pks(store, {}, { sortField: 'statusName', sortDirection: OrderDirection.DESC });
    expect(byStatus.slice(0, 3)).toEqual([9409, 9405, 9401]);
    const bySubmitted = await pks(
      store,
      {},
      { sortField: 'submittedDate', sortDirection: OrderDirection.ASC },
    );
    expect(bySubmitted.slice(0, 6)).toEqual([9401, 9403, 9405, 9407, 9409, 9411]);
    expect(bySubmitted.slice(6)).toEqual([9402, 9404, 9406, 9408, 9410]);
    const byTitle = await pks(store, {}, { sortField: 'title', sortDirection: OrderDirection.ASC });
    expect(byTitle[0]).toBe(9410); // 'Batteries…' before 'apple…' (byte order, as PostgreSQL's C collation)
    expect(byTitle[byTitle.length - 1]).toBe(9407); // 'Élan…' last
  });

  it('pages with first and offset; refuses an unknown sort or a page too large', async () => {
    const all = await pks(store, {}, { sortField: 'title', sortDirection: OrderDirection.ASC });
    const second = await page(
      store,
      {},
      { sortField: 'title', sortDirection: OrderDirection.ASC, first: 4, offset: 4 },
    );
    expect(second.proposalViews.map((v) => v.primaryKey)).toEqual(all.slice(4, 8));
    expect(second.totalCount).toBe(11);
    expect((await page(store, {}, { first: 0 })).proposalViews).toEqual([]);
    expect((await page(store, {}, { offset: 50 })).proposalViews).toEqual([]);
    await expect(page(store, {}, { sortField: 'nope' })).rejects.toThrow('Cannot sort by nope');
    await expect(page(store, {}, { first: 5000 })).rejects.toThrow('Ask for at most 1000 proposals at once');
  });

  it('counts exactly, and with allowEstimatedCount counts a short last page from the page', async () => {
    const filtered = await page(store, { text: 'ice' }, { first: 1, allowEstimatedCount: true });
    expect(filtered).toMatchObject({ totalCount: 1, totalCountEstimated: false });
    const short = await page(
      store,
      { callId: 9201, text: 'o' },
      { first: 3, offset: 2, allowEstimatedCount: true },
    );
    const exact = await page(store, { callId: 9201, text: 'o' }, { first: 3, offset: 2 });
    expect(short.totalCount).toBe(exact.totalCount);
    expect(await repositories[store].byPks([9401, 9412, 9405])).toHaveLength(2);
  });

  it('gives the select-all list newest first', async () => {
    const basic = await repositories[store].basic({ callId: 9202 });
    expect(basic.map((b) => b.primaryKey)).toEqual([9410, 9407, 9404, 9401]);
    expect(basic[0]).toEqual({
      primaryKey: 9410,
      proposalId: 'D9410',
      title: 'Batteries in operando',
      statusId: 9101,
      callId: 9202,
    });
  });
});

describe('both stores answer the same', () => {
  it('for a matrix of filters, sorts, directions and pages', async () => {
    // (FerretDB answers a query in tens of milliseconds: the matrix is kept to what tells the stores apart)
    const filters: ProposalsFilterInput[] = [
      {},
      {
        text: 'o',
        excludeProposalStatusIds: [9102],
        questionFilter: {
          questionId: 'colour',
          dataType: DataType.SELECTION_FROM_OPTIONS,
          compareOperator: FieldConditionType.INCLUDES,
          value: '"red"',
        },
      },
    ];
    for (const filter of filters)
      for (const sortField of Object.keys(SORT_FIELDS))
        for (const sortDirection of [OrderDirection.ASC, OrderDirection.DESC])
          for (const [first, offset] of [[4, 1]]) {
            const options = { sortField, sortDirection, first, offset, allowEstimatedCount: true };
            const [a, b] = await Promise.all(stores.map((s) => repositories[s].page(filter, options)));
            expect({ filter, options, result: b }).toEqual({ filter, options, result: a });
          }
  });
});

describe('the Mongo projection', () => {
  const collectionNames = [
    'proposal_views',
    'proposal_view_answers',
    'proposal_view_counts',
    'proposal_view_lookups',
  ];
  const snapshot = async (of = mongo, comparable = false) => {
    const out: Record<string, unknown[]> = {};
    const cp = await of.checkpoints.findOne({ _id: PROPOSAL_VIEWS_PROJECTION });
    const projection = mongoRunner.projections[0];
    for (const c of collectionNames) {
      const docs = await of.db
        .collection(physicalName(c, cp?.generation ?? 0))
        .find({})
        .sort({ _id: 1 })
        .toArray();
      out[c] = comparable ? docs.map((d) => projection.comparable?.(c, d) ?? d) : docs;
    }
    return out;
  };
  it('hashes proposal keys as PostgreSQL does (the estimate samples the same proposals)', async () => {
    const r = await sql.query<{ h: number }>('SELECT hashint4(x) AS h FROM unnest($1::int[]) AS x', [
      [1, 2, -5, 100000, 9401],
    ]);
    expect([1, 2, -5, 100000, 9401].map(hashInt4)).toEqual(r.rows.map((x) => x.h));
  });

  it('changes nothing when a batch is applied again from its start (a crash between the documents and the checkpoint)', async () => {
    const before = await snapshot();
    const projection = mongoRunner.projections[0];
    const cp = await mongo.checkpoints.findOne({ _id: PROPOSAL_VIEWS_PROJECTION });
    const events = (await eventStore.readAll({ after: 0, limit: 10_000 })).filter(
      (e) => projection.eventTypes === 'all' || projection.eventTypes.includes(e.type),
    );
    const collections = Object.fromEntries(
      projection.collections.map((c) => [
        c.name,
        mongo.db.collection(physicalName(c.name, cp?.generation ?? 0)),
      ]),
    ) as never;
    // reading by key (as on FerretDB) and with `$in` (as on MongoDB), in commands the server takes
    for (const readByKey of [true, false]) {
      const options = { ...(await mongo.batchOptions()), readByKey };
      // every event again from position 0 (the documents are there: inserts find them, the counts their batch)
      await applyBatch(projection, collections, events, 0, options);
      const last = events.slice(-20);
      await applyBatch(projection, collections, last, events[events.length - 21].position, options);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('finishes a batch stopped half-way once: the next attempt writes it again with the counts it claimed', async () => {
    // the same events into a database of its own, by a projector whose first attempts stop: once before the
    // counts (the documents written), once after them (before the checkpoint)
    const other = testMongoDatabase('pv_stopped');
    const otherMongo = MongoReadModels.open(other.url);
    const inner = new ProposalViewsMongoProjection(sql);
    const stops = ['before the counts', 'before the checkpoint'];
    const stopping: MongoProjection = {
      name: inner.name,
      version: inner.version,
      eventTypes: inner.eventTypes,
      collections: inner.collections,
      comparable: (logical, doc) => inner.comparable(logical, doc),
      prepareBatch: async (collections, events, options) => {
        const counts = collections.proposal_view_counts;
        const stoppingCounts = new Proxy(counts, {
          get: (target, key) => {
            if (key === 'updateOne' && stops[0] === 'before the counts') {
              stops.shift();
              return () => Promise.reject(new Error('stopped before the counts'));
            }
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
          },
        });
        const batch = await inner.prepareBatch(
          { ...collections, proposal_view_counts: stoppingCounts },
          events,
          options,
        );
        return {
          claim: batch.claim,
          write: async (claim, from) => {
            await batch.write(claim, from);
            if (stops[0] === 'before the checkpoint') {
              stops.shift();
              throw new Error('stopped before the checkpoint');
            }
          },
        };
      },
    };
    const runner = new MongoProjectionRunner(otherMongo, eventStore, [stopping]);
    try {
      await runner.initialize();
      runner.start();
      await runner.waitFor(await eventStore.headPosition(), [PROPOSAL_VIEWS_PROJECTION], 30_000);
      expect(stops).toEqual([]);
      expect((await otherMongo.checkpoints.findOne({ _id: PROPOSAL_VIEWS_PROJECTION }))?.pending).toBeNull();
      expect(await snapshot(otherMongo, true)).toEqual(await snapshot(mongo, true));
    } finally {
      await runner.stop();
      await otherMongo.close();
      await other.drop();
    }
  });

  it('verifies equal to a replay, and a rebuild gives the same documents under a new generation', async () => {
    const verified = await mongoRunner.verify(PROPOSAL_VIEWS_PROJECTION);
    expect(verified.tables.map((t) => [t.table, t.onlyLive, t.onlyReplayed])).toEqual([
      ['proposal_views', 0, 0],
      ['proposal_view_answers', 0, 0],
      ['proposal_view_counts', 0, 0],
      ['proposal_view_lookups', 0, 0],
    ]);
    // the counts compare without the batch that last changed them (the rebuild's batches are others)
    const before = await snapshot(mongo, true);
    const rebuilt = await mongoRunner.rebuild(PROPOSAL_VIEWS_PROJECTION);
    expect(rebuilt.events).toBeGreaterThan(50);
    expect(await snapshot(mongo, true)).toEqual(before);
    expect((await mongo.checkpoints.findOne({ _id: PROPOSAL_VIEWS_PROJECTION }))?.generation).toBe(1);
    expect(await pks('mongo', { callId: 9202 })).toEqual([9410, 9407, 9404, 9401]);
  });
});
