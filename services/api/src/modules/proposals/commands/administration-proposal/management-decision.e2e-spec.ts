import { managementDecisionMessages as D, proposalRuleMessages, Role } from '@user-office/contracts';
import { createOpenCall, createUser, type TestUser } from '../../../../../test/support/fixtures';
import { expectRefused } from '../../../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../../../test/support/test-app';
import type { EventStore } from '../../../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../../../event-logs';
import { MailerService } from '../../../notifications';
import { UsersService } from '../../../users';
import { moduleStores, type TestStore } from '../../../../../test/support/stores';

const DECISION = `primaryKey proposalId publicStatus finalStatus commentForUser commentForManagement
  managementDecisionSubmitted managementTimeAllocations { instrumentId value } notified status { shortCode }`;
const ADMIN = `mutation($pk: Int!, $finalStatus: ProposalEndStatus, $commentForUser: String, $commentForManagement: String,
  $allocations: [ManagementTimeAllocationsInput!], $submitted: Boolean) {
  administrationProposal(proposalPk: $pk, finalStatus: $finalStatus, commentForUser: $commentForUser,
    commentForManagement: $commentForManagement, managementTimeAllocations: $allocations,
    managementDecisionSubmitted: $submitted) { ${DECISION} } }`;
const NOTIFY = `mutation($pk: Int!) { notifyProposal(proposalPk: $pk) { ${DECISION} } }`;
const GET = `query($pk: Int!) { getProposal(primaryKey: $pk) { ${DECISION} } }`;
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Decided", abstract: "On merit") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`;
const LOGS = `query($id: String) { getEventLogs(changedObjectId: $id) { eventType description } }`;
const STATUSES = `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`;
const CREATE_WORKFLOW = `mutation { createWorkflow(name: "Decision", description: "", entityType: PROPOSAL) {
  id workflowConnectionGroups { groupId } } }`;
const ADD_STATUS = `mutation($w: Int!, $s: Int!, $order: Int!, $group: String!) {
  addWorkflowStatus(workflowId: $w, statusId: $s, sortOrder: $order, droppableGroupId: $group) { id } }`;
const EVENTS = `mutation($c: Int!, $events: [String!]!) {
  addStatusChangingEventsToConnection(workflowConnectionId: $c, statusChangingEvents: $events) { id } }`;
const ENGINE = 'advance_workflow_on_domain_event';
const DECISION_EMAIL = 'send_decision_email_on_proposal_notified';

interface Decision {
  primaryKey: number;
  proposalId: string;
  publicStatus: string;
  finalStatus: string;
  commentForUser: string;
  commentForManagement: string | null;
  managementDecisionSubmitted: boolean;
  managementTimeAllocations: { instrumentId: number; value: number }[];
  notified: boolean;
  status: { shortCode: string };
}

