import { proposalMessages, Role } from '@user-office/contracts';
import { CallMilestonesScheduler } from '../calls';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { AdvanceWorkflowOnDomainEventReaction } from './reactions/advance-workflow-on-domain-event.reaction';
import { statusNotInWorkflow } from './commands/change-proposals-status/change-proposals-status.resolver';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const ENGINE = 'advance_workflow_on_domain_event';
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey proposalId questionaryId status { shortCode } } }`;
const UPDATE = `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Engine", abstract: "Moves") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`;
const GET = `query($pk: Int!) { getProposal(primaryKey: $pk) { status { shortCode } statusId } }`;
const CHANGE = `mutation($pks: [Int!]!, $statusId: Int) { changeProposalsStatus(proposalPks: $pks, statusId: $statusId) { primaryKey status { shortCode } } }`;
const STATUSES = `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`;
const CREATE_WORKFLOW = `mutation { createWorkflow(name: "Fast track", description: "", entityType: PROPOSAL) { id workflowConnectionGroups { groupId connections { id statusId } } } }`;
const ADD_STATUS = `mutation($w: Int!, $s: Int!, $order: Int!, $group: String!) {
  addWorkflowStatus(workflowId: $w, statusId: $s, sortOrder: $order, droppableGroupId: $group) { id } }`;
const EVENTS = `mutation($c: Int!, $events: [String!]!) { addStatusChangingEventsToConnection(workflowConnectionId: $c, statusChangingEvents: $events) { id } }`;
const LOGS = `query($id: String) { getEventLogs(changedObjectId: $id) { eventType description changedBy } }`;

