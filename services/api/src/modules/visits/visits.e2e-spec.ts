import {
  EXPERIMENT_WORKFLOW_EVENT_RECORDED,
  Role,
  visitMessages as V,
  visitRuleMessages as M,
  WorkflowType,
} from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { eventually } from '../../../test/support/eventually';
import { createUser, type TestUser, submittedProposalOnNewInstrument } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EXPERIMENT_WORKFLOW_ENGINE } from '../experiments';
import { MailerService } from '../notifications';
import { UsersService } from '../users';

const ENGINES = [
  'advance_workflow_on_domain_event',
  EXPERIMENT_WORKFLOW_ENGINE,
  'send_email_on_visit_registration_reviewed',
];

const REGISTRATION = 'visitId userId registrationQuestionaryId startsAt endsAt status';
const VISIT = `id experimentPk proposalPk creatorId teamLeadUserId team teamLead { id } registrations { ${REGISTRATION} }`;
const CREATE = `mutation($e: Int!, $team: [Int!]!, $lead: Int) { createVisit(experimentPk: $e, team: $team, teamLeadUserId: $lead) { ${VISIT} } }`;
const UPDATE = `mutation($v: Int!, $team: [Int!]!, $lead: Int) { updateVisit(visitId: $v, team: $team, teamLeadUserId: $lead) { ${VISIT} } }`;
const DELETE = `mutation($v: Int!) { deleteVisit(visitId: $v) { id } }`;
const GET = `query($v: Int!) { visit(visitId: $v) { ${VISIT} } }`;
const LIST = `query($f: VisitsFilter) { visits(filter: $f) { id } }`;
const GET_REGISTRATION = `query($v: Int!, $u: Int!) { getVisitRegistration(visitId: $v, userId: $u) { ${REGISTRATION} user { id } } }`;
const START = `mutation($v: Int!, $u: Int!) { createVisitRegistration(visitId: $v, userId: $u) { ${REGISTRATION} } }`;
const DATES = `mutation($v: Int!, $s: String, $e: String) { updateVisitRegistration(visitId: $v, startsAt: $s, endsAt: $e) { ${REGISTRATION} } }`;
const SUBMIT = `mutation($v: Int!) { submitVisitRegistration(visitId: $v) { ${REGISTRATION} } }`;
const APPROVE = `mutation($r: [VisitRegistrationKeyInput!]!) { approveVisitRegistrations(registrations: $r) { ${REGISTRATION} } }`;
const CHANGES = `mutation($r: [VisitRegistrationKeyInput!]!) { requestVisitRegistrationChanges(registrations: $r) { ${REGISTRATION} } }`;
const CANCEL = `mutation($v: Int!, $u: Int!) { cancelVisitRegistration(visitId: $v, userId: $u) { ${REGISTRATION} } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`;
const USER_EXPERIMENTS = `query { getUserExperiments { experimentPk visit { id registrations { userId status } } } }`;

const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