describe.each<TestStore>(moduleStores())('management decision and notification (%s)', (store) => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let chair: TestUser;
  let head: () => Promise<number>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Pia' });
    chair = await createUser(t, { role: Role.FAP_CHAIR });
    call = await createOpenCall(t, officer.token);
  });
  afterAll(() => t.close());

  const gql = async <T>(query: string, variables: Record<string, unknown>, user: TestUser) => {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  const refused = (
    query: string,
    variables: Record<string, unknown>,
    user: TestUser,
    message: string,
    code = 'BAD_USER_INPUT',
  ) => expectRefused(t, { query, variables, token: user.token }, message, code);
  const draft = async (c = call) => {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      CREATE,
      { callId: c.callId },
      pi,
    );
    await gql(UPDATE, { pk: createProposal.primaryKey }, pi);
    await gql(
      ANSWER,
      {
        q: createProposal.questionaryId,
        topic: c.topicId,
        answers: [{ questionId: c.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    return createProposal.primaryKey;
  };
  const submitted = async (c = call) => {
    const pk = await draft(c);
    await gql(SUBMIT, { pk }, pi);
    return pk;
  };
  const admin = async (variables: Record<string, unknown>) =>
    (await gql<{ administrationProposal: Decision }>(ADMIN, variables, officer)).administrationProposal;
  const get = async (pk: number, user: TestUser) =>
    (await gql<{ getProposal: Decision }>(GET, { pk }, user)).getProposal;

  it('lets an officer set ACCEPTED with comments and submit the decision; the proposers never see the comment for management', async () => {
    const pk = await submitted();
    const saved = await admin({
      pk,
      finalStatus: 'ACCEPTED',
      commentForUser: 'Congratulations',
      commentForManagement: 'Top ranked',
    });
    expect(saved).toMatchObject({
      finalStatus: 'ACCEPTED',
      commentForUser: 'Congratulations',
      commentForManagement: 'Top ranked',
      managementDecisionSubmitted: false,
      managementTimeAllocations: [],
      notified: false,
      publicStatus: 'submitted',
    });
    const done = await admin({ pk, finalStatus: 'ACCEPTED', submitted: true });
    // comments left out are kept
    expect(done).toMatchObject({
      managementDecisionSubmitted: true,
      commentForUser: 'Congratulations',
      commentForManagement: 'Top ranked',
    });
    expect(await get(pk, pi)).toMatchObject({
      finalStatus: 'ACCEPTED',
      commentForUser: 'Congratulations',
      commentForManagement: null,
      managementDecisionSubmitted: true,
    });
    // an unchanged decision appends nothing
    const stream = async () => (await t.app.get<EventStore>(EVENT_STORE).readStream(`proposal-${pk}`)).length;
    const before = await stream();
    await admin({ pk, finalStatus: 'ACCEPTED', submitted: true });
    expect(await stream()).toBe(before);
    // the event log describes the new events
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = (
      await gql<{ getEventLogs: { eventType: string; description: string }[] }>(
        LOGS,
        { id: String(pk) },
        officer,
      )
    ).getEventLogs;
    expect(logs).toEqual(
      expect.arrayContaining([
        {
          eventType: 'ProposalManagementDecisionUpdated',
          description:
            'Management decision saved: final status ACCEPTED (was UNSET), time allocations none, not submitted',
        },
        {
          eventType: 'ProposalManagementDecisionSubmitted',
          description: 'Management decision submitted: final status ACCEPTED',
        },
      ]),
    );
  });

  it('refuses non-officers, drafts, a missing final status and time allocations (no instruments yet)', async () => {
    const pk = await submitted();
    await refused(
      ADMIN,
      { pk, finalStatus: 'ACCEPTED' },
      pi,
      'Your current role (USER) may not do this',
      'FORBIDDEN',
    );
    await refused(
      ADMIN,
      { pk, finalStatus: 'REJECTED' },
      chair,
      'Your current role (FAP_CHAIR) may not do this',
      'FORBIDDEN',
    );
    await refused(ADMIN, { pk }, officer, D.finalStatusRequired);
    await refused(
      ADMIN,
      { pk, finalStatus: 'ACCEPTED', allocations: [{ instrumentId: 1, value: 100001 }] },
      officer,
      D.timeAllocationMax,
    );
    await refused(
      ADMIN,
      { pk, finalStatus: 'ACCEPTED', allocations: [{ instrumentId: 1, value: 20 }] },
      officer,
      D.noInstrumentAssigned,
    );
    await refused(ADMIN, { pk: await draft(), finalStatus: 'ACCEPTED' }, officer, D.notSubmitted);
    await refused(
      ADMIN,
      { pk: 999999, finalStatus: 'ACCEPTED' },
      officer,
      proposalRuleMessages.notFound,
      'NOT_FOUND',
    );
    await refused(NOTIFY, { pk }, pi, 'Your current role (USER) may not do this', 'FORBIDDEN');
    expect(await get(pk, officer)).toMatchObject({ finalStatus: 'UNSET', managementTimeAllocations: [] });
  });

  it('notifies once, after a submitted decision: the PI gets the final decision by e-mail', async () => {
    const pk = await submitted();
    await refused(NOTIFY, { pk }, officer, D.notifyFinalStatusUnset);
    await admin({ pk, finalStatus: 'ACCEPTED', commentForUser: 'Beam time in May' });
    await refused(NOTIFY, { pk }, officer, D.notifyDecisionNotSubmitted);
    await admin({ pk, finalStatus: 'ACCEPTED', submitted: true });
    const notified = (await gql<{ notifyProposal: Decision }>(NOTIFY, { pk }, officer)).notifyProposal;
    expect(notified).toMatchObject({ notified: true, finalStatus: 'ACCEPTED', publicStatus: 'accepted' });
    expect(await get(pk, pi)).toMatchObject({ notified: true, publicStatus: 'accepted' });
    await refused(NOTIFY, { pk }, officer, D.alreadyNotified);

    // the reaction enqueues the e-mail job (its id derived from the event); the in-process worker sends it
    await t.projections.waitFor(await head(), [DECISION_EMAIL]);
    const outbox = t.app.get(MailerService).outbox;
    const subject = `Your proposal ${notified.proposalId} has been accepted`;
    const mailsOf = () => outbox.filter((m) => m.subject === subject);
    await waitUntil(() => mailsOf().length > 0);
    const mails = mailsOf();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe((await t.app.get(UsersService).byId(pi.id))?.email);
    expect(mails[0].text).toContain('has been accepted');
    expect(mails[0].text).toContain('Beam time in May');
    expect(mails[0].text).toContain('Dear Pia');
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = (
      await gql<{ getEventLogs: { eventType: string; description: string }[] }>(
        LOGS,
        { id: String(pk) },
        officer,
      )
    ).getEventLogs;
    expect(logs.find((l) => l.eventType === 'ProposalNotified')?.description).toBe(
      `Proposal ${notified.proposalId} notified: the proposers were told the final status ACCEPTED`,
    );
  });

  it('moves the proposal along connections waiting for the decision and for PROPOSAL_NOTIFIED', async () => {
    const listed = await gql<{ getStatuses: { id: number; shortCode: string }[] }>(STATUSES, {}, officer);
    const status = Object.fromEntries(listed.getStatuses.map((s) => [s.shortCode, s.id]));
    const { createWorkflow } = await gql<{
      createWorkflow: { id: number; workflowConnectionGroups: { groupId: string }[] };
    }>(CREATE_WORKFLOW, {}, officer);
    const group = createWorkflow.workflowConnectionGroups[0].groupId;
    const add = async (shortCode: string, order: number, events: string[]) => {
      const { addWorkflowStatus } = await gql<{ addWorkflowStatus: { id: number } }>(
        ADD_STATUS,
        { w: createWorkflow.id, s: status[shortCode], order, group },
        officer,
      );
      await gql(EVENTS, { c: addWorkflowStatus.id, events }, officer);
    };
    await add('SUBMITTED_LOCKED', 1, ['PROPOSAL_SUBMITTED']);
    await add('APPROVED', 2, ['PROPOSAL_MANAGEMENT_DECISION_SUBMITTED', 'PROPOSAL_ACCEPTED']);
    await add('FINISHED', 3, ['PROPOSAL_NOTIFIED']);
    const workflowCall = await createOpenCall(t, officer.token, { proposalWorkflowId: createWorkflow.id });
    const settled = async () => {
      for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), [ENGINE]);
    };
    const pk = await submitted(workflowCall);
    await settled();
    expect((await get(pk, officer)).status.shortCode).toBe('SUBMITTED_LOCKED');
    await admin({ pk, finalStatus: 'ACCEPTED', commentForUser: 'Welcome' });
    await settled();
    expect((await get(pk, officer)).status.shortCode).toBe('SUBMITTED_LOCKED');
    await admin({ pk, finalStatus: 'ACCEPTED', submitted: true });
    await settled();
    expect((await get(pk, officer)).status.shortCode).toBe('APPROVED');
    await gql(NOTIFY, { pk }, officer);
    await settled();
    expect((await get(pk, officer)).status.shortCode).toBe('FINISHED');
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