describe.each<TestStore>(moduleStores())('workflow engine (%s)', (store) => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let head: () => Promise<number>;
  let status: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t);
    const listed = await gql<{ getStatuses: { id: number; shortCode: string }[] }>(STATUSES, {}, pi);
    status = Object.fromEntries(listed.getStatuses.map((s) => [s.shortCode, s.id]));
  });
  afterAll(() => t.close());

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  /** the engine has seen everything appended so far (and what it appended itself) */
  const settled = async () => {
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), [ENGINE]);
  };
  const statusOf = async (pk: number) =>
    (await gql<{ getProposal: { status: { shortCode: string } } }>(GET, { pk }, officer)).getProposal.status
      .shortCode;
  /** a proposal of the call, every step answered, not yet submitted */
  const ready = async (call: Awaited<ReturnType<typeof createOpenCall>>) => {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      CREATE,
      { callId: call.callId },
      pi,
    );
    await gql(UPDATE, { pk: createProposal.primaryKey }, pi);
    await gql(
      ANSWER,
      {
        q: createProposal.questionaryId,
        topic: call.topicId,
        answers: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    return createProposal.primaryKey;
  };
  const submitted = async (call: Awaited<ReturnType<typeof createOpenCall>>) => {
    const pk = await ready(call);
    await gql(SUBMIT, { pk }, pi);
    await settled();
    return pk;
  };

  it('answers the submission with the status the workflow moved the proposal to (not Draft)', async () => {
    const call = await createOpenCall(t, officer.token);
    const pk = await ready(call);
    const { submitProposal } = await gql<{
      submitProposal: { submitted: boolean; status: { shortCode: string } };
    }>(
      `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { submitted status { shortCode } } }`,
      { pk },
      pi,
    );
    expect(submitProposal).toEqual({ submitted: true, status: { shortCode: 'SUBMITTED_LOCKED' } });
  });

  it('moves a submitted proposal along the default workflow: DRAFT → SUBMITTED_LOCKED', async () => {
    const call = await createOpenCall(t, officer.token);
    const pk = await submitted(call);
    expect(await statusOf(pk)).toBe('SUBMITTED_LOCKED');
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = (
      await gql<{ getEventLogs: { eventType: string; description: string; changedBy: string }[] }>(
        LOGS,
        { id: String(pk) },
        officer,
      )
    ).getEventLogs;
    expect(logs.find((l) => l.eventType === 'ProposalStatusChanged')).toMatchObject({
      description: `Status changed from ${status.DRAFT} to ${status.SUBMITTED_LOCKED} by workflow (PROPOSAL_SUBMITTED)`,
      changedBy: 'System',
    });
  });

  it('takes several hops at once, and reacts to the call ending once per event', async () => {
    // DRAFT →(PROPOSAL_SUBMITTED) SUBMITTED_LOCKED →(PROPOSAL_STATUS_CHANGED_BY_WORKFLOW) UNDER_REVIEW →(CALL_ENDED) FAP_SELECTION
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
    await add('UNDER_REVIEW', 2, ['PROPOSAL_STATUS_CHANGED_BY_WORKFLOW']);
    await add('FAP_SELECTION', 3, ['CALL_ENDED']);
    const DAY = 24 * 3600 * 1000;
    const call = await createOpenCall(t, officer.token, {
      proposalWorkflowId: createWorkflow.id,
      endCall: new Date(Date.now() + 2000).toISOString(),
      endCallInternal: new Date(Date.now() + 2000).toISOString(),
      startReview: new Date(Date.now() + DAY).toISOString(),
    });
    const pk = await submitted(call);
    expect(await statusOf(pk)).toBe('UNDER_REVIEW');
    const stream = async () =>
      (await t.app.get<EventStore>(EVENT_STORE).readStream(`proposal-${pk}`)).map((e) => e.type);
    expect((await stream()).filter((type) => type === 'ProposalStatusChanged')).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    await t.app.get(CallMilestonesScheduler).tick();
    await settled();
    expect(await statusOf(pk)).toBe('FAP_SELECTION');
    // CALL_ENDED and CALL_ENDED_INTERNAL, once each, even when the engine is handed the call events again
    const recorded = async () => (await stream()).filter((type) => type === 'ProposalWorkflowEventRecorded');
    expect(await recorded()).toHaveLength(2);
    const engine = t.app.get(AdvanceWorkflowOnDomainEventReaction);
    for (const event of await t.app.get<EventStore>(EVENT_STORE).readStream(`call-${call.callId}`)) {
      // eslint-disable-next-line prefer-spread -- Projection.apply, not Function.prototype.apply
      if (engine.eventTypes.includes(event.type)) await engine.apply(null, event);
    }
    expect(await recorded()).toHaveLength(2);
    expect(await statusOf(pk)).toBe('FAP_SELECTION');
  });

  it('moves a proposal on a submitted technical review (PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED and PROPOSAL_FEASIBLE)', async () => {
    // DRAFT →(PROPOSAL_SUBMITTED) SUBMITTED_LOCKED →(review submitted and feasible) UNDER_REVIEW
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
    await add('UNDER_REVIEW', 2, ['PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED', 'PROPOSAL_FEASIBLE']);
    const call = await createOpenCall(t, officer.token, { proposalWorkflowId: createWorkflow.id });
    const pk = await submitted(call);
    const scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
      `mutation($s: String!) { createInstrument(name: "Engine", shortCode: $s, description: "d", managerUserId: null) { id } }`,
      { s: `ENG-${store}` },
      officer,
    );
    await gql(
      `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`,
      { s: [scientist.id], i: createInstrument.id },
      officer,
    );
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [pk], i: [createInstrument.id] },
      officer,
    );
    await gql(
      `mutation($p: Int!, $i: Int!) { addTechnicalReview(proposalPk: $p, instrumentId: $i, status: FEASIBLE, timeAllocation: 2) { id } }`,
      { p: pk, i: createInstrument.id },
      scientist,
    );
    await settled();
    expect(await statusOf(pk)).toBe('SUBMITTED_LOCKED');
    await gql(
      `mutation($r: [SubmitTechnicalReviewInput!]!) { submitTechnicalReviews(technicalReviews: $r) }`,
      { r: [{ proposalPk: pk, instrumentId: createInstrument.id, submitted: true }] },
      scientist,
    );
    await settled();
    expect(await statusOf(pk)).toBe('UNDER_REVIEW');
  });

  it('lets an officer set a status of the workflow by hand, with the §5 message when none is chosen', async () => {
    const call = await createOpenCall(t, officer.token);
    const pk = await submitted(call);
    const changed = (
      await gql<{ changeProposalsStatus: { status: { shortCode: string } }[] }>(
        CHANGE,
        { pks: [pk], statusId: status.APPROVED },
        officer,
      )
    ).changeProposalsStatus;
    expect(changed[0].status.shortCode).toBe('APPROVED');
    await expectRefused(
      t,
      { query: CHANGE, variables: { pks: [pk] }, token: officer.token },
      proposalMessages.statusRequired,
    );
    await expectRefused(
      t,
      { query: CHANGE, variables: { pks: [pk], statusId: status.QUICK_REVIEW }, token: officer.token },
      statusNotInWorkflow(
        status.QUICK_REVIEW,
        (
          await gql<{ getProposal: { proposalId: string } }>(
            'query($pk: Int!) { getProposal(primaryKey: $pk) { proposalId } }',
            { pk },
            officer,
          )
        ).getProposal.proposalId,
      ),
    );
    const forbidden = await t.gql(CHANGE, { pks: [pk], statusId: status.DRAFT }, pi.token);
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
