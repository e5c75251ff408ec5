import { Workbook } from 'exceljs';
import type { Response as ParsedResponse } from 'superagent';
import { Role, fapMessages, reviewMessages } from '@user-office/contracts';
import {
  ALL_ROLES,
  EVERYONE,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
  type Caller,
} from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { UsersService } from '../users';
import { FapsRepository } from './read-models/faps/faps.repository';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const FAP =
  'id code description numberRatingsRequired active fapChairs { id } fapSecretaries { id } proposalCount';
const CREATE_FAP = `mutation($code: String, $d: String, $n: Int, $a: Boolean) {
  createFap(code: $code, description: $d, numberRatingsRequired: $n, active: $a) { ${FAP} } }`;
const UPDATE_FAP = `mutation($id: Int!, $code: String, $d: String, $n: Int, $a: Boolean) {
  updateFap(id: $id, code: $code, description: $d, numberRatingsRequired: $n, active: $a) { ${FAP} } }`;
const DELETE_FAP = `mutation($id: Int!) { deleteFap(id: $id) { id } }`;
const GET_FAP = `query($id: Int!) { getFap(id: $id) { ${FAP} fapChairsCurrentProposalCounts { userId count } } }`;
const GET_FAPS = `query($f: FapsFilter) { getFaps(filter: $f) { totalCount faps { id code } } }`;
const GET_FAPS_MINIMAL = `query { getFapsMinimal { id code } }`;
const USER_FAPS = `query { getUserFaps { id code } }`;
const MEMBERS_QUERY = `query($f: Int!) { fapMembers(fapId: $f) { userId role reviewCount } }`;
const REVIEWERS = `query($f: Int!) { fapReviewers(fapId: $f) { userId } }`;
const CHAIR = `mutation($i: AssignChairOrSecretaryToFapInput!) { assignChairOrSecretary(assignChairOrSecretaryToFapInput: $i) { id } }`;
const ASSIGN_REVIEWERS = `mutation($m: [Int!]!, $f: Int!) { assignReviewersToFap(memberIds: $m, fapId: $f) { id } }`;
const REMOVE_MEMBER = `mutation($m: Int!, $f: Int!, $r: UserRole) { removeMemberFromFap(memberId: $m, fapId: $f, roleId: $r) { id } }`;
const ASSIGN_PROPOSALS = `mutation($p: [Int!]!, $fi: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $fi) }`;
const REMOVE_PROPOSALS = `mutation($p: [Int!]!, $f: [Int!]!) { removeProposalsFromFaps(proposalPks: $p, fapIds: $f) }`;
const FAP_TO_CALL = `mutation($i: [Int!]!, $c: Int!, $f: Int) { updateFapToCallInstrument(instrumentIds: $i, callId: $c, fapId: $f) }`;
const SUBMIT_INSTRUMENT = `mutation($f: Int!, $c: Int!, $i: Int!) { submitInstrumentInFap(fapId: $f, callId: $c, instrumentId: $i) }`;
const UNSUBMIT_INSTRUMENT = `mutation($f: Int!, $c: Int!, $i: Int!) { unsubmitInstrumentInFap(fapId: $f, callId: $c, instrumentId: $i) }`;
const INSTRUMENTS_BY_FAP = `query($f: Int!, $c: Int!) { instrumentsByFap(fapId: $f, callId: $c) { id name availabilityTime submitted } }`;
const FAP_PROPOSAL_FIELDS = `proposalPk instrumentId fapTimeAllocation averageGrade gradeSpread calibratedScore reviewCount rank
  inAvailabilityZone instrumentSubmitted assignments { fapMemberUserId overrideReason conflicts }
  meetingDecision { recommendation commentForUser submitted submittedBy history { recommendation commentForUser by } }`;
const FAP_PROPOSALS = `query($f: Int!, $c: Int) { fapProposals(fapId: $f, callId: $c) { ${FAP_PROPOSAL_FIELDS} } }`;
const FAP_PROPOSAL = `query($f: Int!, $p: Int!) { fapProposal(fapId: $f, proposalPk: $p) { proposalPk proposal { title } } }`;
const BY_INSTRUMENT = `query($f: Int!, $c: Int!, $i: Int!) { fapProposalsByInstrument(fapId: $f, callId: $c, instrumentId: $i) { proposalPk rank } }`;
const REVIEW =
  'id userID proposalPk status grade comment fapID questionaryID overrideReason conflicts reviewer { id }';
const ADD_REVIEWER = `mutation($u: Int!, $p: Int!, $f: Int!, $o: String) { addUserForReview(userID: $u, proposalPk: $p, fapID: $f, overrideReason: $o) { ${REVIEW} } }`;
const REMOVE_REVIEWER = `mutation($r: Int!, $f: Int!) { removeUserForReview(reviewId: $r, fapId: $f) }`;
const CONFLICTS = `query($f: Int!, $p: Int!) { conflictsOfInterest(fapId: $f, proposalPk: $p) { userId conflicts { kind hard reason } } }`;
const PREVIEW = `query($f: Int!, $c: Int!) { previewAutomaticAssignment(fapId: $f, callId: $c) {
  pairs { proposalPk userId reason } unfilled { proposalPk missing } loads { userId load }
  skippedForConflict { proposalPk userId reasons } maxLoad } }`;
const APPLY = `mutation($f: Int!, $c: Int!, $p: [AutomaticAssignmentPairInput!]!) { applyAutomaticAssignment(fapId: $f, callId: $c, pairs: $p) { ${REVIEW} } }`;
const RANK = `mutation($p: Int!, $r: Int!, $rank: Int) { saveReviewerRank(proposalPk: $p, reviewId: $r, rank: $rank) }`;
const TIME = `mutation($f: Int!, $p: Int!, $t: Float) { updateFapTimeAllocation(fapId: $f, proposalPk: $p, fapTimeAllocation: $t) { fapTimeAllocation } }`;
const UPDATE_REVIEW = `mutation($r: Int!, $f: Int!, $g: Float, $c: String, $s: ReviewStatus) {
  updateReview(reviewID: $r, fapID: $f, grade: $g, comment: $c, status: $s) { ${REVIEW} } }`;
const SUBMIT_REVIEWS = `mutation($p: [ProposalPkWithReviewId!]!) { submitProposalsReview(proposals: $p) }`;
const SAMPLE_REVIEW = `mutation { submitSampleReview(sampleId: 1) }`;
const GET_REVIEW = `query($r: Int!) { getReview(reviewId: $r) { id } }`;
const REVIEWS = `query($f: ReviewsFilter) { reviews(filter: $f) { id userID } }`;
const PROPOSAL_REVIEWS = `query($p: Int!) { proposalReviews(proposalPk: $p) { id userID } }`;
const USER_WITH_REVIEWS = `query($r: ReviewerFilter) { userWithReviews(reviewer: $r) { id reviews { id status grade fapID
  proposal { primaryKey proposalId title callShortCode instrumentShortCodes } } } }`;
const SAVE_DECISION = `mutation($i: SaveFapMeetingDecisionInput!) { saveFapMeetingDecision(saveFapMeetingDecisionInput: $i) {
  proposalPk recommendation commentForUser commentForManagement rankOrder submitted submittedBy history { commentForUser by } } }`;
