import { Role, technicalReviewMessages, techniqueRuleMessages } from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  settledHead,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const REVIEW =
  'id proposalPk instrumentId status timeAllocation comment publicComment submitted technicalReviewAssigneeId reviewerId';
const CREATE_INSTRUMENT = `mutation($name: String!, $shortCode: String!, $managerUserId: Int) {
  createInstrument(name: $name, shortCode: $shortCode, description: "d", managerUserId: $managerUserId) { id } }`;
const ASSIGN_SCIENTISTS = `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`;
const CREATE_TECHNIQUE = `mutation($name: String!, $shortCode: String!) { createTechnique(name: $name, shortCode: $shortCode, description: "d") { id } }`;
const ASSIGN_T_SCIENTISTS = `mutation($s: [Int!]!, $t: Int!) { assignScientistsToTechnique(scientistIds: $s, techniqueId: $t) }`;
const ASSIGN = `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`;
const REMOVE = `mutation($p: [Int!]!, $i: Int) { removeProposalsFromInstrument(proposalPks: $p, instrumentId: $i) }`;
const ASSIGN_TECHNIQUES = `mutation($p: Int!, $t: [Int!]!) { assignProposalToTechniques(proposalPk: $p, techniqueIds: $t) }`;
const ADD = `mutation($p: Int!, $i: Int!, $status: TechnicalReviewStatus, $time: Float, $comment: String, $public: String, $submitted: Boolean) {
  addTechnicalReview(proposalPk: $p, instrumentId: $i, status: $status, timeAllocation: $time, comment: $comment, publicComment: $public, submitted: $submitted) { ${REVIEW} } }`;
const SUBMIT = `mutation($r: [SubmitTechnicalReviewInput!]!) { submitTechnicalReviews(technicalReviews: $r) }`;
const REASSIGN = `mutation($u: Int!, $p: [Int!]!, $i: Int!) { updateTechnicalReviewAssignee(userId: $u, proposalPks: $p, instrumentId: $i) { ${REVIEW} } }`;
const REVIEWS = `query($p: Int!) { technicalReviews(proposalPk: $p) { ${REVIEW} } }`;
const GET_REVIEW = `query($id: Int!) { getTechnicalReview(technicalReviewId: $id) { id status } }`;
const PROPOSAL_REVIEWS = `query($p: Int!) { getProposal(primaryKey: $p) { technicalReviews { status publicComment comment timeAllocation } } }`;
const VIEW = `primaryKey instruments { id name shortCode } techniques { id name }
  technicalReviews { status timeAllocation instrumentId submitted technicalReviewAssignee { id firstname lastname } }`;
const CORE = `query($f: ProposalsFilter, $s: String) { getProposalsCore(filter: $f, sortField: $s) { totalCount proposalViews { ${VIEW} } } }`;
const SCIENTIST_LIST = `query($f: ProposalsFilter) { getInstrumentScientistProposals(filter: $f) { totalCount proposalViews { primaryKey } } }`;
const TECHNIQUE_LIST = `query($f: ProposalsFilter) { getTechniqueScientistProposals(filter: $f) { totalCount proposalViews { primaryKey } } }`;
const TECHNIQUE_BASIC = `query { getTechniqueScientistProposalsBasic { primaryKey } }`;
const CHANGE_T_STATUS = `mutation($s: Int!, $p: [Int!]!) { changeTechniqueProposalsStatus(statusId: $s, proposalPks: $p) }`;
const ASSIGN_T_INSTRUMENTS = `mutation($p: [Int!]!, $i: [Int!]!) { assignTechniqueProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`;
const STATUSES = `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`;
const STATUS_OF = `query($pk: Int!) { getProposal(primaryKey: $pk) { proposalId status { shortCode } } }`;

interface Review {
  id: number;
  proposalPk: number;
  instrumentId: number;
  status: string | null;
  timeAllocation: number | null;
  comment: string | null;
  publicComment: string | null;
  submitted: boolean;
  technicalReviewAssigneeId: number | null;
  reviewerId: number | null;
}