describe('visits end to end (postgres)', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let guest: TestUser;
  let stranger: TestUser;
  let instrumentId: number;
  let experimentPk: number;
  let otherExperimentPk: number;
  let proposalPk: number;
  let head: () => Promise<number>;
  const template = { templateId: 0, topicId: 0 };

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  async function settle() {
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), ENGINES);
  }

  async function appendedSince(position: number): Promise<string[]> {
    const appended = await t.app.get<EventStore>(EVENT_STORE).readAll({ after: position, limit: 100 });
    return appended.map((e) => e.type).filter((type) => !type.startsWith('StatusAction'));
  }

  /** refused with exactly this message, and nothing appended */
  async function refused(query: string, variables: Record<string, unknown>, user: TestUser, message: string) {
    const errors = await expectRefused(t, { query, variables, token: user.token }, message, null);
    expect(errors?.map((e) => e.message)).toEqual([message]);
  }

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t);
    coProposer = await createUser(t);
    guest = await createUser(t);
    stranger = await createUser(t);
    ({ instrumentId, proposalPk } = await submittedProposalOnNewInstrument(t, {
      officer,
      pi,
      coProposers: [coProposer],
    }));
    await decide(true);
    const experiment = async (from: number) =>
      (
        await gql<{ createExperiment: { experimentPk: number } }>(
          `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
          { i: { proposalPk, instrumentId, startsAt: inDays(from), endsAt: inDays(from + 1) } },
          officer,
        )
      ).createExperiment.experimentPk;
    experimentPk = await experiment(10);
    otherExperimentPk = await experiment(20);
  });
  afterAll(() => t.close());

  const decide = (submitted: boolean) =>
    gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!], $s: Boolean) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: $s) { primaryKey } }`,
      { pk: proposalPk, a: [{ instrumentId, value: 3 }], s: submitted },
      officer,
    );

  type Visit = {
    id: number;
    team: number[];
    teamLeadUserId: number;
    registrations: { userId: number; status: string; registrationQuestionaryId: number | null }[];
  };
  let visit: Visit;
  const key = (user: TestUser) => ({ v: visit.id, u: user.id });
  const reg = (user: TestUser) => ({ visitId: visit.id, userId: user.id });

  it('lets the PI or a co-proposer define the visit team, with the §8 messages', async () => {
    const team = [pi.id, coProposer.id];
    await refused(CREATE, { e: experimentPk, team: [], lead: pi.id }, pi, V.visitorsRequired);
    await refused(CREATE, { e: experimentPk, team, lead: null }, pi, V.teamLeadRequired);
    await refused(CREATE, { e: experimentPk, team, lead: stranger.id }, pi, V.teamLeadMustBeVisitor);
    await refused(CREATE, { e: experimentPk, team: [pi.id, 999999], lead: pi.id }, pi, M.userNotAvailable);
    await refused(CREATE, { e: experimentPk, team, lead: pi.id }, stranger, M.onlyMembers);
    await refused(CREATE, { e: 999999, team, lead: pi.id }, pi, M.experimentNotFound);
    // the same rule as the experiment safety input: accepted, and the decision submitted
    await decide(false);
    await refused(CREATE, { e: otherExperimentPk, team, lead: pi.id }, pi, M.notAccepted);
    await decide(true);

    const { createVisit } = await gql<{ createVisit: Visit & { creatorId: number } }>(
      CREATE,
      { e: experimentPk, team, lead: coProposer.id },
      pi,
    );
    visit = createVisit;
    expect(createVisit).toEqual(
      expect.objectContaining({
        experimentPk,
        proposalPk,
        creatorId: pi.id,
        teamLeadUserId: coProposer.id,
        team,
        teamLead: { id: coProposer.id },
      }),
    );
    expect(createVisit.registrations.map((r) => [r.userId, r.status, r.registrationQuestionaryId])).toEqual([
      [pi.id, 'DRAFTED', null],
      [coProposer.id, 'DRAFTED', null],
    ]);
    await refused(CREATE, { e: experimentPk, team, lead: pi.id }, coProposer, M.exists);

    // the co-proposer adds a guest; the guest sees the visit, a stranger does not
    const { updateVisit } = await gql<{ updateVisit: Visit }>(
      UPDATE,
      { v: visit.id, team: [...team, guest.id], lead: coProposer.id },
      coProposer,
    );
    expect(updateVisit.registrations.map((r) => r.userId)).toEqual([pi.id, coProposer.id, guest.id]);
    await refused(UPDATE, { v: visit.id, team: [guest.id], lead: pi.id }, pi, V.teamLeadMustBeVisitor);
    await refused(UPDATE, { v: visit.id, team: [guest.id], lead: guest.id }, guest, M.onlyMembers);
    expect((await gql<{ visits: { id: number }[] }>(LIST, {}, guest)).visits).toEqual([{ id: visit.id }]);
    expect((await gql<{ visits: { id: number }[] }>(LIST, {}, stranger)).visits).toEqual([]);
    // refused like its proposal, whether it is not theirs or no longer exists (issue 38)
    expect((await t.gql(GET, { v: visit.id }, stranger.token)).errors?.[0]).toMatchObject({
      message: 'You may not see this proposal',
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await gql<{ visits: { id: number }[] }>(LIST, { f: { experimentPk } }, officer)).visits).toEqual([
      { id: visit.id },
    ]);
    // the user office's registrations list shows each visit's experiment and proposal
    const listed = await gql<{
      visits: {
        experiment: { experimentPk: number; experimentId: string; proposal: { primaryKey: number } };
      }[];
    }>(
      `query($f: VisitsFilter) { visits(filter: $f) { experiment { experimentPk experimentId proposal { primaryKey } } } }`,
      { f: { experimentPk } },
      officer,
    );
    expect(listed.visits).toEqual([
      {
        experiment: {
          experimentPk,
          experimentId: expect.any(String),
          proposal: { primaryKey: proposalPk },
        },
      },
    ]);
    const mine = await gql<{ getUserExperiments: { experimentPk: number; visit: { id: number } | null }[] }>(
      USER_EXPERIMENTS,
      {},
      pi,
    );
    expect(mine.getUserExperiments.find((e) => e.experimentPk === experimentPk)?.visit?.id).toBe(visit.id);
    expect(mine.getUserExperiments.find((e) => e.experimentPk === otherExperimentPk)?.visit).toBeNull();
  });

  it('takes each visitor through their own registration: drafted, submitted, changes requested, approved', async () => {
    // no active visit registration template yet
    await refused(START, key(coProposer), coProposer, M.noActiveTemplate);
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      `mutation { createTemplate(groupId: VISIT_REGISTRATION, name: "Visit") { templateId steps { topic { id } } } }`,
      {},
      officer,
    );
    template.templateId = createTemplate.templateId;
    template.topicId = createTemplate.steps[0].topic.id;
    await gql(
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: VISIT_REGISTRATION, templateId: $t) }`,
      { t: template.templateId },
      officer,
    );

    // only the registrant starts, dates and submits their own
    await refused(START, key(coProposer), pi, M.onlyRegistrant);
    await refused(START, key(stranger), stranger, M.notVisitor);
    const started = await gql<{
      createVisitRegistration: { registrationQuestionaryId: number; status: string };
    }>(START, key(coProposer), coProposer);
    expect(started.createVisitRegistration.status).toBe('DRAFTED');
    const questionaryId = started.createVisitRegistration.registrationQuestionaryId;
    expect(questionaryId).toEqual(expect.any(Number));
    const again = await gql<{ createVisitRegistration: { registrationQuestionaryId: number } }>(
      START,
      key(coProposer),
      coProposer,
    );
    expect(again.createVisitRegistration.registrationQuestionaryId).toBe(questionaryId);

    const v = visit.id;
    await refused(DATES, { v, s: 'soon', e: inDays(3) }, coProposer, V.invalidDate);
    await refused(DATES, { v, s: null, e: inDays(3) }, coProposer, V.startRequired);
    await refused(DATES, { v, s: inDays(-2), e: inDays(3) }, coProposer, V.startInPast);
    await refused(DATES, { v, s: inDays(2), e: null }, coProposer, V.endRequired);
    await refused(DATES, { v, s: inDays(3), e: inDays(2) }, coProposer, V.endBeforeStart);
    await refused(DATES, { v, s: inDays(2), e: inDays(3) }, stranger, M.notVisitor);
    await refused(SUBMIT, { v }, coProposer, V.startRequired);
    const dated = await gql<{ updateVisitRegistration: { startsAt: string; endsAt: string } }>(
      DATES,
      { v, s: inDays(9), e: inDays(12) },
      coProposer,
    );
    expect(Date.parse(dated.updateVisitRegistration.startsAt)).toBeGreaterThan(Date.now() + 8 * day);
    await refused(SUBMIT, { v }, coProposer, M.incomplete);
    // the questionary: the registrant answers it (its VISIT_BASIS answer is the registration's dates)
    expect(
      (
        await gql<{ answerTopic: { isCompleted: boolean } }>(
          ANSWER,
          { q: questionaryId, topic: template.topicId, a: [] },
          coProposer,
        )
      ).answerTopic.isCompleted,
    ).toBe(true);
    const answeredByOther = await t.gql(
      ANSWER,
      { q: questionaryId, topic: template.topicId, a: [] },
      pi.token,
    );
    expect(answeredByOther.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const submitted = await gql<{ submitVisitRegistration: { status: string } }>(SUBMIT, { v }, coProposer);
    expect(submitted.submitVisitRegistration.status).toBe('SUBMITTED');
    // locked: dates, answers and a second submit refused
    await refused(DATES, { v, s: inDays(9), e: inDays(13) }, coProposer, M.locked);
    await refused(SUBMIT, { v }, coProposer, M.locked);
    const locked = await t.gql(
      ANSWER,
      { q: questionaryId, topic: template.topicId, a: [] },
      coProposer.token,
    );
    expect(locked.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // the PI registers too
    const piQuestionary = (
      await gql<{ createVisitRegistration: { registrationQuestionaryId: number } }>(START, key(pi), pi)
    ).createVisitRegistration.registrationQuestionaryId;
    await gql(DATES, { v, s: inDays(9), e: inDays(11) }, pi);
    await gql(ANSWER, { q: piQuestionary, topic: template.topicId, a: [] }, pi);
    await gql(SUBMIT, { v }, pi);

    // the officer sends the co-proposer's back; a bulk approval with it is refused whole
    const changes = await gql<{ requestVisitRegistrationChanges: { userId: number; status: string }[] }>(
      CHANGES,
      { r: [reg(coProposer)] },
      officer,
    );
    expect(changes.requestVisitRegistrationChanges).toEqual([
      expect.objectContaining({ userId: coProposer.id, status: 'CHANGE_REQUESTED' }),
    ]);
    await refused(APPROVE, { r: [reg(pi), reg(coProposer)] }, officer, M.notSubmitted);
    const piStatus = await gql<{ getVisitRegistration: { status: string; user: { id: number } } }>(
      GET_REGISTRATION,
      key(pi),
      coProposer,
    );
    expect(piStatus.getVisitRegistration).toEqual(
      expect.objectContaining({ status: 'SUBMITTED', user: { id: pi.id } }),
    );
    await refused(APPROVE, { r: [] }, officer, M.registrationsRequired);
    await refused(APPROVE, { r: [{ visitId: 999999, userId: pi.id }] }, officer, M.registrationNotFound);

    // editable again: "Submit changes"
    await gql(DATES, { v, s: inDays(10), e: inDays(12) }, coProposer);
    await gql(SUBMIT, { v }, coProposer);
    const approved = await gql<{ approveVisitRegistrations: { userId: number; status: string }[] }>(
      APPROVE,
      { r: [reg(pi), reg(coProposer)] },
      officer,
    );
    expect(approved.approveVisitRegistrations.map((r) => [r.userId, r.status])).toEqual([
      [pi.id, 'APPROVED'],
      [coProposer.id, 'APPROVED'],
    ]);
    // safe to retry: the same request again appends nothing and answers the same
    await settle();
    const before = await head();
    const retried = await gql<{ approveVisitRegistrations: { status: string }[] }>(
      APPROVE,
      { r: [reg(pi), reg(coProposer)] },
      officer,
    );
    expect(retried.approveVisitRegistrations.map((r) => r.status)).toEqual(['APPROVED', 'APPROVED']);
    expect(await appendedSince(before)).toEqual([]);
    await refused(CANCEL, key(pi), officer, M.notCancellable);
    // each visitor is told, once per decision
    await settle();
    const users = await t.app.get(UsersService).byIds([pi.id, coProposer.id]);
    const to = (user: TestUser) => users.find((u) => u.id === user.id)?.email;
    const subjects = (user: TestUser) =>
      t.app
        .get(MailerService)
        .outbox.filter((m) => m.to === to(user) && m.subject.includes('visit registration'))
        .map((m) => m.subject.replace(/ for experiment .*/, ''));
    await eventually(
      async () => subjects(coProposer).length === 2 && subjects(pi).length === 1,
      'the e-mails',
    );
    expect(subjects(coProposer)).toEqual([
      'Changes requested to your visit registration',
      'Your visit registration',
    ]);
    expect(subjects(pi)).toEqual(['Your visit registration']);
  });

  it('cancels drafted, submitted and change-requested registrations, by the visitor or the facility', async () => {
    await refused(CANCEL, key(guest), pi, M.mayNotCancel);
    const own = await gql<{ cancelVisitRegistration: { status: string } }>(CANCEL, key(guest), guest);
    expect(own.cancelVisitRegistration.status).toBe('CANCELLED_BY_USER');
    await refused(CANCEL, key(guest), guest, M.notCancellable);
    await refused(START, key(guest), guest, M.notEditable('CANCELLED_BY_USER'));
  });

  it('offers the visit steps to the experiment workflow and records them on the experiment', async () => {
    const { getWorkflowEvents } = await gql<{ getWorkflowEvents: { name: string }[] }>(
      `query($t: WorkflowType) { getWorkflowEvents(entityType: $t) { name } }`,
      { t: WorkflowType.EXPERIMENT },
      officer,
    );
    expect(getWorkflowEvents.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'EXPERIMENT_VISIT_CREATED',
        'EXPERIMENT_VISIT_REGISTRATION_SUBMITTED',
        'EXPERIMENT_VISIT_REGISTRATION_APPROVED',
        'EXPERIMENT_VISIT_REGISTRATION_CHANGES_REQUESTED',
        'EXPERIMENT_VISIT_REGISTRATION_CANCELLED',
      ]),
    );
    await settle();
    const recorded = await t.app
      .get<EventStore>(EVENT_STORE)
      .readAll({ after: 0, limit: 1000, types: [EXPERIMENT_WORKFLOW_EVENT_RECORDED] });
    const names = recorded
      .filter((e) => (e.data as { experimentPk: number }).experimentPk === experimentPk)
      .map((e) => (e.data as { name: string }).name);
    expect(new Set(names)).toEqual(
      new Set([
        'EXPERIMENT_VISIT_CREATED',
        'EXPERIMENT_VISIT_REGISTRATION_SUBMITTED',
        'EXPERIMENT_VISIT_REGISTRATION_CHANGES_REQUESTED',
        'EXPERIMENT_VISIT_REGISTRATION_APPROVED',
        'EXPERIMENT_VISIT_REGISTRATION_CANCELLED',
      ]),
    );
  });

  it('deletes a visit for its members or the user office', async () => {
    await refused(DELETE, { v: visit.id }, guest, M.onlyMembers);
    await gql(DELETE, { v: visit.id }, officer);
    // refused like its proposal, whether it is not theirs or no longer exists (issue 38)
    expect((await t.gql(GET, { v: visit.id }, pi.token)).errors?.[0]).toMatchObject({
      message: 'You may not see this proposal',
      extensions: { code: 'FORBIDDEN' },
    });
    await refused(DELETE, { v: visit.id }, pi, M.visitNotFound);
    // a new team may then be defined
    const { createVisit } = await gql<{ createVisit: Visit }>(
      CREATE,
      { e: experimentPk, team: [pi.id], lead: pi.id },
      pi,
    );
    expect(createVisit.id).not.toBe(visit.id);
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    await settle();
    const before = await head();
    const USER = [Role.USER];
    const BOTH = [Role.USER, Role.USER_OFFICER];
    const none = { visitId: 999999, userId: 999999 };
    const cases: AccessCase[] = [
      {
        operation: 'createVisit',
        document: CREATE,
        variables: { e: 999999, team: [1], lead: 1 },
        allowed: USER,
      },
      {
        operation: 'updateVisit',
        document: UPDATE,
        variables: { v: 999999, team: [1], lead: 1 },
        allowed: USER,
      },
      { operation: 'deleteVisit', document: DELETE, variables: { v: 999999 }, allowed: BOTH },
      { operation: 'visit', document: GET, variables: { v: 999999 }, allowed: BOTH },
      { operation: 'visits', document: LIST, variables: { f: { experimentPk: 999999 } }, allowed: BOTH },
      {
        operation: 'getVisitRegistration',
        document: GET_REGISTRATION,
        variables: { v: 999999, u: 1 },
        allowed: BOTH,
      },
      {
        operation: 'createVisitRegistration',
        document: START,
        variables: { v: 999999, u: 1 },
        allowed: USER,
      },
      {
        operation: 'updateVisitRegistration',
        document: DATES,
        variables: { v: 999999, s: inDays(2), e: inDays(3) },
        allowed: USER,
      },
      { operation: 'submitVisitRegistration', document: SUBMIT, variables: { v: 999999 }, allowed: USER },
      {
        operation: 'approveVisitRegistrations',
        document: APPROVE,
        variables: { r: [none] },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'requestVisitRegistrationChanges',
        document: CHANGES,
        variables: { r: [none] },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'cancelVisitRegistration',
        document: CANCEL,
        variables: { v: 999999, u: 1 },
        allowed: BOTH,
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await appendedSince(before)).toEqual([]);
    // with the permission, an API token is let through each (acting as the user office), but the applicant's own
    const NEEDS_USER = [
      'createVisit',
      'updateVisit',
      'createVisitRegistration',
      'updateVisitRegistration',
      'submitVisitRegistration',
    ];
    const permitted = await apiTokenFor(
      t,
      cases.map((c) => c.operation),
    );
    const withToken = await head();
    for (const c of cases) {
      const res = await t.gql(c.document, c.variables ?? {}, permitted);
      const message = res.errors?.[0]?.message ?? '';
      const refusedToken = message.includes('may not call') || message.includes('needs a signed-in user');
      expect([c.operation, refusedToken]).toEqual([c.operation, NEEDS_USER.includes(c.operation)]);
    }
    expect(await appendedSince(withToken)).toEqual([]);
  });
});
