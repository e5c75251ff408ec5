import {
  FAP_REVIEWER_ASSIGNED,
  FAP_REVIEW_SUBMITTED,
  PROPOSAL_FAPS_ASSIGNED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_STATUS_CHANGED,
  QUESTIONARY_CREATED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SUBMITTED,
  VISIT_REGISTRATION_APPROVED,
  fapMessages,
  proposalRuleMessages,
  proposalStreamId,
  Role,
  technicalReviewRuleMessages,
  techniqueRuleMessages,
  visitRuleMessages,
} from '@user-office/contracts';
import {
  createOpenCall,
  createUser,
  submittedProposalOnNewInstrument,
  type TestUser,
} from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { TechnicalReviewsRepository } from '../technical-reviews';
import { registrationLabel } from '../visits';
import { statusNotInWorkflow } from './proposals.service';

const CHANGE = `mutation($p: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $p, statusId: $s) { primaryKey } }`;
const STATUS_OF = `query($pk: Int!) { getProposal(primaryKey: $pk) { proposalId status { shortCode } } }`;
const CLONE = `mutation($c: Int!, $p: [Int!]!) { cloneProposals(callId: $c, proposalsToClonePk: $p) { primaryKey title } }`;
const AUTO = `mutation($c: Int!, $f: Int!, $p: [AutomaticAssignmentPairInput!]!) { applyAutomaticAssignment(callId: $c, fapId: $f, pairs: $p) { id } }`;
const ASSIGN_INSTRUMENTS = `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`;
const REMOVE_INSTRUMENT = `mutation($p: [Int!]!, $i: Int) { removeProposalsFromInstrument(proposalPks: $p, instrumentId: $i) }`;
const ASSIGN_FAPS = `mutation($p: [Int!]!, $f: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $f) }`;
const REMOVE_FAPS = `mutation($p: [Int!]!, $f: [Int!]!) { removeProposalsFromFaps(proposalPks: $p, fapIds: $f) }`;
const ASSIGN_TECHNIQUE_INSTRUMENTS = `mutation($p: [Int!]!, $i: [Int!]!) { assignTechniqueProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`;
const CHANGE_TECHNIQUE_STATUS = `mutation($s: Int!, $p: [Int!]!) { changeTechniqueProposalsStatus(statusId: $s, proposalPks: $p) }`;
const REASSIGN = `mutation($u: Int!, $p: [Int!]!, $i: Int!) { updateTechnicalReviewAssignee(userId: $u, proposalPks: $p, instrumentId: $i) { id } }`;
const SUBMIT_TECHNICAL = `mutation($r: [SubmitTechnicalReviewInput!]!) { submitTechnicalReviews(technicalReviews: $r) }`;
const UPDATE_REVIEW = `mutation($r: Int!, $f: Int!, $g: Float, $c: String) { updateReview(reviewID: $r, fapID: $f, grade: $g, comment: $c) { id } }`;
const SUBMIT_REVIEWS = `mutation($p: [ProposalPkWithReviewId!]!) { submitProposalsReview(proposals: $p) }`;
const APPROVE_REGISTRATIONS = `mutation($r: [VisitRegistrationKeyInput!]!) { approveVisitRegistrations(registrations: $r) { status } }`;
const ASSESSMENT_OF = `query($pk: Int!) { getProposal(primaryKey: $pk) {
  instruments { id } faps { id } reviews { id status } technicalReviews { submitted technicalReviewAssigneeId } } }`;
/** far beyond any proposal a test run creates */
const MISSING_PK = 999_999_999;

type Data = Record<string, unknown>;
/** a code no earlier attempt of a test used (a test is retried once) */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

/**
 * The bulk actions' all-or-nothing rule (issue 39): a bulk action is one decision and one append over every stream;
 * one refused item appends nothing and the refusal names it. And two bulk actions over overlapping proposals: one
 * decides again on the other's result, neither loses its change. One app for the whole file.
 */
