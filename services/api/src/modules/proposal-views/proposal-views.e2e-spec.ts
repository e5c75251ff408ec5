import { Role } from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { SqlClient } from '../../platform/database/sql-client';
import type { MongoDoc } from '../../platform/read-models-mongo/mongo-projection';
import type { MongoReadModels } from '../../platform/read-models-mongo/mongo-read-models';
import { MONGO_READ_MODELS, SQL_CLIENT } from '../../platform/tokens';
import { sampleKeyOf } from './read-models/proposal-views/proposal-views.mongo-projection';
import { PROPOSAL_VIEWS_PROJECTION } from './read-models/proposal-views/proposal-views.projection';
import {
  EXACT_COUNT_LIMIT,
  roundEstimate,
  viewMessages,
} from './read-models/proposal-views/proposal-views.repository';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const CORE = `query($filter: ProposalsFilter, $sortField: String, $sortDirection: OrderDirection, $first: Int, $offset: Int, $searchText: String) {
  getProposalsCore(filter: $filter, sortField: $sortField, sortDirection: $sortDirection, first: $first, offset: $offset, searchText: $searchText) {
    totalCount proposalViews { primaryKey proposalId title statusName callShortCode submitted principalInvestigator { lastname email } } } }`;
const BASIC = `query($filter: ProposalsFilter) { getProposalCoreBasic(filter: $filter) { primaryKey } }`;
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "A") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers, isPartialSave: true) { isCompleted } }`;
const NUMBER_QUESTION = `mutation { createQuestion(categoryId: PROPOSAL, dataType: NUMBER_INPUT) { id } }`;
const ADD = `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 5) { templateId } }`;
const CHANGE = `mutation($pks: [Int!]!, $statusId: Int) { changeProposalsStatus(proposalPks: $pks, statusId: $statusId) { primaryKey } }`;
const STATUSES = `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`;

interface View {
  primaryKey: number;
  proposalId: string;
  title: string;
  statusName: string;
  callShortCode: string;
  principalInvestigator: { lastname: string; email: string };
}

/**
 * 12,000 proposals of one call written straight into the read models (events would take minutes): half of them
 * say "neutron", their number answers run 0…99.
 */
async function bulkProposals(
  t: TestApp,
  store: 'postgres' | 'pglite' | 'mongo',
  callId: number,
  bulk: number,
) {
  if (store === 'mongo') {
    const mongo = t.app.get<MongoReadModels>(MONGO_READ_MODELS);
    const views = await mongo.live<MongoDoc>(PROPOSAL_VIEWS_PROJECTION, 'proposal_views');
    const answers = await mongo.live<MongoDoc>(PROPOSAL_VIEWS_PROJECTION, 'proposal_view_answers');
    const counts = await mongo.live<MongoDoc>(PROPOSAL_VIEWS_PROJECTION, 'proposal_view_counts');
    const now = new Date();
    const ids = Array.from({ length: bulk }, (_, k) => k + 1);
    const nullable = Object.fromEntries(
      [
        'statusName',
        'callShortCode',
        'submittedDate',
        'piLastname',
        'instrumentSort',
        'reviewStatus',
        'reviewTimeAllocation',
        'reviewAssignee',
      ].map((f) => [`n_${f}`, 1]),
    );
    for (let from = 0; from < bulk; from += 2000) {
      const slice = ids.slice(from, from + 2000);
      await views.insertMany(
        slice.map((i) => ({
          _id: 1_000_000 + i,
          proposalId: `BULK${i}`,
          title: i % 2 === 0 ? 'Bulk neutron study' : 'Bulk other study',
          piId: 0,
          piFirstname: null,
          piLastname: null,
          piPreferredname: null,
          piEmail: null,
          submitted: false,
          submittedDate: null,
          statusId: 1,
          statusName: null,
          notified: false,
          callId,
          callShortCode: null,
          allocationTimeUnit: null,
          finalStatus: 'UNSET',
          questionaryId: 2_000_000 + i,
          created: now,
          instrumentIds: [],
          instruments: [],
          instrumentSort: null,
          techniqueIds: [],
          techniques: [],
          reviews: [],
          technicalReviews: [],
          reviewAssigneeIds: [],
          reviewStatus: null,
          reviewTimeAllocation: null,
          reviewAssignee: null,
          fapIds: [],
          faps: [],
          fapInstruments: [],
          search: ['bulk', i % 2 === 0 ? 'neutron' : 'other', 'study', `bulk${i}`],
          dateKey: now,
          sampleKey: sampleKeyOf(1_000_000 + i),
          ...nullable,
          _pos: 0,
        })),
      );
      await answers.insertMany(
        slice.map((i) => ({
          _id: `${2_000_000 + i}:bulk_number`,
          q: 2_000_000 + i,
          k: 'bulk_number',
          value: { value: i % 100 },
          num: i % 100,
          _pos: 0,
        })),
      );
    }
    await counts.insertOne({ _id: `${callId}:1`, callId, statusId: 1, n: bulk });
    return;
  }
  const sql = t.app.get<SqlClient>(SQL_CLIENT);
  await sql.query(
    `INSERT INTO proposal_views (proposal_pk, proposal_id, title, pi_id, status_id, call_id, questionary_id, created)
     SELECT 1000000 + i, 'BULK' || i, CASE WHEN i % 2 = 0 THEN 'Bulk neutron study' ELSE 'Bulk other study' END,
       0, 1, $1, 2000000 + i, now()
     FROM generate_series(1, $2::int) i`,
    [callId, bulk],
  );
  await sql.query(`INSERT INTO proposal_view_counts (call_id, status_id, n) VALUES ($1, 1, $2)`, [
    callId,
    bulk,
  ]);
  await sql.query(
    `INSERT INTO questionary_answers (questionary_id, question_id, value)
     SELECT 2000000 + i, 'bulk_number', jsonb_build_object('value', i % 100) FROM generate_series(1, $1::int) i`,
    [bulk],
  );
}

/** PostgreSQL, PGlite, and the Mongo read models (READ_MODELS_MONGO_URL on TEST_MONGO_URL's FerretDB) */
// PGlite with UO_TEST_ALL_STORES=1 (test/support/stores.ts); the Mongo read models always
describe.each<TestStore | 'mongo'>([...moduleStores(), 'mongo'])('staff proposals table (%s)', (store) => {
  let t: TestApp;
  let officer: TestUser;
  let ada: TestUser;
  let bob: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let otherCall: Awaited<ReturnType<typeof createOpenCall>>;
  let numberQuestion: string;
  const pks: Record<string, number> = {};

  async function gql<T>(
    query: string,
    variables: Record<string, unknown>,
    user: TestUser = officer,
  ): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  const core = async (variables: Record<string, unknown>) =>
    (await gql<{ getProposalsCore: { totalCount: number; proposalViews: View[] } }>(CORE, variables))
      .getProposalsCore;
  const titles = async (variables: Record<string, unknown>) =>
    (await core(variables)).proposalViews.map((v) => v.title);

  beforeAll(async () => {
    t = await createTestApp(store === 'mongo' ? { mongo: true } : { store });
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    ada = await createUser(t, { firstname: 'Ada' });
    bob = await createUser(t, { firstname: 'Bob' });
    call = await createOpenCall(t, officer.token);
    otherCall = await createOpenCall(t, officer.token);
    numberQuestion = (await gql<{ createQuestion: { id: string } }>(NUMBER_QUESTION, {})).createQuestion.id;
    await gql(ADD, { t: call.templateId, q: numberQuestion, topic: call.topicId });
    const make = async (user: TestUser, title: string, callId: number, thickness?: number) => {
      const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
        CREATE,
        { callId },
        user,
      );
      await gql(UPDATE, { pk: createProposal.primaryKey, title }, user);
      if (thickness !== undefined)
        await gql(
          ANSWER,
          {
            q: createProposal.questionaryId,
            topic: call.topicId,
            answers: [
              {
                questionId: numberQuestion,
                value: JSON.stringify({ value: { value: thickness, unit: null } }),
              },
            ],
          },
          user,
        );
      pks[title] = createProposal.primaryKey;
    };
    await make(ada, 'Magnetic order in thin films', call.callId, 5);
    await make(ada, 'Phonons in graphite', call.callId, 12);
    await make(bob, 'Zeolite diffusion', call.callId, 40);
    await make(bob, 'Archaeology of bronze', otherCall.callId);
  });
  afterAll(() => t.close());

  it('filters by call, sorts by title both ways, pages and counts', async () => {
    expect(
      await titles({ filter: { callId: call.callId }, sortField: 'title', sortDirection: 'ASC' }),
    ).toEqual(['Magnetic order in thin films', 'Phonons in graphite', 'Zeolite diffusion']);
    const page = await core({
      filter: { callId: call.callId },
      sortField: 'title',
      sortDirection: 'DESC',
      first: 1,
      offset: 1,
    });
    expect(page).toMatchObject({ totalCount: 3, proposalViews: [{ title: 'Phonons in graphite' }] });
    expect(page.proposalViews[0]).toMatchObject({
      statusName: expect.any(String),
      callShortCode: expect.stringMatching(/^CALL-/),
    });
  });

  it('searches reference, title and the PI by word prefix, and follows a renamed PI', async () => {
    expect(await titles({ searchText: 'magn thin' })).toEqual(['Magnetic order in thin films']);
    const byPi = await titles({ filter: { text: 'Bob' }, sortField: 'title', sortDirection: 'ASC' });
    expect(byPi).toEqual(['Archaeology of bronze', 'Zeolite diffusion']);
    await gql(`mutation($id: Int!) { updateUser(id: $id, firstname: "Roberta") { id } }`, { id: bob.id });
    expect(await titles({ filter: { text: 'Roberta' } })).toHaveLength(2);
    const ref = (await core({ filter: { callId: call.callId }, first: 1 })).proposalViews[0].proposalId;
    expect((await core({ searchText: ref })).proposalViews.map((v) => v.proposalId)).toContain(ref);
    expect((await core({ filter: { referenceNumbers: [ref] } })).totalCount).toBe(1);
  });

  it('filters by an answer: number greater / less than, exists', async () => {
    const filter = (compareOperator: string, value: string) => ({
      filter: {
        questionFilter: { questionId: numberQuestion, compareOperator, value, dataType: 'NUMBER_INPUT' },
      },
      sortField: 'title',
      sortDirection: 'ASC',
    });
    expect(await titles(filter('GREATER_THAN', '10'))).toEqual(['Phonons in graphite', 'Zeolite diffusion']);
    expect(await titles(filter('LESS_THAN', '10'))).toEqual(['Magnetic order in thin films']);
    expect(await titles(filter('EQUALS', '40'))).toEqual(['Zeolite diffusion']);
    expect(await titles(filter('EXISTS', ''))).toHaveLength(3);
    const bad = await t.gql(CORE, filter('GREATER_THAN', 'lots'), officer.token);
    expect(bad.errors?.[0].message).toBe(viewMessages.questionFilterValue);
  });

  it('filters by status and excludes statuses, following status changes', async () => {
    const statuses = (await gql<{ getStatuses: { id: number; shortCode: string }[] }>(STATUSES, {}))
      .getStatuses;
    const id = (code: string) => statuses.find((s) => s.shortCode === code)!.id;
    await gql(CHANGE, { pks: [pks['Zeolite diffusion']], statusId: id('UNDER_REVIEW') });
    const under = await core({ filter: { proposalStatusId: id('UNDER_REVIEW') } });
    expect(under.proposalViews.map((v) => [v.title, v.statusName])).toEqual([
      ['Zeolite diffusion', expect.stringMatching(/review/i)],
    ]);
    // the counts kept per call and status follow the change; a page past the end still says how many there are
    expect(under.totalCount).toBe(1);
    expect(
      await core({
        filter: { callId: call.callId, excludeProposalStatusIds: [id('UNDER_REVIEW')] },
        first: 1,
        offset: 5,
      }),
    ).toEqual({ totalCount: 2, proposalViews: [] });
    expect(
      await titles({
        filter: { callId: call.callId, excludeProposalStatusIds: [id('UNDER_REVIEW')] },
        sortField: 'title',
        sortDirection: 'ASC',
      }),
    ).toEqual(['Magnetic order in thin films', 'Phonons in graphite']);
    const basic = (
      await gql<{ getProposalCoreBasic: { primaryKey: number }[] }>(BASIC, {
        filter: { callId: call.callId },
      })
    ).getProposalCoreBasic;
    expect(basic).toHaveLength(3);
  });

  it('filters by technique (one, several, all) and by the submitted (else created) date range', async () => {
    const technique = async (shortCode: string) =>
      (
        await gql<{ createTechnique: { id: number } }>(
          `mutation($s: String!) { createTechnique(name: $s, shortCode: $s, description: "d") { id } }`,
          { s: shortCode },
        )
      ).createTechnique.id;
    const [saxs, nmr] = [await technique('SAXS'), await technique('NMR')];
    const assign = (pk: number, techniqueIds: number[]) =>
      gql(
        `mutation($pk: Int!, $ids: [Int!]!) { assignProposalToTechniques(proposalPk: $pk, techniqueIds: $ids) }`,
        {
          pk,
          ids: techniqueIds,
        },
      );
    await assign(pks['Magnetic order in thin films'], [saxs]);
    await assign(pks['Phonons in graphite'], [saxs, nmr]);
    const byTitle = { sortField: 'title', sortDirection: 'ASC' };
    expect(await titles({ filter: { techniqueFilter: { techniqueId: nmr } }, ...byTitle })).toEqual([
      'Phonons in graphite',
    ]);
    expect(await titles({ filter: { techniqueFilter: { techniqueId: saxs } }, ...byTitle })).toEqual([
      'Magnetic order in thin films',
      'Phonons in graphite',
    ]);
    expect(
      await titles({ filter: { techniqueFilter: { showMultiTechniqueProposals: true } }, ...byTitle }),
    ).toEqual(['Phonons in graphite']);
    expect(
      (
        await core({
          filter: { callId: call.callId, techniqueFilter: { techniqueId: nmr, showAllProposals: true } },
        })
      ).totalCount,
    ).toBe(3);
    const hour = 3600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const inRange = (dateFilter: object) => core({ filter: { callId: call.callId, dateFilter } });
    expect((await inRange({ from: at(-hour), to: at(hour) })).totalCount).toBe(3);
    expect((await inRange({ from: at(-hour) })).totalCount).toBe(3);
    expect((await inRange({ from: at(hour) })).totalCount).toBe(0);
    expect((await inRange({ to: at(-hour) })).totalCount).toBe(0);
  });

  it('refuses unknown sort fields and huge pages with a clear message', async () => {
    const res = await t.gql(CORE, { sortField: 'abstract' }, officer.token);
    expect(res.errors?.[0]).toMatchObject({
      message: viewMessages.unknownSortField('abstract'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const big = await t.gql(CORE, { first: 5000 }, officer.token);
    expect(big.errors?.[0].message).toBe(viewMessages.pageTooLarge(1000));
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      { operation: 'getProposalsCore', document: CORE, allowed: [Role.USER_OFFICER] },
      { operation: 'getProposalCoreBasic', document: BASIC, allowed: [Role.USER_OFFICER] },
    ];
    expect(await accessMatrix(t, cases, await apiTokenFor(t))).toEqual(expectedMatrix(cases, true));
  });

  // FerretDB (the tests' MongoDB) takes over a minute to load and scan 12,000 documents: this one runs on the
  // relational stores; on Mongo the estimate reads the same sample (hashInt4, the contract suite) by the same rule
  const itAtScale = store === 'mongo' ? it.skip : it;
  itAtScale(
    'estimates a large count from the sample only when asked, says so, and counts exactly otherwise',
    async () => {
      const bulk = 12_000;
      const callId = 987_654;
      await bulkProposals(t, store, callId, bulk);
      const ESTIMATED = `query($filter: ProposalsFilter, $searchText: String, $allow: Boolean, $first: Int) {
      getProposalsCore(filter: $filter, searchText: $searchText, allowEstimatedCount: $allow, first: $first) {
        totalCount totalCountEstimated proposalViews { primaryKey } } }`;
      const count = async (variables: Record<string, unknown>) =>
        (
          await gql<{ getProposalsCore: { totalCount: number; totalCountEstimated: boolean } }>(
            ESTIMATED,
            variables,
          )
        ).getProposalsCore;
      const numbers = (value: string) => ({
        callId,
        questionFilter: {
          questionId: 'bulk_number',
          compareOperator: 'GREATER_THAN',
          value,
          dataType: 'NUMBER_INPUT',
        },
      });
      const near = (estimate: number, exact: number) => Math.abs(estimate - exact) / exact;

      // a search matching 6,000: about 6,000 when asked (rounded to two figures), exact otherwise
      const about = await count({ filter: { callId }, searchText: 'neutron', allow: true });
      expect(about.totalCountEstimated).toBe(true);
      expect(near(about.totalCount, 6000)).toBeLessThan(0.15);
      expect(about.totalCount).toBe(roundEstimate(about.totalCount));
      expect(await count({ filter: { callId }, searchText: 'neutron' })).toMatchObject({
        totalCount: 6000,
        totalCountEstimated: false,
      });
      // the exact figure is one request away: the same query, no rows
      expect(await count({ filter: { callId }, searchText: 'neutron', first: 0 })).toMatchObject({
        totalCount: 6000,
        totalCountEstimated: false,
      });
      // a question filter matching 6,000 (answers above 49) is estimated; one matching 120 is counted
      const answers = await count({ filter: numbers('49'), allow: true });
      expect(answers.totalCountEstimated).toBe(true);
      expect(near(answers.totalCount, 6000)).toBeLessThan(0.15);
      expect(await count({ filter: numbers('98'), allow: true })).toMatchObject({
        totalCount: 120,
        totalCountEstimated: false,
      });
      // the call's own count is kept by the projection: exact whatever is asked
      expect(await count({ filter: { callId }, allow: true })).toMatchObject({
        totalCount: bulk,
        totalCountEstimated: false,
      });
      // a page that is not full is its own count
      expect(await count({ searchText: 'magnetic', allow: true })).toMatchObject({
        totalCount: 1,
        totalCountEstimated: false,
      });
      expect(EXACT_COUNT_LIMIT).toBeLessThan(6000);
      expect([49_873, 12_345, 5_449, 87].map(roundEstimate)).toEqual([50_000, 12_000, 5_400, 87]);
    },
  );
});