const REORDER = `mutation($i: ReorderFapMeetingDecisionProposalsInput!) { reorderFapMeetingDecisionProposals(reorderFapMeetingDecisionProposalsInput: $i) }`;
const SUBMIT_DECISIONS = `mutation($i: SubmitFapMeetingDecisionsInput!) { submitFapMeetingDecisions(submitFapMeetingDecisionsInput: $i) {
  submitted { proposalPk submitted submittedBy } incomplete { proposalPk } } }`;
const CORE = `query($f: ProposalsFilter) { getProposalsCore(filter: $f) { totalCount proposalViews { primaryKey faps fapIds fapInstruments { instrumentId fapId } } } }`;
const GET_PROPOSAL = `query($p: Int!) { getProposal(primaryKey: $p) { primaryKey } }`;

const binary = (res: ParsedResponse, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

interface EventLog {
  eventType: string;
  objectType: string;
  changedObjectId: string;
  proposalPk: number | null;
  description: string;
}

interface Review {
  id: number;
  questionaryID: number | null;
  userID: number;
  proposalPk: number;
  status: string;
  grade: number | null;
  comment: string | null;
  overrideReason: string | null;
  conflicts: string[];
}

describe.each<TestStore>(moduleStores())('FAPs end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: TestUser;
  let chair: TestUser;
  let secretary: TestUser;
  let reviewerA: TestUser;
  let reviewerB: TestUser;
  let reviewerC: TestUser;
  let coProposer: TestUser;
  let pi: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let instrumentId: number;
  let fapId: number;
  let otherFapId: number;
  /** the institution the PI and reviewer B share (its name is in the conflict's reason) */
  const INSTITUTION_NAME = 'Institut Laue-Langevin';
  let institutionId: number;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  /** a user with a role and an institution, created through the users module */
  async function person(
    role: Role,
    firstname: string,
    institutionId: number | null = null,
  ): Promise<TestUser> {
    const { user } = await t.app.get(UsersService).create({
      firstname,
      lastname: 'Panel',
      email: `${firstname.toLowerCase()}.${process.pid}.${Date.now()}@example.org`,
      oidcSub: null,
      placeholder: false,
      roles: [role],
      source: 'login',
      institutionId,
    });
    return { id: user.id, token: t.token({ id: user.id, roles: [role], currentRole: role }) };
  }

  async function submittedProposal(
    title: string,
    inCall: Awaited<ReturnType<typeof createOpenCall>> = call,
  ): Promise<{ pk: number; proposalId: string }> {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
      { c: inCall.callId },
      pi,
    );
    const pk = createProposal.primaryKey;
    await gql(
      `mutation($pk: Int!, $t: String, $u: [Int!]) { updateProposal(proposalPk: $pk, title: $t, abstract: "Waves", users: $u) { primaryKey } }`,
      { pk, t: title, u: [coProposer.id] },
      pi,
    );
    await gql(
      `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
      {
        q: createProposal.questionaryId,
        topic: inCall.topicId,
        a: [{ questionId: inCall.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    const { submitProposal } = await gql<{ submitProposal: { proposalId: string } }>(
      `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { proposalId } }`,
      { pk },
      pi,
    );
    return { pk, proposalId: submitProposal.proposalId };
  }

  /** the events appended on the FAP streams since `position` (reactions may append elsewhere meanwhile) */
  const fapEventsSince = async (position: number) =>
    (await t.app.get<EventStore>(EVENT_STORE).readAll({ after: position, limit: 10_000 }))
      .filter((e) => e.streamId.startsWith('fap-'))
      .map((e) => e.type);

  const download = (path: string, token: string | null) => {
    const req = t.http().get(path);
    if (token) req.set('authorization', `Bearer ${token}`);
    return req.buffer(true).parse(binary);
  };

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    const { getCountries } = await gql<{ getCountries: { id: number }[] }>(
      '{ getCountries { id } }',
      {},
      officer,
    );
    institutionId = (
      await gql<{ createInstitution: { id: number } }>(
        'mutation($n: String!, $c: Int!) { createInstitution(name: $n, country: $c) { id } }',
        { n: INSTITUTION_NAME, c: getCountries[0].id },
        officer,
      )
    ).createInstitution.id;
    chair = await person(Role.USER, 'Chair');
    secretary = await person(Role.USER, 'Secretary');
    reviewerA = await person(Role.FAP_REVIEWER, 'Alice');
    reviewerB = await person(Role.FAP_REVIEWER, 'Bob', institutionId);
    reviewerC = await person(Role.FAP_REVIEWER, 'Carol');
    coProposer = await person(Role.USER, 'Cole');
    pi = await person(Role.USER, 'Pia', institutionId);
    // the chair and secretary act in the roles they are given by the assignment below
    chair.token = t.token({ id: chair.id, roles: [Role.FAP_CHAIR], currentRole: Role.FAP_CHAIR });
    secretary.token = t.token({
      id: secretary.id,
      roles: [Role.FAP_SECRETARY],
      currentRole: Role.FAP_SECRETARY,
    });
    const { createTemplate } = await gql<{ createTemplate: { templateId: number } }>(
      `mutation { createTemplate(groupId: FAP_REVIEW, name: "Panel review") { templateId } }`,
      {},
      officer,
    );
    call = await createOpenCall(t, officer.token, { fapReviewTemplateId: createTemplate.templateId });
    instrumentId = (
      await gql<{ createInstrument: { id: number } }>(
        `mutation { createInstrument(name: "Larmor", shortCode: "LAR", description: "d") { id } }`,
        {},
        officer,
      )
    ).createInstrument.id;
  });
  afterAll(() => t.close());

  it('creates panels (bad input refused, appending nothing), gives members their roles and lists them', async () => {
    await expectRefused(
      t,
      { query: CREATE_FAP, variables: { code: ' ', d: 'Physics', n: 2, a: true }, token: officer.token },
      fapMessages.codeRequired,
    );
    await expectRefused(
      t,
      { query: CREATE_FAP, variables: { code: 'FAP-X', d: 'Physics', n: 2 }, token: officer.token },
      fapMessages.activeRequired,
    );
    const { createFap } = await gql<{ createFap: { id: number; code: string } }>(
      CREATE_FAP,
      { code: 'FAP-PHY', d: 'Physics', n: 2, a: true },
      officer,
    );
    fapId = createFap.id;
    await expectRefused(
      t,
      { query: CREATE_FAP, variables: { code: 'fap-phy', d: 'Other', n: 1, a: true }, token: officer.token },
      fapMessages.codeTaken('fap-phy'),
    );
    otherFapId = (
      await gql<{ createFap: { id: number } }>(
        CREATE_FAP,
        { code: 'FAP-CHEM', d: 'Chemistry', n: 1, a: true },
        officer,
      )
    ).createFap.id;
    await gql(CHAIR, { i: { fapId, userId: chair.id, roleId: 'FAP_CHAIR' } }, officer);
    await gql(CHAIR, { i: { fapId, userId: secretary.id, roleId: 'FAP_SECRETARY' } }, officer);
    await expectRefused(
      t,
      { query: CHAIR, variables: { i: { fapId, userId: chair.id, roleId: 'USER' } }, token: officer.token },
      fapMessages.notChairOrSecretaryRole,
    );
    await gql(
      ASSIGN_REVIEWERS,
      { m: [reviewerA.id, reviewerB.id, reviewerC.id, coProposer.id], f: fapId },
      chair,
    );
    // roles granted with the membership
    const users = t.app.get(UsersService);
    expect((await users.byId(chair.id))!.roles).toEqual([Role.USER, Role.FAP_CHAIR]);
    expect((await users.byId(coProposer.id))!.roles).toEqual([Role.USER, Role.FAP_REVIEWER]);
    const { getFap } = await gql<{
      getFap: { fapChairs: { id: number }[]; fapSecretaries: { id: number }[] };
    }>(GET_FAP, { id: fapId }, chair);
    expect(getFap).toMatchObject({ fapChairs: [{ id: chair.id }], fapSecretaries: [{ id: secretary.id }] });
    expect((await gql<{ getUserFaps: { id: number }[] }>(USER_FAPS, {}, chair)).getUserFaps).toEqual([
      { id: fapId, code: 'FAP-PHY' },
    ]);
    // a chair lists their panels only; an officer every one
    expect((await gql<{ getFaps: { totalCount: number } }>(GET_FAPS, {}, chair)).getFaps.totalCount).toBe(1);
    expect(
      (await gql<{ getFaps: { faps: { code: string }[] } }>(GET_FAPS, { f: { filter: 'chem' } }, officer))
        .getFaps.faps,
    ).toEqual([{ id: otherFapId, code: 'FAP-CHEM' }]);
    // the chair of one panel may not add reviewers to another
    await expectRefused(
      t,
      { query: ASSIGN_REVIEWERS, variables: { m: [reviewerA.id], f: otherFapId }, token: chair.token },
      fapMessages.notChairOrSecretaryOfFap,
      'FORBIDDEN',
    );
    const { updateFap } = await gql<{ updateFap: { description: string } }>(
      UPDATE_FAP,
      { id: fapId, code: 'FAP-PHY', d: 'Physics and more', n: 2, a: true },
      officer,
    );
    expect(updateFap.description).toBe('Physics and more');
  });

  it('puts proposals on the panel, assigns reviewers refusing conflicts, grades, decides and exports', async () => {
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: [{ instrumentId }] },
      officer,
    );
    await gql(FAP_TO_CALL, { i: [instrumentId], c: call.callId, f: fapId }, officer);
    await gql(
      `mutation($c: Int!, $i: Int!) { setInstrumentAvailabilityTime(callId: $c, instrumentId: $i, availabilityTime: 10) }`,
      { c: call.callId, i: instrumentId },
      officer,
    );
    const a = await submittedProposal('Spin waves');
    const b = await submittedProposal('Magnons');
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [a.pk, b.pk], i: [instrumentId] },
      officer,
    );
    await gql(
      `mutation($p: Int!, $i: Int!) { addTechnicalReview(proposalPk: $p, instrumentId: $i, status: FEASIBLE, timeAllocation: 6) { id } }`,
      { p: a.pk, i: instrumentId },
      officer,
    );
    await gql(ASSIGN_PROPOSALS, { p: [a.pk, b.pk], fi: [{ fapId, instrumentId }] }, officer);

    // the staff table shows and filters the panel
    const core = await gql<{
      getProposalsCore: { totalCount: number; proposalViews: Record<string, unknown>[] };
    }>(CORE, { f: { callId: call.callId, fapId } }, officer);
    expect(core.getProposalsCore.proposalViews).toEqual(
      expect.arrayContaining([
        { primaryKey: a.pk, faps: ['FAP-PHY'], fapIds: [fapId], fapInstruments: [{ instrumentId, fapId }] },
      ]),
    );
    expect(core.getProposalsCore.totalCount).toBe(2);
    expect(
      (await gql<{ getProposalsCore: { totalCount: number } }>(CORE, { f: { fapId: otherFapId } }, officer))
        .getProposalsCore.totalCount,
    ).toBe(0);

    // conflicts of interest, by the server, with their reasons
    const { conflictsOfInterest } = await gql<{
      conflictsOfInterest: { userId: number; conflicts: { kind: string; hard: boolean }[] }[];
    }>(CONFLICTS, { f: fapId, p: a.pk }, chair);
    expect(
      Object.fromEntries(conflictsOfInterest.map((c) => [c.userId, c.conflicts.map((x) => x.kind)])),
    ).toEqual({
      [chair.id]: [],
      [secretary.id]: [],
      [reviewerA.id]: [],
      [reviewerB.id]: ['INSTITUTION'],
      [reviewerC.id]: [],
      // the co-proposer also co-authored the earlier proposal with the PI
      [coProposer.id]: ['PROPOSER', 'COAUTHOR'],
    });
    const refusedHard = await expectRefused(
      t,
      {
        query: ADD_REVIEWER,
        variables: { u: coProposer.id, p: a.pk, f: fapId, o: 'We need him' },
        token: chair.token,
      },
      fapMessages.hardConflict('Cole Panel'),
      'FORBIDDEN',
    );
    expect(refusedHard?.[0].message).toContain(
      'is the principal investigator or a co-proposer of the proposal',
    );
    await expectRefused(
      t,
      { query: ADD_REVIEWER, variables: { u: reviewerB.id, p: a.pk, f: fapId }, token: chair.token },
      fapMessages.softConflict('Bob Panel', `Shares the PI's institution (${INSTITUTION_NAME})`),
    );
    await expectRefused(
      t,
      { query: ADD_REVIEWER, variables: { u: officer.id, p: a.pk, f: fapId }, token: chair.token },
      fapMessages.notMember(officer.id, fapId),
    );
    const overridden = (
      await gql<{ addUserForReview: Review }>(
        ADD_REVIEWER,
        { u: reviewerB.id, p: a.pk, f: fapId, o: 'Only expert on magnons' },
        chair,
      )
    ).addUserForReview;
    expect(overridden).toMatchObject({
      status: 'DRAFT',
      overrideReason: 'Only expert on magnons',
      conflicts: [`Shares the PI's institution (${INSTITUTION_NAME})`],
    });
    // the override and its reason are in the proposal's history (the Logs tab asks by proposalPk) and say what
    // they changed: a FAP review (its id), not a bare number that is also a status's or a workflow's
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const LOGS = `query($p: Int, $o: String, $id: String) { getEventLogs(proposalPk: $p, objectType: $o, changedObjectId: $id) {
      eventType objectType changedObjectId proposalPk description } }`;
    const history = (await gql<{ getEventLogs: EventLog[] }>(LOGS, { p: a.pk }, officer)).getEventLogs;
    expect(history).toContainEqual({
      eventType: 'FapReviewerAssigned',
      objectType: 'fap-review',
      changedObjectId: String(overridden.id),
      proposalPk: a.pk,
      description: expect.stringContaining('conflict overridden: Only expert on magnons'),
    });
    expect(history).toContainEqual(
      expect.objectContaining({ eventType: 'ProposalSubmitted', objectType: 'proposal' }),
    );
    expect(history.every((e) => e.proposalPk === a.pk)).toBe(true);
    const review = (
      await gql<{ getEventLogs: EventLog[] }>(LOGS, { o: 'fap-review', id: String(overridden.id) }, officer)
    ).getEventLogs;
    expect(review.map((e) => e.eventType)).toEqual(['FapReviewerAssigned']);
    const proposalOnly = (
      await gql<{ getEventLogs: EventLog[] }>(LOGS, { o: 'proposal', id: String(a.pk) }, officer)
    ).getEventLogs;
    expect(proposalOnly.length).toBeGreaterThan(0);
    expect(proposalOnly.every((e) => e.objectType === 'proposal' && e.proposalPk === a.pk)).toBe(true);
    expect((await t.gql(LOGS, { p: a.pk }, chair.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // and in the proposal's History tab (what changed, folded from the events): the review's accepted conflicts
    // and the reason, given by the chair
    const CHANGES = `query($pk: Int!, $from: DateTime!, $to: DateTime!) {
      proposalChanges(proposalPk: $pk, from: $from, to: $to) { field eventType after changedById } }`;
    const { proposalChanges } = await gql<{
      proposalChanges: { field: string; eventType: string; after: string | null; changedById: number }[];
    }>(
      CHANGES,
      {
        pk: a.pk,
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
      },
      officer,
    );
    expect(proposalChanges.filter((c) => c.field.startsWith(`fapReview.${overridden.id}.`))).toEqual(
      expect.arrayContaining([
        {
          field: `fapReview.${overridden.id}.overrideReason`,
          eventType: 'FapReviewerAssigned',
          after: JSON.stringify('Only expert on magnons'),
          changedById: chair.id,
        },
        {
          field: `fapReview.${overridden.id}.conflicts`,
          eventType: 'FapReviewerAssigned',
          after: JSON.stringify([`Shares the PI's institution (${INSTITUTION_NAME})`]),
          changedById: chair.id,
        },
      ]),
    );

    const reviewA = (
      await gql<{ addUserForReview: Review }>(ADD_REVIEWER, { u: reviewerA.id, p: a.pk, f: fapId }, chair)
    ).addUserForReview;
    await gql(ADD_REVIEWER, { u: reviewerA.id, p: b.pk, f: fapId }, secretary);

    // the review's questionary, of the call's FAP review template: its reviewer reads it, another reviewer not
    expect(reviewA.questionaryID).toEqual(expect.any(Number));
    const QUESTIONARY = `query($q: Int!) { getQuestionary(questionaryId: $q) { questionaryId } }`;
    expect((await t.gql(QUESTIONARY, { q: reviewA.questionaryID }, reviewerA.token)).errors).toBeUndefined();
    expect((await t.gql(QUESTIONARY, { q: reviewA.questionaryID }, chair.token)).errors).toBeUndefined();
    expect(
      (await t.gql(QUESTIONARY, { q: reviewA.questionaryID }, reviewerC.token)).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
    // the status actions' recipients FAP_REVIEWERS and FAP_CHAIR_AND_SECRETARY
    const repository = t.app.get(FapsRepository);
    expect(await repository.reviewerIdsOf(a.pk)).toEqual([reviewerA.id, reviewerB.id].sort((x, y) => x - y));
    expect(await repository.chairAndSecretaryIdsOf(a.pk)).toEqual(
      [chair.id, secretary.id].sort((x, y) => x - y),
    );

    // the reviewer reads the proposal they review, not another
    expect((await t.gql(GET_PROPOSAL, { p: a.pk }, reviewerA.token)).errors).toBeUndefined();
    expect((await t.gql(GET_PROPOSAL, { p: a.pk }, reviewerC.token)).errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await t.gql(GET_PROPOSAL, { p: b.pk }, chair.token)).errors).toBeUndefined();

    // grades: the spec's messages, nothing appended
    const update = (v: Record<string, unknown>, user = reviewerA) => ({
      query: UPDATE_REVIEW,
      variables: { r: reviewA.id, f: fapId, g: 2, c: 'Fine', ...v },
      token: user.token,
    });
    await expectRefused(t, update({ g: 11 }), reviewMessages.gradeMax);
    await expectRefused(t, update({ g: 0 }), reviewMessages.gradeMin);
    await expectRefused(t, update({ g: 2.5 }), fapMessages.gradePrecision(1));
    await expectRefused(t, update({ c: '' }), reviewMessages.commentRequired);
    await expectRefused(t, update({ c: '<p> </p>' }), reviewMessages.commentRequired);
    await expectRefused(t, update({ c: 'x'.repeat(6001) }), reviewMessages.commentMax);
    await expectRefused(t, update({}, reviewerB), fapMessages.onlyOwnReview, 'FORBIDDEN');
    await expectRefused(
      t,
      { ...update({}), variables: { ...update({}).variables, r: 999999 } },
      fapMessages.reviewNotFound,
      'NOT_FOUND',
    );
    const saved = (
      await gql<{ updateReview: Review }>(
        UPDATE_REVIEW,
        { r: reviewA.id, f: fapId, g: 2, c: '<p>Good</p><script>alert(1)</script>', s: 'SUBMITTED' },
        reviewerA,
      )
    ).updateReview;
    expect(saved).toMatchObject({ grade: 2, comment: '<p>Good</p>', status: 'SUBMITTED' });
    await expectRefused(t, update({ g: 3 }), fapMessages.submittedFinal);
    // bulk submit: refused listing the incomplete, then the complete one submitted
    await expectRefused(
      t,
      {
        query: SUBMIT_REVIEWS,
        variables: { p: [{ proposalPk: a.pk, reviewId: overridden.id }] },
        token: reviewerB.token,
      },
      fapMessages.incompleteReviews([overridden.id]),
    );
    // graded in the review's questionary: the FAP_REVIEW_BASIS answer is saved on the review (updateReview's rules)
    const { getQuestionary } = await gql<{ getQuestionary: { steps: { topic: { id: number } }[] } }>(
      `query($q: Int!) { getQuestionary(questionaryId: $q) { steps { topic { id } } } }`,
      { q: overridden.questionaryID },
      reviewerB,
    );
    await gql(
      `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
      {
        q: overridden.questionaryID,
        topic: getQuestionary.steps[0].topic.id,
        a: [
          {
            questionId: 'fap_review_basis',
            value: JSON.stringify({ value: { grade: 4, comment: '<b>Solid</b>' } }),
          },
        ],
      },
      reviewerB,
    );
    for (let i = 0; i < 3; i++)
      await t.projections.waitFor(await head(), ['save_fap_review_on_basis_answered']);
    expect(
      (
        await gql<{ getReview: Review }>(
          `query($r: Int!) { getReview(reviewId: $r) { ${REVIEW} } }`,
          { r: overridden.id },
          reviewerB,
        )
      ).getReview,
    ).toMatchObject({ grade: 4, comment: '<b>Solid</b>', status: 'DRAFT' });
    await gql(UPDATE_REVIEW, { r: overridden.id, f: fapId, g: 4, c: 'Solid' }, reviewerB);
    await gql(SUBMIT_REVIEWS, { p: [{ proposalPk: a.pk, reviewId: overridden.id }] }, reviewerB);
    // officers may set a submitted review back to draft and submit it again
    await gql(UPDATE_REVIEW, { r: overridden.id, f: fapId, g: 4, c: 'Solid', s: 'DRAFT' }, officer);
    await gql(UPDATE_REVIEW, { r: overridden.id, f: fapId, g: 4, c: 'Solid', s: 'SUBMITTED' }, officer);
    await expectRefused(
      t,
      { query: SAMPLE_REVIEW, token: reviewerA.token },
      fapMessages.sampleReviewUnsupported,
    );

    // "Proposals to grade"
    const mine = (
      await gql<{
        userWithReviews: {
          reviews: { proposal: { title: string; callShortCode: string; instrumentShortCodes: string[] } }[];
        };
      }>(USER_WITH_REVIEWS, {}, reviewerA)
    ).userWithReviews.reviews;
    expect(mine.map((r) => r.proposal.title)).toEqual(['Spin waves', 'Magnons']);
    expect(mine[0].proposal.instrumentShortCodes).toEqual(['LAR']);
    const all = (
      await gql<{ userWithReviews: { reviews: unknown[] } }>(USER_WITH_REVIEWS, { r: 'ALL' }, reviewerA)
    ).userWithReviews.reviews;
    expect(all).toHaveLength(3);
    expect(
      (await gql<{ proposalReviews: unknown[] }>(PROPOSAL_REVIEWS, { p: a.pk }, reviewerA)).proposalReviews,
    ).toHaveLength(2);
    expect((await gql<{ reviews: unknown[] }>(REVIEWS, {}, reviewerC)).reviews).toEqual([]);

    // FAP time, ranking, meeting decisions and their history
    await gql(TIME, { f: fapId, p: b.pk, t: 5 }, chair);
    await expectRefused(
      t,
      { query: TIME, variables: { f: fapId, p: b.pk, t: -1 }, token: chair.token },
      'Must be greater than or equal to 0',
    );
    await gql(SUBMIT_INSTRUMENT, { f: fapId, c: call.callId, i: instrumentId }, chair);
    const instrumentsOf = async () =>
      (await gql<{ instrumentsByFap: unknown[] }>(INSTRUMENTS_BY_FAP, { f: fapId, c: call.callId }, chair))
        .instrumentsByFap;
    expect(await instrumentsOf()).toEqual([
      { id: instrumentId, name: 'Larmor', availabilityTime: 10, submitted: true },
    ]);
    await expectRefused(
      t,
      {
        query: UNSUBMIT_INSTRUMENT,
        variables: { f: fapId, c: call.callId, i: instrumentId },
        token: chair.token,
      },
      'Your current role (FAP_CHAIR) may not do this',
      'FORBIDDEN',
    );
    await gql(UNSUBMIT_INSTRUMENT, { f: fapId, c: call.callId, i: instrumentId }, officer);
    expect(await instrumentsOf()).toEqual([
      { id: instrumentId, name: 'Larmor', availabilityTime: 10, submitted: false },
    ]);
    await gql(SUBMIT_INSTRUMENT, { f: fapId, c: call.callId, i: instrumentId }, secretary);
    type Row = {
      proposalPk: number;
      averageGrade: number | null;
      gradeSpread: number | null;
      calibratedScore: number | null;
      rank: number;
      inAvailabilityZone: boolean;
      instrumentSubmitted: boolean;
    };
    const rows = (await gql<{ fapProposals: Row[] }>(FAP_PROPOSALS, { f: fapId, c: call.callId }, chair))
      .fapProposals;
    expect(
      rows.map((r) => [
        r.proposalPk,
        r.averageGrade,
        r.gradeSpread,
        r.rank,
        r.inAvailabilityZone,
        r.instrumentSubmitted,
      ]),
    ).toEqual([
      [a.pk, 3, 2, 1, true, true],
      [b.pk, null, null, 2, false, true],
    ]);
    expect(rows[0].calibratedScore).not.toBeNull();
    await expectRefused(
      t,
      {
        query: SAVE_DECISION,
        variables: { i: { proposalPk: a.pk, instrumentId, recommendation: 'ACCEPTED' } },
        token: t.token({ id: 77777, roles: [Role.FAP_CHAIR], currentRole: Role.FAP_CHAIR }),
      },
      fapMessages.notChairOrSecretaryOfFap,
      'FORBIDDEN',
    );
    await gql(
      SAVE_DECISION,
      {
        i: {
          proposalPk: a.pk,
          instrumentId,
          recommendation: 'ACCEPTED',
          commentForUser: 'Well done',
          commentForManagement: 'Strong case',
          rankOrder: 1,
        },
      },
      chair,
    );
    const cleared = (
      await gql<{
        saveFapMeetingDecision: {
          commentForUser: string | null;
          history: { commentForUser: string | null; by: number }[];
        };
      }>(
        SAVE_DECISION,
        {
          i: {
            proposalPk: a.pk,
            instrumentId,
            recommendation: 'ACCEPTED',
            commentForUser: '',
            commentForManagement: 'Strong case',
            rankOrder: 1,
          },
        },
        secretary,
      )
    ).saveFapMeetingDecision;
    expect(cleared.commentForUser).toBeNull();
    expect(cleared.history).toEqual([
      { commentForUser: 'Well done', by: chair.id },
      { commentForUser: null, by: secretary.id },
    ]);
    await gql(
      SAVE_DECISION,
      {
        i: {
          proposalPk: a.pk,
          instrumentId,
          recommendation: 'ACCEPTED',
          commentForUser: 'Congratulations',
          commentForManagement: 'Strong case',
          rankOrder: 1,
        },
      },
      chair,
    );
    const { submitFapMeetingDecisions } = await gql<{
      submitFapMeetingDecisions: {
        submitted: { proposalPk: number; submittedBy: number }[];
        incomplete: { proposalPk: number }[];
      };
    }>(SUBMIT_DECISIONS, { i: { fapId, callId: call.callId } }, chair);
    expect(submitFapMeetingDecisions).toEqual({
      submitted: [{ proposalPk: a.pk, submitted: true, submittedBy: chair.id }],
      incomplete: [{ proposalPk: b.pk }],
    });
    await expectRefused(
      t,
      {
        query: SAVE_DECISION,
        variables: { i: { proposalPk: a.pk, instrumentId, recommendation: 'REJECTED' } },
        token: chair.token,
      },
      fapMessages.decisionSubmitted,
      'FORBIDDEN',
    );

    // the officer's Admin tab shows the panel's recommendation; the proposers see none of it
    const ADMIN = `query($p: Int!) { getProposal(primaryKey: $p) { faps { code } reviews { grade } fapMeetingDecisions { recommendation submitted } } }`;
    expect((await gql<{ getProposal: unknown }>(ADMIN, { p: a.pk }, officer)).getProposal).toEqual({
      faps: [{ code: 'FAP-PHY' }],
      reviews: [{ grade: 4 }, { grade: 2 }],
      fapMeetingDecisions: [{ recommendation: 'ACCEPTED', submitted: true }],
    });
    expect((await gql<{ getProposal: unknown }>(ADMIN, { p: a.pk }, pi)).getProposal).toEqual({
      faps: [],
      reviews: [],
      fapMeetingDecisions: [],
    });

    // the FAP spreadsheet, opened with exceljs
    const res = await download(`/download/xlsx/fap/${fapId}/call/${call.callId}`, chair.token);
    expect(res.status).toBe(200);
    const callShortCode = (
      await gql<{ getCall: { shortCode: string } }>(
        `query($id: Int!) { getCall(callId: $id) { shortCode } }`,
        { id: call.callId },
        officer,
      )
    ).getCall.shortCode;
    expect(decodeURIComponent(res.headers['x-download-filename'])).toBe(`Fap-FAP-PHY-${callShortCode}.xlsx`);
    const book = new Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Larmor']);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Proposal Reference Number',
      'Proposal Title',
      'Principal Investigator',
      'Instrument',
      'Instrument available time',
      'Technical review allocated time',
      'Fap allocated time',
      'Average score',
      'Current rank',
      'Is in availability zone',
    ]);
    expect(values(2)).toEqual([
      a.proposalId,
      'Spin waves',
      'Pia Panel',
      'Larmor',
      10,
      6,
      undefined,
      3,
      1,
      'yes',
    ]);
    // b: no technical review time, a FAP time, no submitted grade yet
    expect(values(3)).toEqual([
      b.proposalId,
      'Magnons',
      'Pia Panel',
      'Larmor',
      10,
      undefined,
      5,
      undefined,
      2,
      'no',
    ]);
    expect(sheet.rowCount).toBe(3);

    // the call's results: a sheet per panel, an instrument heading before its rows
    const results = await download(`/download/xlsx/call_fap/${call.callId}`, officer.token);
    expect(results.status).toBe(200);
    expect(decodeURIComponent(results.headers['x-download-filename'])).toBe(
      `${callShortCode}_FAP_Results.xlsx`,
    );
    const resultsBook = new Workbook();
    await resultsBook.xlsx.load(results.body as unknown as ArrayBuffer);
    expect(resultsBook.worksheets.map((s) => s.name)).toEqual(['FAP-PHY']);
    const r = resultsBook.worksheets[0];
    expect((r.getRow(1).values as unknown[]).slice(11)).toEqual([
      'Fap meeting decision',
      'Comment for user',
      'Comment for management',
    ]);
    expect((r.getRow(2).values as unknown[]).slice(1)).toEqual(['Larmor']);
    expect((r.getRow(3).values as unknown[]).slice(1)).toEqual([
      a.proposalId,
      'Spin waves',
      'Pia Panel',
      'Larmor',
      10,
      6,
      undefined,
      3,
      1,
      'yes',
      'ACCEPTED',
      'Congratulations',
      'Strong case',
    ]);
    // a chair of the call's panel gets only their sheets; a chair of none is refused
    expect((await download(`/download/xlsx/call_fap/${call.callId}`, chair.token)).status).toBe(200);
    const stranger = t.token({ id: 77777, roles: [Role.FAP_CHAIR], currentRole: Role.FAP_CHAIR });
    expect((await download(`/download/xlsx/call_fap/${call.callId}`, stranger)).status).toBe(403);
    expect((await download(`/download/xlsx/fap/${fapId}/call/${call.callId}`, stranger)).status).toBe(403);
  });

  it("lets the panel's chair edit technical reviews of its proposals only, while FAP_SECS_EDIT_TECH_REVIEWS is true (§6)", async () => {
    const onPanel = await submittedProposal('Phonons');
    const offPanel = await submittedProposal('Polarons');
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [onPanel.pk, offPanel.pk], i: [instrumentId] },
      officer,
    );
    await gql(ASSIGN_PROPOSALS, { p: [onPanel.pk], fi: [{ fapId, instrumentId }] }, officer);
    const EDIT = `mutation($p: Int!, $i: Int!) { addTechnicalReview(proposalPk: $p, instrumentId: $i, status: FEASIBLE, timeAllocation: 3) { timeAllocation } }`;
    const setting = (value: string) =>
      gql(
        `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { id } }`,
        { input: { settingsId: 'FAP_SECS_EDIT_TECH_REVIEWS', settingsValue: value } },
        officer,
      );
    await setting('false');
    const before = await head();
    const refused = await t.gql(EDIT, { p: onPanel.pk, i: instrumentId }, chair.token);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    await setting('true');
    const edited = await t.gql<{ addTechnicalReview: { timeAllocation: number } }>(
      EDIT,
      { p: onPanel.pk, i: instrumentId },
      chair.token,
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.addTechnicalReview.timeAllocation).toBe(3);
    // a proposal of no panel of theirs stays closed to them
    const elsewhere = await t.gql(EDIT, { p: offPanel.pk, i: instrumentId }, chair.token);
    expect(elsewhere.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await head()).toBeGreaterThan(before);
    await setting('false');
    // the panel's proposals as the later tests expect them
    await gql(REMOVE_PROPOSALS, { p: [onPanel.pk], f: [fapId] }, officer);
  });

  it('previews an automatic assignment without conflicted pairs and applies it, re-checking each pair', async () => {
    const c = await submittedProposal('Phonons');
    await gql(ASSIGN_PROPOSALS, { p: [c.pk], fi: [{ fapId, instrumentId }] }, officer);
    const before = await head();
    const { previewAutomaticAssignment: preview } = await gql<{
      previewAutomaticAssignment: {
        pairs: { proposalPk: number; userId: number; reason: string }[];
        skippedForConflict: { proposalPk: number; userId: number; reasons: string[] }[];
        unfilled: unknown[];
      };
    }>(PREVIEW, { f: fapId, c: call.callId }, chair);
    expect(await fapEventsSince(before)).toEqual([]);
    const forC = preview.pairs.filter((p) => p.proposalPk === c.pk);
    expect(forC.map((p) => p.userId).sort()).toEqual([reviewerA.id, reviewerC.id].sort());
    expect(forC.every((p) => p.reason.length > 0)).toBe(true);
    const skipped = preview.skippedForConflict.filter((s) => s.proposalPk === c.pk);
    expect(skipped.map((s) => s.userId).sort()).toEqual([reviewerB.id, coProposer.id].sort());
    // an edited preview: the conflicted pair is refused, nothing is applied
    await expectRefused(
      t,
      {
        query: APPLY,
        variables: {
          f: fapId,
          c: call.callId,
          p: [
            ...forC.map(({ proposalPk, userId }) => ({ proposalPk, userId })),
            { proposalPk: c.pk, userId: reviewerB.id },
          ],
        },
        token: chair.token,
      },
      fapMessages.softConflict('Bob Panel', `Shares the PI's institution (${INSTITUTION_NAME})`),
    );
    await expectRefused(
      t,
      {
        query: APPLY,
        variables: {
          f: fapId,
          c: call.callId,
          p: [{ proposalPk: c.pk, userId: coProposer.id, overrideReason: 'x' }],
        },
        token: chair.token,
      },
      fapMessages.hardConflict('Cole Panel'),
      'FORBIDDEN',
    );
    // the soft conflict accepted with its reason, recorded on the review
    const { applyAutomaticAssignment } = await gql<{ applyAutomaticAssignment: Review[] }>(
      APPLY,
      {
        f: fapId,
        c: call.callId,
        p: [
          ...preview.pairs.map(({ proposalPk, userId }) => ({ proposalPk, userId })),
          { proposalPk: c.pk, userId: reviewerB.id, overrideReason: 'Only expert on phonons' },
        ],
      },
      chair,
    );
    expect(
      applyAutomaticAssignment.find((r) => r.proposalPk === c.pk && r.userID === reviewerB.id),
    ).toMatchObject({
      overrideReason: 'Only expert on phonons',
      conflicts: [`Shares the PI's institution (${INSTITUTION_NAME})`],
    });
    expect(applyAutomaticAssignment.filter((r) => r.proposalPk === c.pk).map((r) => r.status)).toEqual([
      'DRAFT',
      'DRAFT',
      'DRAFT',
    ]);
    // removing a reviewer, and the proposals from the panel (their reviews go too)
    await gql(REMOVE_REVIEWER, { r: applyAutomaticAssignment[0].id, f: fapId }, chair);
    await gql(REMOVE_PROPOSALS, { p: [c.pk], f: [fapId] }, officer);
    expect(
      (await gql<{ reviews: unknown[] }>(REVIEWS, { f: { proposalPk: c.pk } }, officer)).reviews,
    ).toEqual([]);
  });

  it('checks only the hard conflicts with CONFLICT_OF_INTEREST_WARNING off; refuses everything with FAP_REVIEW off', async () => {
    const features = (action: 'ENABLE' | 'DISABLE', id: string) =>
      gql(
        `mutation { updateFeatures(input: { featureIds: [${id}], action: ${action} }) { id } }`,
        {},
        officer,
      );
    const d = await submittedProposal('Solitons');
    await gql(ASSIGN_PROPOSALS, { p: [d.pk], fi: [{ fapId, instrumentId }] }, officer);
    await features('DISABLE', 'CONFLICT_OF_INTEREST_WARNING');
    try {
      const review = (
        await gql<{ addUserForReview: Review }>(ADD_REVIEWER, { u: reviewerB.id, p: d.pk, f: fapId }, chair)
      ).addUserForReview;
      expect(review).toMatchObject({ conflicts: [], overrideReason: null });
      await expectRefused(
        t,
        { query: ADD_REVIEWER, variables: { u: coProposer.id, p: d.pk, f: fapId }, token: chair.token },
        fapMessages.hardConflict('Cole Panel'),
        'FORBIDDEN',
      );
    } finally {
      await features('ENABLE', 'CONFLICT_OF_INTEREST_WARNING');
    }
    await features('DISABLE', 'FAP_REVIEW');
    try {
      await expectRefused(
        t,
        { query: GET_FAPS, token: officer.token },
        'The FAP_REVIEW feature is not enabled',
        'FORBIDDEN',
      );
      expect((await download(`/download/xlsx/call_fap/${call.callId}`, officer.token)).status).toBe(403);
    } finally {
      await features('ENABLE', 'FAP_REVIEW');
    }
    await gql(REMOVE_PROPOSALS, { p: [d.pk], f: [fapId] }, officer);
  });

  it('moves proposals on the FAP workflow events: selected, all reviews submitted, meeting submitted', async () => {
    const ENGINE = 'advance_workflow_on_domain_event';
    const settled = async () => {
      for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), [ENGINE]);
    };
    const statuses = Object.fromEntries(
      (
        await gql<{ getStatuses: { id: number; shortCode: string }[] }>(
          `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`,
          {},
          officer,
        )
      ).getStatuses.map((s) => [s.shortCode, s.id]),
    );
    const { createWorkflow } = await gql<{
      createWorkflow: { id: number; workflowConnectionGroups: { groupId: string }[] };
    }>(
      `mutation { createWorkflow(name: "Panel track", description: "", entityType: PROPOSAL) { id workflowConnectionGroups { groupId } } }`,
      {},
      officer,
    );
    const group = createWorkflow.workflowConnectionGroups[0].groupId;
    const step = async (shortCode: string, order: number, events: string[]) => {
      const { addWorkflowStatus } = await gql<{ addWorkflowStatus: { id: number } }>(
        `mutation($w: Int!, $s: Int!, $order: Int!, $group: String!) {
          addWorkflowStatus(workflowId: $w, statusId: $s, sortOrder: $order, droppableGroupId: $group) { id } }`,
        { w: createWorkflow.id, s: statuses[shortCode], order, group },
        officer,
      );
      await gql(
        `mutation($c: Int!, $events: [String!]!) { addStatusChangingEventsToConnection(workflowConnectionId: $c, statusChangingEvents: $events) { id } }`,
        { c: addWorkflowStatus.id, events },
        officer,
      );
    };
    await step('SUBMITTED_LOCKED', 1, ['PROPOSAL_SUBMITTED']);
    await step('FAP_REVIEW', 2, ['PROPOSAL_FAP_SELECTED']);
    await step('FAP_MEETING', 3, ['PROPOSAL_ALL_FAP_REVIEWS_SUBMITTED', 'PROPOSAL_INSTRUMENT_SUBMITTED']);
    await step('ALLOCATED', 4, ['PROPOSAL_FAP_MEETING_SUBMITTED']);
    const flowCall = await createOpenCall(t, officer.token, { proposalWorkflowId: createWorkflow.id });
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: flowCall.callId, i: [{ instrumentId, fapId }] },
      officer,
    );
    const statusOf = async (pk: number) => {
      await settled();
      return (
        await gql<{ getProposal: { status: { shortCode: string } } }>(
          `query($p: Int!) { getProposal(primaryKey: $p) { status { shortCode } } }`,
          { p: pk },
          officer,
        )
      ).getProposal.status.shortCode;
    };
    const { pk } = await submittedProposal('Flow', flowCall);
    expect(await statusOf(pk)).toBe('SUBMITTED_LOCKED');
    await gql(ASSIGN_PROPOSALS, { p: [pk], fi: [{ fapId, instrumentId }] }, officer);
    expect(await statusOf(pk)).toBe('FAP_REVIEW');
    const review = (
      await gql<{ addUserForReview: Review }>(ADD_REVIEWER, { u: reviewerC.id, p: pk, f: fapId }, chair)
    ).addUserForReview;
    await gql(UPDATE_REVIEW, { r: review.id, f: fapId, g: 5, c: 'Fine', s: 'SUBMITTED' }, reviewerC);
    // all reviews submitted, and the instrument's availability still to be submitted in the panel
    expect(await statusOf(pk)).toBe('FAP_REVIEW');
    await gql(SUBMIT_INSTRUMENT, { f: fapId, c: flowCall.callId, i: instrumentId }, chair);
    expect(await statusOf(pk)).toBe('FAP_MEETING');
    await gql(
      SAVE_DECISION,
      { i: { proposalPk: pk, instrumentId, recommendation: 'ACCEPTED', submitted: true } },
      chair,
    );
    expect(await statusOf(pk)).toBe('ALLOCATED');
  });

  it('lets exactly the expected callers through each operation and download', async () => {
    const apiToken = await apiTokenFor(t);
    const before = await head();
    const STAFF: Caller[] = [Role.USER_OFFICER, Role.FAP_CHAIR, Role.FAP_SECRETARY];
    const MEMBERS: Caller[] = [...STAFF, Role.FAP_REVIEWER];
    const OFFICER: Caller[] = [Role.USER_OFFICER];
    const none = 999999;
    const cases: AccessCase[] = [
      { operation: 'createFap', document: CREATE_FAP, variables: { code: '' }, allowed: OFFICER },
      { operation: 'updateFap', document: UPDATE_FAP, variables: { id: none }, allowed: OFFICER },
      { operation: 'deleteFap', document: DELETE_FAP, variables: { id: none }, allowed: OFFICER },
      { operation: 'getFap', document: GET_FAP, variables: { id: none }, allowed: MEMBERS },
      { operation: 'getFaps', document: GET_FAPS, allowed: MEMBERS },
      {
        operation: 'getFapsMinimal',
        document: GET_FAPS_MINIMAL,
        allowed: [...MEMBERS, Role.INSTRUMENT_SCIENTIST],
      },
      { operation: 'getUserFaps', document: USER_FAPS, allowed: [...ALL_ROLES] },
      { operation: 'fapMembers', document: MEMBERS_QUERY, variables: { f: none }, allowed: MEMBERS },
      { operation: 'fapReviewers', document: REVIEWERS, variables: { f: none }, allowed: MEMBERS },
      {
        operation: 'assignChairOrSecretary',
        document: CHAIR,
        variables: { i: { fapId: none, userId: 1, roleId: 'USER' } },
        allowed: OFFICER,
      },
      {
        operation: 'assignReviewersToFap',
        document: ASSIGN_REVIEWERS,
        variables: { m: [], f: none },
        allowed: STAFF,
      },
      {
        operation: 'removeMemberFromFap',
        document: REMOVE_MEMBER,
        variables: { m: 1, f: none },
        allowed: STAFF,
      },
      {
        operation: 'assignProposalsToFaps',
        document: ASSIGN_PROPOSALS,
        variables: { p: [], fi: [] },
        allowed: OFFICER,
      },
      {
        operation: 'removeProposalsFromFaps',
        document: REMOVE_PROPOSALS,
        variables: { p: [none], f: [] },
        allowed: OFFICER,
      },
      {
        operation: 'updateFapToCallInstrument',
        document: FAP_TO_CALL,
        variables: { i: [], c: none, f: none },
        allowed: OFFICER,
      },
      {
        operation: 'submitInstrumentInFap',
        document: SUBMIT_INSTRUMENT,
        variables: { f: none, c: none, i: none },
        allowed: STAFF,
      },
      {
        operation: 'unsubmitInstrumentInFap',
        document: UNSUBMIT_INSTRUMENT,
        variables: { f: none, c: none, i: none },
        allowed: OFFICER,
      },
      {
        operation: 'instrumentsByFap',
        document: INSTRUMENTS_BY_FAP,
        variables: { f: none, c: none },
        allowed: STAFF,
      },
      { operation: 'fapProposals', document: FAP_PROPOSALS, variables: { f: none }, allowed: STAFF },
      { operation: 'fapProposal', document: FAP_PROPOSAL, variables: { f: none, p: none }, allowed: STAFF },
      {
        operation: 'fapProposalsByInstrument',
        document: BY_INSTRUMENT,
        variables: { f: none, c: none, i: none },
        allowed: STAFF,
      },
      {
        operation: 'addUserForReview',
        document: ADD_REVIEWER,
        variables: { u: 1, p: none, f: none },
        allowed: STAFF,
      },
      {
        operation: 'removeUserForReview',
        document: REMOVE_REVIEWER,
        variables: { r: none, f: none },
        allowed: STAFF,
      },
      {
        operation: 'conflictsOfInterest',
        document: CONFLICTS,
        variables: { f: none, p: none },
        allowed: STAFF,
      },
      {
        operation: 'previewAutomaticAssignment',
        document: PREVIEW,
        variables: { f: none, c: none },
        allowed: STAFF,
      },
      {
        operation: 'applyAutomaticAssignment',
        document: APPLY,
        variables: { f: none, c: none, p: [] },
        allowed: STAFF,
      },
      {
        operation: 'saveReviewerRank',
        document: RANK,
        variables: { p: none, r: none, rank: 1 },
        allowed: STAFF,
      },
      {
        operation: 'updateFapTimeAllocation',
        document: TIME,
        variables: { f: none, p: none, t: 1 },
        allowed: STAFF,
      },
      {
        operation: 'updateReview',
        document: UPDATE_REVIEW,
        variables: { r: none, f: none, g: 1, c: 'x' },
        allowed: MEMBERS,
      },
      {
        operation: 'submitProposalsReview',
        document: SUBMIT_REVIEWS,
        variables: { p: [{ proposalPk: none, reviewId: none }] },
        allowed: MEMBERS,
      },
      { operation: 'submitSampleReview', document: SAMPLE_REVIEW, allowed: MEMBERS },
      { operation: 'getReview', document: GET_REVIEW, variables: { r: none }, allowed: MEMBERS },
      { operation: 'reviews', document: REVIEWS, variables: { f: { proposalPk: none } }, allowed: MEMBERS },
      { operation: 'proposalReviews', document: PROPOSAL_REVIEWS, variables: { p: none }, allowed: MEMBERS },
      { operation: 'userWithReviews', document: USER_WITH_REVIEWS, allowed: MEMBERS },
      {
        operation: 'saveFapMeetingDecision',
        document: SAVE_DECISION,
        variables: { i: { proposalPk: none, instrumentId: none } },
        allowed: STAFF,
      },
      {
        operation: 'reorderFapMeetingDecisionProposals',
        document: REORDER,
        variables: { i: { proposals: [{ proposalPk: none, instrumentId: none, rankOrder: 1 }] } },
        allowed: OFFICER,
      },
      {
        operation: 'submitFapMeetingDecisions',
        document: SUBMIT_DECISIONS,
        variables: { i: { fapId: none } },
        allowed: STAFF,
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await fapEventsSince(before)).toEqual([]);
    // with the permission, an API token is let through every operation but getUserFaps (it acts for a user)
    const permitted = await apiTokenFor(
      t,
      cases.map((c) => c.operation),
    );
    for (const c of cases) {
      const message = (await t.gql(c.document, c.variables ?? {}, permitted)).errors?.[0]?.message ?? '';
      expect([
        c.operation,
        message.includes('may not call') ||
          (c.operation !== 'getUserFaps' && message.includes('needs a signed-in user')),
      ]).toEqual([c.operation, false]);
    }
    expect(await fapEventsSince(before)).toEqual([]);

    // the two spreadsheets: anonymous 401, an API token without the route 403, each role; the panel's real chair,
    // secretary and reviewer act for their roles

    const through: Record<string, Caller[]> = { fap: [], call_fap: [] };
    for (const [kind, path] of [
      ['fap', `/download/xlsx/fap/${fapId}/call/${call.callId}`],
      ['call_fap', `/download/xlsx/call_fap/${call.callId}`],
    ] as const) {
      for (const caller of EVERYONE) {
        const token =
          caller === 'ANONYMOUS'
            ? null
            : caller === 'API_TOKEN'
              ? apiToken
              : caller === Role.FAP_CHAIR
                ? chair.token
                : caller === Role.FAP_SECRETARY
                  ? secretary.token
                  : caller === Role.FAP_REVIEWER
                    ? reviewerA.token
                    : t.token({ id: 900 + ALL_ROLES.indexOf(caller), roles: [caller], currentRole: caller });
        const res = await download(path, token);
        expect([200, 401, 403]).toContain(res.status);
        if (caller === 'ANONYMOUS') expect(res.status).toBe(401);
        if (res.status === 200) through[kind].push(caller);
      }
    }
    expect(through).toEqual({
      fap: [Role.FAP_CHAIR, Role.FAP_SECRETARY, Role.USER_OFFICER],
      call_fap: [Role.FAP_CHAIR, Role.FAP_SECRETARY, Role.USER_OFFICER],
    });
  });
});