describe('bulk actions: all or nothing, named refusals, overlapping bulk actions', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let stranger: TestUser;
  let events: EventStore;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let status: Record<string, number>;
  let scientist: TestUser;
  let otherScientist: TestUser;
  let instrumentId: number;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  async function draft(callId: number, owner = pi): Promise<{ pk: number; proposalId: string }> {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; proposalId: string } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey proposalId } }`,
      { c: callId },
      owner,
    );
    await gql(
      `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Spin", abstract: "Waves") { primaryKey } }`,
      { pk: createProposal.primaryKey },
      owner,
    );
    return { pk: createProposal.primaryKey, proposalId: createProposal.proposalId };
  }

  const statusOf = async (pk: number) =>
    (await gql<{ getProposal: { status: { shortCode: string } } }>(STATUS_OF, { pk }, officer)).getProposal
      .status.shortCode;

  interface Assessment {
    instruments: { id: number }[];
    faps: { id: number }[];
    reviews: { id: number; status: string }[];
    technicalReviews: { submitted: boolean; technicalReviewAssigneeId: number | null }[];
  }
  const assessmentOf = async (pk: number): Promise<Assessment> =>
    (await gql<{ getProposal: Assessment }>(ASSESSMENT_OF, { pk }, officer)).getProposal;
  const ofProposals =
    (...pks: number[]) =>
    (data: Data) =>
      pks.includes(data.proposalPk as number);

  /** the events of `type` appended since `before` that `belongs` picks */
  const appendedSince = async (before: number, type: string, belongs: (data: Data) => boolean) =>
    (await events.readAll({ after: before, limit: 10_000 })).filter(
      (e) => e.type === type && belongs(e.data as Data),
    );

  /** `count` events, one append: consecutive positions */
  function expectOneAppend(appended: StoredEvent[], count: number) {
    expect(appended).toHaveLength(count);
    const positions = appended.map((e) => e.position).sort((x, y) => x - y);
    expect(positions[positions.length - 1] - positions[0]).toBe(count - 1);
  }

  /**
   * Refused with `message` (expectRefused: nothing carries the request's correlation id), and no event of `type`
   * appended meanwhile for any item of the batch; the errors, to check the item named.
   */
  async function refusedWhole(
    request: { query: string; variables: Record<string, unknown>; token: string },
    message: string,
    code: string | null,
    type: string,
    belongs: (data: Data) => boolean,
  ) {
    const before = await events.headPosition();
    const errors = await expectRefused(t, request, message, code);
    expect(await appendedSince(before, type, belongs)).toEqual([]);
    return errors;
  }

  /** runs the mutation and expects the `type` events `belongs` picks in one append, `count` of them */
  async function inOneAppend(
    query: string,
    variables: Record<string, unknown>,
    user: TestUser,
    expected: { type: string; belongs: (data: Data) => boolean; count: number },
  ) {
    const before = await events.headPosition();
    await gql(query, variables, user);
    expectOneAppend(await appendedSince(before, expected.type, expected.belongs), expected.count);
  }

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    events = t.app.get<EventStore>(EVENT_STORE);
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t);
    stranger = await createUser(t);
    call = await createOpenCall(t, officer.token);
    const { getStatuses } = await gql<{ getStatuses: { id: number; shortCode: string }[] }>(
      `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`,
      {},
      officer,
    );
    status = Object.fromEntries(getStatuses.map((s) => [s.shortCode, s.id]));
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    otherScientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
      'mutation { createInstrument(name: "Bulk", shortCode: "BLK", description: "d") { id } }',
      {},
      officer,
    );
    instrumentId = createInstrument.id;
    await gql(
      `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`,
      { s: [scientist.id, otherScientist.id], i: instrumentId },
      officer,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('changeProposalsStatus: a proposal whose workflow lacks the status changes nothing, and is named', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    const { createWorkflow } = await gql<{ createWorkflow: { id: number } }>(
      'mutation { createWorkflow(name: "Bare", description: "d", entityType: PROPOSAL) { id } }',
      {},
      officer,
    );
    const bare = await createOpenCall(t, officer.token, { proposalWorkflowId: createWorkflow.id });
    const c = await draft(bare.callId);
    await expectRefused(
      t,
      { query: CHANGE, variables: { p: [a.pk, b.pk, c.pk], s: status.UNDER_REVIEW }, token: officer.token },
      statusNotInWorkflow(status.UNDER_REVIEW, c.proposalId),
    );
    expect(await statusOf(a.pk)).toBe('DRAFT');
    expect(await statusOf(b.pk)).toBe('DRAFT');
    // without the refused one, one append moves both
    const before = await events.headPosition();
    await gql(CHANGE, { p: [a.pk, b.pk], s: status.UNDER_REVIEW }, officer);
    expect(await statusOf(a.pk)).toBe('UNDER_REVIEW');
    const appended = (await events.readAll({ after: before, limit: 1000 })).filter(
      (e) =>
        e.type === 'ProposalStatusChanged' &&
        [a.pk, b.pk].includes((e.data as { proposalPk: number }).proposalPk),
    );
    const manual = appended.filter((e) => (e.data as { changedBy: string }).changedBy === 'user');
    expect(manual).toHaveLength(2);
    // one transaction: consecutive positions
    expect(Math.abs(manual[1].position - manual[0].position)).toBe(1);
  });

  it('cloneProposals: one proposal the caller may not clone clones nothing', async () => {
    const mine = await draft(call.callId, stranger);
    const theirs = await draft(call.callId);
    await expectRefused(
      t,
      { query: CLONE, variables: { c: call.callId, p: [mine.pk, theirs.pk] }, token: stranger.token },
      proposalRuleMessages.mayNotRead,
      'FORBIDDEN',
    );
    const { cloneProposals } = await gql<{ cloneProposals: { primaryKey: number; title: string }[] }>(
      CLONE,
      { c: call.callId, p: [mine.pk, theirs.pk] },
      officer,
    );
    expect(cloneProposals.map((p) => p.title)).toEqual(['Copy of Spin', 'Copy of Spin']);
  });

  it('applyAutomaticAssignment: one pair with a non-member assigns no review, and names the user', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    const member = await createUser(t, { role: Role.FAP_REVIEWER });
    const outsider = await createUser(t);
    const { createFap } = await gql<{ createFap: { id: number } }>(
      'mutation { createFap(code: "BULK", description: "d", numberRatingsRequired: 2, active: true) { id } }',
      {},
      officer,
    );
    const fapId = createFap.id;
    await gql(
      `mutation($f: Int!, $m: [Int!]!) { assignReviewersToFap(fapId: $f, memberIds: $m) { id } }`,
      { f: fapId, m: [member.id] },
      officer,
    );
    await gql(
      `mutation($p: [Int!]!, $f: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $f) }`,
      { p: [a.pk, b.pk], f: [{ fapId }] },
      officer,
    );
    const pairs = [
      { proposalPk: a.pk, userId: member.id },
      { proposalPk: b.pk, userId: member.id },
      { proposalPk: b.pk, userId: outsider.id },
    ];
    const errors = await expectRefused(
      t,
      { query: AUTO, variables: { c: call.callId, f: fapId, p: pairs }, token: officer.token },
      fapMessages.notMember(outsider.id, fapId),
    );
    expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${b.pk}` });
    const { applyAutomaticAssignment } = await gql<{ applyAutomaticAssignment: { id: number }[] }>(
      AUTO,
      { c: call.callId, f: fapId, p: pairs.slice(0, 2) },
      officer,
    );
    expect(applyAutomaticAssignment).toHaveLength(2);
  });

  /** an open call whose reviews (`key`) are answered in a new template of `groupId` */
  const callReviewedWith = async (
    groupId: 'FAP_REVIEW' | 'TECHNICAL_REVIEW',
    key: 'fapReviewTemplateId' | 'technicalReviewTemplateId',
  ) => {
    const { createTemplate } = await gql<{ createTemplate: { templateId: number } }>(
      `mutation { createTemplate(groupId: ${groupId}, name: "Bulk ${groupId}") { templateId } }`,
      {},
      officer,
    );
    const call = await createOpenCall(t, officer.token, { [key]: createTemplate.templateId });
    return { callId: call.callId, templateId: createTemplate.templateId };
  };

  /** the QUESTIONARY_CREATED events appended since `before` */
  const questionariesSince = async (before: number) =>
    (await events.readAll({ after: before, limit: 10_000 })).filter((e) => e.type === QUESTIONARY_CREATED);

  it('applyAutomaticAssignment with a review template: a refused pair creates no questionary; the reviews’ are in their append', async () => {
    const reviewed = await callReviewedWith('FAP_REVIEW', 'fapReviewTemplateId');
    const a = await draft(reviewed.callId);
    const b = await draft(reviewed.callId);
    const member = await createUser(t, { role: Role.FAP_REVIEWER });
    const outsider = await createUser(t);
    const { createFap } = await gql<{ createFap: { id: number } }>(
      `mutation($c: String!) { createFap(code: $c, description: "d", numberRatingsRequired: 2, active: true) { id } }`,
      { c: unique('BULK-Q') },
      officer,
    );
    const fapId = createFap.id;
    await gql(
      `mutation($f: Int!, $m: [Int!]!) { assignReviewersToFap(fapId: $f, memberIds: $m) { id } }`,
      { f: fapId, m: [member.id] },
      officer,
    );
    await gql(ASSIGN_FAPS, { p: [a.pk, b.pk], f: [{ fapId }] }, officer);
    const pairs = [
      { proposalPk: a.pk, userId: member.id },
      { proposalPk: b.pk, userId: member.id },
      { proposalPk: b.pk, userId: outsider.id },
    ];
    let before = await events.headPosition();
    await expectRefused(
      t,
      { query: AUTO, variables: { c: reviewed.callId, f: fapId, p: pairs }, token: officer.token },
      fapMessages.notMember(outsider.id, fapId),
    );
    expect(await questionariesSince(before)).toEqual([]);
    before = await events.headPosition();
    await gql(AUTO, { c: reviewed.callId, f: fapId, p: pairs.slice(0, 2) }, officer);
    const created = await questionariesSince(before);
    const assigned = await appendedSince(before, FAP_REVIEWER_ASSIGNED, ofProposals(a.pk, b.pk));
    // one questionary per review, of the template, the ones the reviews name, all in one append
    expect(created.map((e) => (e.data as Data).templateId)).toEqual([
      reviewed.templateId,
      reviewed.templateId,
    ]);
    expect(created.map((e) => (e.data as Data).questionaryId).sort()).toEqual(
      assigned.map((e) => (e.data as Data).questionaryId).sort(),
    );
    expectOneAppend([...assigned, ...created], 4);
  });

  it('assignProposalsToInstruments with a review template: a refused item creates no questionary, one decided to nothing none', async () => {
    const reviewed = await callReviewedWith('TECHNICAL_REVIEW', 'technicalReviewTemplateId');
    const a = await draft(reviewed.callId);
    const b = await draft(reviewed.callId);
    const c = await draft(reviewed.callId);
    await gql(ASSIGN_INSTRUMENTS, { p: [a.pk], i: [instrumentId] }, officer);
    const reviews = t.app.get(TechnicalReviewsRepository);
    const real = reviews.instrumentIdsOf.bind(reviews);
    // a read model behind the streams: b seen on the instrument already (no review prepared for it), refused; c's
    // review and its questionary prepared, not created
    const spy = jest
      .spyOn(reviews, 'instrumentIdsOf')
      .mockImplementation(async (pks) => new Map([...(await real(pks)), [b.pk, [instrumentId]]]));
    try {
      let before = await events.headPosition();
      const errors = await expectRefused(
        t,
        {
          query: ASSIGN_INSTRUMENTS,
          variables: { p: [a.pk, c.pk, b.pk], i: [instrumentId] },
          token: officer.token,
        },
        `The instruments of proposal ${b.pk} changed meanwhile: try again`,
        'CONFLICT',
      );
      expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${b.pk}` });
      expect(await questionariesSince(before)).toEqual([]);
      expect((await assessmentOf(c.pk)).instruments).toEqual([]);
      // a seen without the instrument it has: its review prepared, decided to nothing, no questionary for it
      spy.mockImplementation(async (pks) => new Map([...(await real(pks)), [a.pk, []]]));
      before = await events.headPosition();
      await gql(ASSIGN_INSTRUMENTS, { p: [a.pk, b.pk], i: [instrumentId] }, officer);
      const created = await questionariesSince(before);
      const assigned = await appendedSince(before, PROPOSAL_INSTRUMENTS_ASSIGNED, ofProposals(a.pk, b.pk));
      expect(assigned.map((e) => (e.data as Data).proposalPk)).toEqual([b.pk]);
      const stubs = (assigned[0].data as { createdReviews: { questionaryId: number }[] }).createdReviews;
      expect(created.map((e) => (e.data as Data).questionaryId)).toEqual(stubs.map((r) => r.questionaryId));
      expectOneAppend([...assigned, ...created], 2);
    } finally {
      spy.mockRestore();
    }
  });

  it('assignProposalsToInstruments: a missing proposal assigns nothing, and is named', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    const errors = await refusedWhole(
      {
        query: ASSIGN_INSTRUMENTS,
        variables: { p: [a.pk, MISSING_PK, b.pk], i: [instrumentId] },
        token: officer.token,
      },
      proposalRuleMessages.notFound,
      'NOT_FOUND',
      PROPOSAL_INSTRUMENTS_ASSIGNED,
      ofProposals(a.pk, b.pk),
    );
    expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${MISSING_PK}` });
    for (const p of [a, b])
      expect(await assessmentOf(p.pk)).toMatchObject({ instruments: [], technicalReviews: [] });
    await inOneAppend(ASSIGN_INSTRUMENTS, { p: [a.pk, b.pk], i: [instrumentId] }, officer, {
      type: PROPOSAL_INSTRUMENTS_ASSIGNED,
      belongs: ofProposals(a.pk, b.pk),
      count: 2,
    });
    for (const p of [a, b]) expect((await assessmentOf(p.pk)).instruments).toEqual([{ id: instrumentId }]);
  });

  it('removeProposalsFromInstrument: a missing proposal removes nothing, and is named', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    await gql(ASSIGN_INSTRUMENTS, { p: [a.pk, b.pk], i: [instrumentId] }, officer);
    const errors = await refusedWhole(
      {
        query: REMOVE_INSTRUMENT,
        variables: { p: [a.pk, b.pk, MISSING_PK], i: instrumentId },
        token: officer.token,
      },
      proposalRuleMessages.notFound,
      'NOT_FOUND',
      PROPOSAL_INSTRUMENTS_ASSIGNED,
      ofProposals(a.pk, b.pk),
    );
    expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${MISSING_PK}` });
    for (const p of [a, b]) {
      const assessment = await assessmentOf(p.pk);
      expect(assessment.instruments).toEqual([{ id: instrumentId }]);
      expect(assessment.technicalReviews).toHaveLength(1);
    }
    await inOneAppend(REMOVE_INSTRUMENT, { p: [a.pk, b.pk], i: instrumentId }, officer, {
      type: PROPOSAL_INSTRUMENTS_ASSIGNED,
      belongs: ofProposals(a.pk, b.pk),
      count: 2,
    });
    for (const p of [a, b])
      expect(await assessmentOf(p.pk)).toMatchObject({ instruments: [], technicalReviews: [] });
  });

  it('assignProposalsToFaps and removeProposalsFromFaps: a missing proposal changes no panel, and is named', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    const { createFap } = await gql<{ createFap: { id: number } }>(
      `mutation($code: String!) { createFap(code: $code, description: "d", numberRatingsRequired: 2, active: true) { id } }`,
      { code: unique('BULK-PANELS') },
      officer,
    );
    const fapId = createFap.id;
    const assign = await refusedWhole(
      {
        query: ASSIGN_FAPS,
        variables: { p: [a.pk, MISSING_PK, b.pk], f: [{ fapId }] },
        token: officer.token,
      },
      proposalRuleMessages.notFound,
      'NOT_FOUND',
      PROPOSAL_FAPS_ASSIGNED,
      ofProposals(a.pk, b.pk),
    );
    expect(assign?.[0].extensions).toMatchObject({ item: `Proposal ${MISSING_PK}` });
    for (const p of [a, b]) expect((await assessmentOf(p.pk)).faps).toEqual([]);
    await inOneAppend(ASSIGN_FAPS, { p: [a.pk, b.pk], f: [{ fapId }] }, officer, {
      type: PROPOSAL_FAPS_ASSIGNED,
      belongs: ofProposals(a.pk, b.pk),
      count: 2,
    });
    for (const p of [a, b]) expect((await assessmentOf(p.pk)).faps).toEqual([{ id: fapId }]);

    const remove = await refusedWhole(
      { query: REMOVE_FAPS, variables: { p: [a.pk, b.pk, MISSING_PK], f: [fapId] }, token: officer.token },
      proposalRuleMessages.notFound,
      'NOT_FOUND',
      PROPOSAL_FAPS_ASSIGNED,
      ofProposals(a.pk, b.pk),
    );
    expect(remove?.[0].extensions).toMatchObject({ item: `Proposal ${MISSING_PK}` });
    for (const p of [a, b]) expect((await assessmentOf(p.pk)).faps).toEqual([{ id: fapId }]);
    await inOneAppend(REMOVE_FAPS, { p: [a.pk, b.pk], f: [fapId] }, officer, {
      type: PROPOSAL_FAPS_ASSIGNED,
      belongs: ofProposals(a.pk, b.pk),
      count: 2,
    });
    for (const p of [a, b]) expect((await assessmentOf(p.pk)).faps).toEqual([]);
  });

  it('technique proposals: one proposal a §4 rule refuses changes no instrument and no status, and is named', async () => {
    await gql(
      'mutation { updateFeatures(input: { featureIds: [TECHNIQUE_PROPOSALS], action: ENABLE }) { id } }',
      {},
      officer,
    );
    const { createTechnique } = await gql<{ createTechnique: { id: number } }>(
      `mutation($code: String!) { createTechnique(name: "Bulk", shortCode: $code, description: "d") { id } }`,
      { code: unique('BLK') },
      officer,
    );
    await gql(
      `mutation($s: [Int!]!, $t: Int!) { assignScientistsToTechnique(scientistIds: $s, techniqueId: $t) }`,
      { s: [scientist.id], t: createTechnique.id },
      officer,
    );
    const [a, b, c] = [await draft(call.callId), await draft(call.callId), await draft(call.callId)];
    for (const p of [a, b, c])
      await gql(
        `mutation($p: Int!, $t: [Int!]!) { assignProposalToTechniques(proposalPk: $p, techniqueIds: $t) }`,
        { p: p.pk, t: [createTechnique.id] },
        officer,
      );
    // a and b under review, c a draft: the instrument changes only while UNDER_REVIEW (for a scientist)
    await gql(CHANGE, { p: [a.pk, b.pk], s: status.UNDER_REVIEW }, officer);
    await refusedWhole(
      {
        query: ASSIGN_TECHNIQUE_INSTRUMENTS,
        variables: { p: [a.pk, c.pk, b.pk], i: [instrumentId] },
        token: scientist.token,
      },
      techniqueRuleMessages.refused([c.proposalId], techniqueRuleMessages.instrumentOnlyUnderReview),
      'BAD_USER_INPUT',
      PROPOSAL_INSTRUMENTS_ASSIGNED,
      ofProposals(a.pk, b.pk, c.pk),
    );
    for (const p of [a, b, c]) expect((await assessmentOf(p.pk)).instruments).toEqual([]);
    await inOneAppend(ASSIGN_TECHNIQUE_INSTRUMENTS, { p: [a.pk, b.pk], i: [instrumentId] }, scientist, {
      type: PROPOSAL_INSTRUMENTS_ASSIGNED,
      belongs: ofProposals(a.pk, b.pk),
      count: 2,
    });
    for (const p of [a, b]) expect((await assessmentOf(p.pk)).instruments).toEqual([{ id: instrumentId }]);

    // DRAFT is read-only in the technique table: approving a, b and c approves none
    const manual = (data: Data) => ofProposals(a.pk, b.pk, c.pk)(data) && data.changedBy === 'user';
    await refusedWhole(
      {
        query: CHANGE_TECHNIQUE_STATUS,
        variables: { s: status.APPROVED, p: [a.pk, b.pk, c.pk] },
        token: scientist.token,
      },
      techniqueRuleMessages.refused([c.proposalId], techniqueRuleMessages.readOnly('DRAFT')),
      'BAD_USER_INPUT',
      PROPOSAL_STATUS_CHANGED,
      manual,
    );
    expect([await statusOf(a.pk), await statusOf(b.pk), await statusOf(c.pk)]).toEqual([
      'UNDER_REVIEW',
      'UNDER_REVIEW',
      'DRAFT',
    ]);
    await inOneAppend(CHANGE_TECHNIQUE_STATUS, { s: status.APPROVED, p: [a.pk, b.pk] }, scientist, {
      type: PROPOSAL_STATUS_CHANGED,
      belongs: manual,
      count: 2,
    });
    expect([await statusOf(a.pk), await statusOf(b.pk)]).toEqual(['APPROVED', 'APPROVED']);
  });

  it('updateTechnicalReviewAssignee: a proposal not on the instrument re-assigns nothing, and is named', async () => {
    const [a, b, c] = [await draft(call.callId), await draft(call.callId), await draft(call.callId)];
    await gql(ASSIGN_INSTRUMENTS, { p: [a.pk, c.pk], i: [instrumentId] }, officer);
    const assigneeOf = async (pk: number) =>
      (await assessmentOf(pk)).technicalReviews.map((r) => r.technicalReviewAssigneeId);
    expect(await assigneeOf(a.pk)).toEqual([scientist.id]);
    const errors = await refusedWhole(
      {
        query: REASSIGN,
        variables: { u: otherScientist.id, p: [a.pk, b.pk, c.pk], i: instrumentId },
        token: officer.token,
      },
      technicalReviewRuleMessages.proposalNotOnInstrument(b.pk, instrumentId),
      'NOT_FOUND',
      TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
      ofProposals(a.pk, b.pk, c.pk),
    );
    expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${b.pk}` });
    for (const p of [a, c]) expect(await assigneeOf(p.pk)).toEqual([scientist.id]);
    await inOneAppend(REASSIGN, { u: otherScientist.id, p: [a.pk, c.pk], i: instrumentId }, officer, {
      type: TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
      belongs: ofProposals(a.pk, c.pk),
      count: 2,
    });
    for (const p of [a, c]) expect(await assigneeOf(p.pk)).toEqual([otherScientist.id]);
  });

  it('submitTechnicalReviews: one review the scientist may not edit submits none, and is named', async () => {
    const [a, b, c] = [await draft(call.callId), await draft(call.callId), await draft(call.callId)];
    await gql(ASSIGN_INSTRUMENTS, { p: [a.pk, b.pk, c.pk], i: [instrumentId] }, officer);
    await gql(REASSIGN, { u: otherScientist.id, p: [b.pk], i: instrumentId }, officer);
    const submit = (...ps: { pk: number }[]) =>
      ps.map((p) => ({ proposalPk: p.pk, instrumentId, submitted: true }));
    const errors = await refusedWhole(
      { query: SUBMIT_TECHNICAL, variables: { r: submit(a, b, c) }, token: scientist.token },
      technicalReviewRuleMessages.mayNotEdit,
      'FORBIDDEN',
      TECHNICAL_REVIEW_SUBMITTED,
      ofProposals(a.pk, b.pk, c.pk),
    );
    expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${b.pk}` });
    for (const p of [a, b, c])
      expect((await assessmentOf(p.pk)).technicalReviews.map((r) => r.submitted)).toEqual([false]);
    await inOneAppend(SUBMIT_TECHNICAL, { r: submit(a, c) }, scientist, {
      type: TECHNICAL_REVIEW_SUBMITTED,
      belongs: ofProposals(a.pk, c.pk),
      count: 2,
    });
    for (const p of [a, c])
      expect((await assessmentOf(p.pk)).technicalReviews.map((r) => r.submitted)).toEqual([true]);
  });

  it('submitProposalsReview: one review without a grade submits none, and is named', async () => {
    const [a, b, c] = [await draft(call.callId), await draft(call.callId), await draft(call.callId)];
    const member = await createUser(t, { role: Role.FAP_REVIEWER });
    const { createFap } = await gql<{ createFap: { id: number } }>(
      `mutation($code: String!) { createFap(code: $code, description: "d", numberRatingsRequired: 1, active: true) { id } }`,
      { code: unique('BULK-REVIEWS') },
      officer,
    );
    const fapId = createFap.id;
    await gql(
      `mutation($f: Int!, $m: [Int!]!) { assignReviewersToFap(fapId: $f, memberIds: $m) { id } }`,
      { f: fapId, m: [member.id] },
      officer,
    );
    await gql(ASSIGN_FAPS, { p: [a.pk, b.pk, c.pk], f: [{ fapId }] }, officer);
    await gql(
      AUTO,
      { c: call.callId, f: fapId, p: [a, b, c].map((p) => ({ proposalPk: p.pk, userId: member.id })) },
      officer,
    );
    const reviewOf = async (pk: number) => (await assessmentOf(pk)).reviews[0];
    const [ra, rb, rc] = [await reviewOf(a.pk), await reviewOf(b.pk), await reviewOf(c.pk)];
    for (const r of [ra, rc]) await gql(UPDATE_REVIEW, { r: r.id, f: fapId, g: 3, c: 'Sound' }, member);
    const items = (...pairs: [{ pk: number }, { id: number }][]) =>
      pairs.map(([p, r]) => ({ proposalPk: p.pk, reviewId: r.id }));
    await refusedWhole(
      { query: SUBMIT_REVIEWS, variables: { p: items([a, ra], [b, rb], [c, rc]) }, token: member.token },
      fapMessages.incompleteReviews([rb.id]),
      'BAD_USER_INPUT',
      FAP_REVIEW_SUBMITTED,
      ofProposals(a.pk, b.pk, c.pk),
    );
    for (const p of [a, b, c]) expect((await reviewOf(p.pk)).status).toBe('DRAFT');
    await inOneAppend(SUBMIT_REVIEWS, { p: items([a, ra], [c, rc]) }, member, {
      type: FAP_REVIEW_SUBMITTED,
      belongs: ofProposals(a.pk, c.pk),
      count: 2,
    });
    for (const p of [a, c]) expect((await reviewOf(p.pk)).status).toBe('SUBMITTED');
  });

  it('approveVisitRegistrations: one registration not submitted approves none, and is named', async () => {
    const visitor = await createUser(t);
    const teammate = await createUser(t);
    const { instrumentId: xray, proposalPk } = await submittedProposalOnNewInstrument(t, {
      officer,
      pi: visitor,
      coProposers: [teammate],
    });
    await gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: true) { primaryKey } }`,
      { pk: proposalPk, a: [{ instrumentId: xray, value: 3 }] },
      officer,
    );
    const inDays = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000).toISOString();
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      'mutation { createTemplate(groupId: VISIT_REGISTRATION, name: "Visit") { templateId steps { topic { id } } } }',
      {},
      officer,
    );
    await gql(
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: VISIT_REGISTRATION, templateId: $t) }`,
      { t: createTemplate.templateId },
      officer,
    );
    // two experiments (two streams), each with a visit; the visitor registers and submits on both
    const visits: number[] = [];
    for (const [from, team] of [
      [10, [visitor.id]],
      [20, [visitor.id, teammate.id]],
    ] as const) {
      const { createExperiment } = await gql<{ createExperiment: { experimentPk: number } }>(
        `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
        { i: { proposalPk, instrumentId: xray, startsAt: inDays(from), endsAt: inDays(from + 1) } },
        officer,
      );
      const { createVisit } = await gql<{ createVisit: { id: number } }>(
        `mutation($e: Int!, $team: [Int!]!, $lead: Int) { createVisit(experimentPk: $e, team: $team, teamLeadUserId: $lead) { id } }`,
        { e: createExperiment.experimentPk, team: [...team], lead: visitor.id },
        visitor,
      );
      const v = createVisit.id;
      const { createVisitRegistration } = await gql<{
        createVisitRegistration: { registrationQuestionaryId: number };
      }>(
        `mutation($v: Int!, $u: Int!) { createVisitRegistration(visitId: $v, userId: $u) { registrationQuestionaryId } }`,
        { v, u: visitor.id },
        visitor,
      );
      await gql(
        `mutation($v: Int!, $s: String, $e: String) { updateVisitRegistration(visitId: $v, startsAt: $s, endsAt: $e) { status } }`,
        { v, s: inDays(from - 1), e: inDays(from + 2) },
        visitor,
      );
      await gql(
        `mutation($q: Int!, $topic: Int!) { answerTopic(questionaryId: $q, topicId: $topic, answers: []) { isCompleted } }`,
        { q: createVisitRegistration.registrationQuestionaryId, topic: createTemplate.steps[0].topic.id },
        visitor,
      );
      await gql(`mutation($v: Int!) { submitVisitRegistration(visitId: $v) { status } }`, { v }, visitor);
      visits.push(v);
    }
    const [first, second] = visits;
    const ofVisits = (data: Data) => visits.includes(data.visitId as number);
    const statuses = async () =>
      Promise.all(
        [
          [first, visitor],
          [second, visitor],
          [second, teammate],
        ].map(
          async ([v, u]) =>
            (
              await gql<{ getVisitRegistration: { status: string } }>(
                `query($v: Int!, $u: Int!) { getVisitRegistration(visitId: $v, userId: $u) { status } }`,
                { v, u: (u as TestUser).id },
                officer,
              )
            ).getVisitRegistration.status,
        ),
      );
    const key = (visitId: number, user: TestUser) => ({ visitId, userId: user.id });
    const errors = await refusedWhole(
      {
        query: APPROVE_REGISTRATIONS,
        variables: { r: [key(first, visitor), key(second, teammate), key(second, visitor)] },
        token: officer.token,
      },
      visitRuleMessages.notSubmitted,
      'BAD_USER_INPUT',
      VISIT_REGISTRATION_APPROVED,
      ofVisits,
    );
    expect(errors?.[0].extensions).toMatchObject({ item: registrationLabel(second, teammate.id) });
    expect(await statuses()).toEqual(['SUBMITTED', 'SUBMITTED', 'DRAFTED']);
    await inOneAppend(APPROVE_REGISTRATIONS, { r: [key(first, visitor), key(second, visitor)] }, officer, {
      type: VISIT_REGISTRATION_APPROVED,
      belongs: ofVisits,
      count: 2,
    });
    expect(await statuses()).toEqual(['APPROVED', 'APPROVED', 'DRAFTED']);
  });

  it('two bulk status changes over overlapping proposals: both land, neither loses the other’s change', async () => {
    const ps = await Promise.all(Array.from({ length: 6 }, () => draft(call.callId)));
    const left = ps.slice(0, 4).map((p) => p.pk);
    const right = ps.slice(2).map((p) => p.pk);
    const send = (pks: number[], statusId: number, correlationId: string) =>
      t
        .http()
        .post('/graphql')
        .set('content-type', 'application/json')
        .set('authorization', `Bearer ${officer.token}`)
        .set('x-correlation-id', correlationId)
        .send({ query: CHANGE, variables: { p: pks, s: statusId } });
    const tag = `overlap-${process.pid}-${Date.now()}`;
    const [l, r] = await Promise.all([
      send(left, status.UNDER_REVIEW, `${tag}-left`),
      send(right, status.APPROVED, `${tag}-right`),
    ]);
    expect((l.body as { errors?: unknown }).errors).toBeUndefined();
    expect((r.body as { errors?: unknown }).errors).toBeUndefined();
    for (const p of ps) {
      const stream = await events.readStream(proposalStreamId(p.pk));
      const mine = (side: string) =>
        stream.filter(
          (e) => e.type === 'ProposalStatusChanged' && e.metadata.correlationId === `${tag}-${side}`,
        );
      expect(mine('left')).toHaveLength(left.includes(p.pk) ? 1 : 0);
      expect(mine('right')).toHaveLength(right.includes(p.pk) ? 1 : 0);
    }
  });
});