describe.each<TestStore>(moduleStores())('technical reviews end to end (%s)', (store) => {
  let t: TestApp;
  let officer: TestUser;
  let scientist: TestUser;
  let otherScientist: TestUser;
  let pi: TestUser;
  let instrumentId: number;
  let otherInstrumentId: number;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let status: Record<string, number>;
  let head: () => Promise<number>;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  /** a submitted proposal of the call, by the PI */
  async function submittedProposal(): Promise<{ pk: number; proposalId: string }> {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
      { c: call.callId },
      pi,
    );
    const pk = createProposal.primaryKey;
    await gql(
      `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Spin", abstract: "Waves") { primaryKey } }`,
      { pk },
      pi,
    );
    await gql(
      `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
      {
        q: createProposal.questionaryId,
        topic: call.topicId,
        a: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    await gql(`mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`, { pk }, pi);
    const { getProposal } = await gql<{ getProposal: { proposalId: string } }>(STATUS_OF, { pk }, officer);
    return { pk, proposalId: getProposal.proposalId };
  }

  const reviewsOf = async (pk: number, user = officer) =>
    (await gql<{ technicalReviews: Review[] }>(REVIEWS, { p: pk }, user)).technicalReviews;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Ada' });
    otherScientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    pi = await createUser(t);
    const made = async (name: string) =>
      (
        await gql<{ createInstrument: { id: number } }>(
          CREATE_INSTRUMENT,
          { name, shortCode: `${name}-${store}` },
          officer,
        )
      ).createInstrument.id;
    instrumentId = await made('Xray');
    otherInstrumentId = await made('Neutron');
    await gql(ASSIGN_SCIENTISTS, { s: [scientist.id], i: instrumentId }, officer);
    await gql(ASSIGN_SCIENTISTS, { s: [otherScientist.id], i: otherInstrumentId }, officer);
    call = await createOpenCall(t, officer.token);
    const listed = await gql<{ getStatuses: { id: number; shortCode: string }[] }>(STATUSES, {}, officer);
    status = Object.fromEntries(listed.getStatuses.map((s) => [s.shortCode, s.id]));
  });
  afterAll(() => t.close());

  it('assigns proposals to instruments with a review stub each; the staff table shows, filters and sorts them', async () => {
    const a = await submittedProposal();
    const b = await submittedProposal();
    expect(
      (
        await gql<{ assignProposalsToInstruments: boolean }>(
          ASSIGN,
          { p: [a.pk, b.pk], i: [instrumentId] },
          officer,
        )
      ).assignProposalsToInstruments,
    ).toBe(true);
    expect(await reviewsOf(a.pk)).toEqual([
      expect.objectContaining({
        proposalPk: a.pk,
        instrumentId,
        status: 'UNFEASIBLE',
        submitted: false,
        technicalReviewAssigneeId: scientist.id,
        reviewerId: null,
      }),
    ]);
    // b goes on both instruments: its X-ray review stays, a Neutron one is added for the other scientist
    const [bXray] = await reviewsOf(b.pk);
    await gql(ASSIGN, { p: [b.pk], i: [instrumentId, otherInstrumentId] }, officer);
    const bReviews = await reviewsOf(b.pk);
    expect(bReviews.map((r) => [r.id === bXray.id, r.instrumentId, r.technicalReviewAssigneeId])).toEqual([
      [true, instrumentId, scientist.id],
      [false, otherInstrumentId, otherScientist.id],
    ]);
    const core = async (f: Record<string, unknown>, s?: string) =>
      (
        await gql<{
          getProposalsCore: {
            totalCount: number;
            proposalViews: {
              primaryKey: number;
              instruments: { id: number }[];
              technicalReviews: unknown[];
            }[];
          };
        }>(CORE, { f: { callId: call.callId, ...f }, s }, officer)
      ).getProposalsCore;
    const view = (await core({})).proposalViews.find((v) => v.primaryKey === a.pk)!;
    expect(view).toEqual({
      primaryKey: a.pk,
      instruments: [{ id: instrumentId, name: 'Xray', shortCode: `Xray-${store}` }],
      techniques: [],
      technicalReviews: [
        {
          status: 'UNFEASIBLE',
          timeAllocation: null,
          instrumentId,
          submitted: false,
          technicalReviewAssignee: { id: scientist.id, firstname: 'Ada', lastname: 'Tester' },
        },
      ],
    });
    expect(
      (await core({ instrumentFilter: { instrumentId: otherInstrumentId } })).proposalViews.map(
        (v) => v.primaryKey,
      ),
    ).toEqual([b.pk]);
    expect(
      (await core({ instrumentFilter: { showMultiInstrumentProposals: true } })).proposalViews.map(
        (v) => v.primaryKey,
      ),
    ).toEqual([b.pk]);
    expect(
      (await core({ instrumentFilter: { showAllProposals: true, instrumentId: otherInstrumentId } }))
        .totalCount,
    ).toBeGreaterThanOrEqual(2);
    for (const s of [
      'instrument',
      'technicalReviewStatus',
      'technicalReviewTimeAllocation',
      'technicalReviewAssignee',
    ])
      expect((await core({}, s)).totalCount).toBeGreaterThanOrEqual(2);

    // a renamed instrument is shown renamed
    await gql(
      `mutation($id: Int!, $s: String!) { updateInstrument(id: $id, name: "Xray beam", shortCode: $s, description: "d", managerUserId: null) { id } }`,
      { id: instrumentId, s: `Xray-${store}` },
      officer,
    );
    expect((await core({})).proposalViews.find((v) => v.primaryKey === a.pk)!.instruments).toEqual([
      { id: instrumentId, name: 'Xray beam', shortCode: `Xray-${store}` },
    ]);
    // removing an instrument deletes its review; an empty list removes them all
    await gql(REMOVE, { p: [b.pk], i: otherInstrumentId }, officer);
    expect((await reviewsOf(b.pk)).map((r) => r.instrumentId)).toEqual([instrumentId]);
    await gql(ASSIGN, { p: [b.pk], i: [] }, officer);
    expect(await reviewsOf(b.pk)).toEqual([]);
  });

  it('the assignee saves and submits the review (§5 messages, sanitised); the PI sees the public comment', async () => {
    const p = await submittedProposal();
    await gql(ASSIGN, { p: [p.pk], i: [instrumentId] }, officer);
    const add = (variables: Record<string, unknown>) => ({
      query: ADD,
      variables: { p: p.pk, i: instrumentId, status: 'FEASIBLE', ...variables },
      token: scientist.token,
    });
    await expectRefused(t, add({ status: null }), technicalReviewMessages.statusRequired);
    await expectRefused(t, add({ time: -1 }), technicalReviewMessages.timeAllocationMin);
    await expectRefused(t, add({ time: 100001 }), technicalReviewMessages.timeAllocationMax);
    await expectRefused(t, add({ comment: 'x'.repeat(6001) }), technicalReviewMessages.commentMax);
    await expectRefused(t, add({ public: 'x'.repeat(6001) }), technicalReviewMessages.publicCommentMax);
    await expectRefused(
      t,
      { ...add({}), token: otherScientist.token },
      'You may not change this technical review',
      'FORBIDDEN',
    );
    // before submission the PI sees nothing
    expect(
      (await gql<{ getProposal: { technicalReviews: unknown[] } }>(PROPOSAL_REVIEWS, { p: p.pk }, pi))
        .getProposal.technicalReviews,
    ).toEqual([]);

    const saved = (
      await gql<{ addTechnicalReview: Review }>(
        ADD,
        {
          p: p.pk,
          i: instrumentId,
          status: 'FEASIBLE',
          time: 3,
          comment: 'Fine<script>alert(1)</script>',
          public: '<b>Feasible</b>',
        },
        scientist,
      )
    ).addTechnicalReview;
    expect(saved).toMatchObject({
      status: 'FEASIBLE',
      timeAllocation: 3,
      comment: 'Fine',
      publicComment: '<b>Feasible</b>',
      submitted: false,
      reviewerId: scientist.id,
    });

    expect(
      (
        await gql<{ submitTechnicalReviews: boolean }>(
          SUBMIT,
          { r: [{ proposalPk: p.pk, instrumentId, submitted: true }] },
          scientist,
        )
      ).submitTechnicalReviews,
    ).toBe(true);
    await expectRefused(
      t,
      add({ comment: 'later' }),
      'The technical review has been submitted: only the user office can change it',
      'FORBIDDEN',
    );
    // re-assigning a submitted review has no effect
    await gql(ASSIGN_SCIENTISTS, { s: [otherScientist.id], i: instrumentId }, officer);
    const [after] = (
      await gql<{ updateTechnicalReviewAssignee: Review[] }>(
        REASSIGN,
        { u: otherScientist.id, p: [p.pk], i: instrumentId },
        officer,
      )
    ).updateTechnicalReviewAssignee;
    expect(after.technicalReviewAssigneeId).toBe(scientist.id);
    expect(
      (await gql<{ getProposal: { technicalReviews: unknown[] } }>(PROPOSAL_REVIEWS, { p: p.pk }, pi))
        .getProposal.technicalReviews,
    ).toEqual([{ status: 'FEASIBLE', publicComment: '<b>Feasible</b>', comment: null, timeAllocation: 3 }]);
    await expectRefused(
      t,
      { query: REVIEWS, variables: { p: p.pk }, token: (await createUser(t)).token },
      'You may not see this proposal', // the proposal's own refusal (issue 38)
      'FORBIDDEN',
    );
    // an officer un-submits it
    expect(
      (
        await gql<{ addTechnicalReview: Review }>(
          ADD,
          {
            p: p.pk,
            i: instrumentId,
            status: 'FEASIBLE',
            time: 3,
            comment: 'Fine',
            public: '<b>Feasible</b>',
            submitted: false,
          },
          officer,
        )
      ).addTechnicalReview.submitted,
    ).toBe(false);
  });

  it('re-assigns only to a scientist of the instrument; submits all or nothing; the scientist lists', async () => {
    const p = await submittedProposal();
    const q = await submittedProposal();
    await gql(ASSIGN, { p: [p.pk, q.pk], i: [otherInstrumentId] }, officer);
    await expectRefused(
      t,
      { query: REASSIGN, variables: { u: pi.id, p: [p.pk], i: otherInstrumentId }, token: officer.token },
      'The new assignee must be a scientist or the manager of the instrument',
    );
    await expectRefused(
      t,
      {
        query: REASSIGN,
        variables: { u: scientist.id, p: [p.pk], i: otherInstrumentId },
        token: scientist.token,
      },
      'You do not have permission to do this',
      'FORBIDDEN',
    );
    // scientist is not the assignee of q's review: nothing is submitted, not even p's
    await gql(ASSIGN_SCIENTISTS, { s: [otherScientist.id, scientist.id], i: otherInstrumentId }, officer);
    await gql(REASSIGN, { u: scientist.id, p: [p.pk], i: otherInstrumentId }, otherScientist);
    await expectRefused(
      t,
      {
        query: SUBMIT,
        variables: {
          r: [p, q].map((x) => ({ proposalPk: x.pk, instrumentId: otherInstrumentId, submitted: true })),
        },
        token: scientist.token,
      },
      'You may not change this technical review',
      'FORBIDDEN',
    );
    expect((await reviewsOf(p.pk)).map((r) => r.submitted)).toEqual([false]);

    const list = async (user: TestUser, f: Record<string, unknown> = {}) =>
      (
        await gql<{ getInstrumentScientistProposals: { proposalViews: { primaryKey: number }[] } }>(
          SCIENTIST_LIST,
          { f: { callId: call.callId, ...f } },
          user,
        )
      ).getInstrumentScientistProposals.proposalViews.map((v) => v.primaryKey);
    const mine = await list(scientist, { reviewer: 'ME' });
    expect(mine).toContain(p.pk);
    expect(mine).not.toContain(q.pk);
    expect(await list(scientist)).toEqual(expect.arrayContaining([p.pk, q.pk]));
    const stranger = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    expect(await list(stranger)).toEqual([]);
    expect(await list(officer)).toEqual(expect.arrayContaining([p.pk, q.pk]));
  });

  it('technique proposals: the §4 rules refuse the whole request on the server', async () => {
    await gql(
      'mutation { updateFeatures(input: { featureIds: [TECHNIQUE_PROPOSALS], action: ENABLE }) { id } }',
      {},
      officer,
    );
    const { createTechnique } = await gql<{ createTechnique: { id: number } }>(
      CREATE_TECHNIQUE,
      { name: 'Diffraction', shortCode: `DIF-${store}` },
      officer,
    );
    await gql(ASSIGN_T_SCIENTISTS, { s: [scientist.id], t: createTechnique.id }, officer);
    const p = await submittedProposal();
    const q = await submittedProposal();
    for (const x of [p, q]) await gql(ASSIGN_TECHNIQUES, { p: x.pk, t: [createTechnique.id] }, officer);
    const shortCode = async (pk: number) =>
      (await gql<{ getProposal: { status: { shortCode: string } } }>(STATUS_OF, { pk }, officer)).getProposal
        .status.shortCode;
    expect(await shortCode(p.pk)).toBe('SUBMITTED_LOCKED');

    const listed = (
      await gql<{ getTechniqueScientistProposals: { proposalViews: { primaryKey: number }[] } }>(
        TECHNIQUE_LIST,
        { f: { callId: call.callId } },
        scientist,
      )
    ).getTechniqueScientistProposals.proposalViews.map((v) => v.primaryKey);
    expect(listed).toEqual(expect.arrayContaining([p.pk, q.pk]));

    // APPROVED while SUBMITTED_LOCKED: refused, naming both proposals; nothing changes
    await expectRefused(
      t,
      { query: CHANGE_T_STATUS, variables: { s: status.APPROVED, p: [p.pk, q.pk] }, token: scientist.token },
      techniqueRuleMessages.refused([p.proposalId, q.proposalId], techniqueRuleMessages.approvedLocked),
    );
    await expectRefused(
      t,
      { query: ASSIGN_T_INSTRUMENTS, variables: { p: [p.pk], i: [instrumentId] }, token: scientist.token },
      techniqueRuleMessages.refused([p.proposalId], techniqueRuleMessages.instrumentOnlyUnderReview),
    );
    await gql(CHANGE_T_STATUS, { s: status.UNDER_REVIEW, p: [p.pk] }, scientist);
    expect(await shortCode(p.pk)).toBe('UNDER_REVIEW');
    await expectRefused(
      t,
      { query: CHANGE_T_STATUS, variables: { s: status.APPROVED, p: [p.pk] }, token: scientist.token },
      techniqueRuleMessages.refused([p.proposalId], techniqueRuleMessages.approvedNeedsInstrument),
    );
    await gql(ASSIGN_T_INSTRUMENTS, { p: [p.pk], i: [instrumentId] }, scientist);
    await gql(CHANGE_T_STATUS, { s: status.APPROVED, p: [p.pk] }, scientist);
    expect(await shortCode(p.pk)).toBe('APPROVED');
    await expectRefused(
      t,
      { query: CHANGE_T_STATUS, variables: { s: status.EXPIRED, p: [q.pk] }, token: scientist.token },
      techniqueRuleMessages.refused([q.proposalId], techniqueRuleMessages.expiredOfficersOnly),
    );
    // an officer is not bound by them (UNSUCCESSFUL from SUBMITTED_LOCKED)
    await expectRefused(
      t,
      { query: CHANGE_T_STATUS, variables: { s: status.UNSUCCESSFUL, p: [q.pk] }, token: scientist.token },
      techniqueRuleMessages.refused([q.proposalId], techniqueRuleMessages.unsuccessfulLocked),
    );
    await gql(CHANGE_T_STATUS, { s: status.UNSUCCESSFUL, p: [q.pk] }, officer);
    expect(await shortCode(q.pk)).toBe('UNSUCCESSFUL');
    // a scientist of no technique of the proposal is refused
    await expectRefused(
      t,
      {
        query: CHANGE_T_STATUS,
        variables: { s: status.UNDER_REVIEW, p: [p.pk] },
        token: otherScientist.token,
      },
      `You are not a scientist of a technique of proposal ${p.proposalId}`,
      'FORBIDDEN',
    );
  });

  it('lets exactly the expected callers through each operation', async () => {
    await gql(
      'mutation { updateFeatures(input: { featureIds: [TECHNIQUE_PROPOSALS], action: ENABLE }) { id } }',
      {},
      officer,
    );
    const apiToken = await apiTokenFor(t);
    const permitted = await apiTokenFor(t, [
      'assignProposalsToInstruments',
      'removeProposalsFromInstrument',
      'assignProposalToTechniques',
      'addTechnicalReview',
      'submitTechnicalReviews',
      'updateTechnicalReviewAssignee',
      'getTechnicalReview',
      'technicalReviews',
      'getInstrumentScientistProposals',
      'getTechniqueScientistProposals',
      'getTechniqueScientistProposalsBasic',
      'changeTechniqueProposalsStatus',
      'assignTechniqueProposalsToInstruments',
    ]);
    const before = await settledHead(t);
    const STAFF = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST];
    const EDITORS = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST, Role.FAP_CHAIR, Role.FAP_SECRETARY];
    const ALL_ROLES = Object.values(Role);
    const cases: AccessCase[] = [
      {
        operation: 'assignProposalsToInstruments',
        document: ASSIGN,
        variables: { p: [999999], i: [] },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'removeProposalsFromInstrument',
        document: REMOVE,
        variables: { p: [999999] },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'assignProposalToTechniques',
        document: ASSIGN_TECHNIQUES,
        variables: { p: 999999, t: [] },
        allowed: [Role.USER_OFFICER, Role.USER],
      },
      {
        operation: 'addTechnicalReview',
        document: ADD,
        variables: { p: 999999, i: 1, status: 'FEASIBLE' },
        allowed: EDITORS,
      },
      {
        operation: 'submitTechnicalReviews',
        document: SUBMIT,
        variables: { r: [{ proposalPk: 999999, instrumentId: 1, submitted: true }] },
        allowed: EDITORS,
      },
      {
        operation: 'updateTechnicalReviewAssignee',
        document: REASSIGN,
        variables: { u: 1, p: [999999], i: 999999 },
        allowed: STAFF,
      },
      {
        operation: 'getTechnicalReview',
        document: GET_REVIEW,
        variables: { id: 999999 },
        allowed: ALL_ROLES,
      },
      { operation: 'technicalReviews', document: REVIEWS, variables: { p: 999999 }, allowed: ALL_ROLES },
      {
        operation: 'getInstrumentScientistProposals',
        document: SCIENTIST_LIST,
        variables: { f: { callId: 999999 } },
        allowed: STAFF,
      },
      {
        operation: 'getTechniqueScientistProposals',
        document: TECHNIQUE_LIST,
        variables: { f: { callId: 999999 } },
        allowed: STAFF,
      },
      { operation: 'getTechniqueScientistProposalsBasic', document: TECHNIQUE_BASIC, allowed: STAFF },
      {
        operation: 'changeTechniqueProposalsStatus',
        document: CHANGE_T_STATUS,
        variables: { s: 999999, p: [999999] },
        allowed: STAFF,
      },
      {
        operation: 'assignTechniqueProposalsToInstruments',
        document: ASSIGN_T_INSTRUMENTS,
        variables: { p: [999999], i: [] },
        allowed: STAFF,
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
    // with the permission, an API token is let through the operations that act for no user; the others need a
    // signed-in user (the platform's CurrentUser rule)
    const withoutUser = ['assignProposalsToInstruments', 'removeProposalsFromInstrument'];
    for (const c of cases) {
      const res = await t.gql(c.document, c.variables ?? {}, permitted);
      const message = res.errors?.[0]?.message ?? '';
      expect([
        c.operation,
        message.includes('may not call') ||
          (withoutUser.includes(c.operation) && message.includes('needs a signed-in user')),
      ]).toEqual([c.operation, false]);
    }
    expect(await head()).toBe(before);
  });
});
