import {
  DEFAULT_STATUSES,
  EMAIL_TEMPLATES,
  Role,
  STATUS_CREATED,
  WORKFLOW_CREATED,
  WorkflowType,
  workflowMessages as M,
} from '@user-office/contracts';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { emailAction } from '../../../test/support/fixtures';
import { createTestDatabase } from '../../../test/support/test-database';
import { pgTemplate } from '../../../test/support/test-templates';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { WorkflowsRepository, WorkflowUsage } from './index';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const STATUS = 'id shortCode name description isDefault entityType';
const CONNECTION = `id sortOrder workflowId statusId status { id shortCode } nextStatusId prevStatusId droppableGroupId
  parentDroppableGroupId statusChangingEvents statusActions { actionId actionType name config connectionId workflowId }`;
const WORKFLOW = `id name description entityType isDefault
  workflowConnectionGroups { groupId parentGroupId connections { ${CONNECTION} } }`;

const GET_STATUSES = `query($entityType: WorkflowType) { getStatuses(entityType: $entityType) { ${STATUS} } }`;
const GET_WORKFLOWS = `query($entityType: WorkflowType) { getWorkflows(entityType: $entityType) { ${WORKFLOW} } }`;
const GET_WORKFLOW = `query($workflowId: Int!) { getWorkflow(workflowId: $workflowId) { ${WORKFLOW} } }`;
const GET_EVENTS = `query($entityType: WorkflowType) { getWorkflowEvents(entityType: $entityType) { name description entityType } }`;
const GET_ACTIONS = '{ getStatusActions { id name type description defaultConfig } }';
const GET_EMAIL_TEMPLATES = '{ getEmailTemplates { id name description entityType subject text html } }';
const CREATE_STATUS = `mutation($shortCode: String!, $name: String!, $description: String, $entityType: WorkflowType!) {
  createStatus(shortCode: $shortCode, name: $name, description: $description, entityType: $entityType) { ${STATUS} } }`;
const UPDATE_STATUS = `mutation($id: Int!, $name: String, $description: String) {
  updateStatus(id: $id, name: $name, description: $description) { ${STATUS} } }`;
const DELETE_STATUS = `mutation($id: Int!) { deleteStatus(id: $id) { ${STATUS} } }`;
const CREATE_WORKFLOW = `mutation($name: String!, $description: String, $entityType: WorkflowType!) {
  createWorkflow(name: $name, description: $description, entityType: $entityType) { ${WORKFLOW} } }`;
const UPDATE_WORKFLOW = `mutation($id: Int!, $name: String, $description: String) {
  updateWorkflow(id: $id, name: $name, description: $description) { id name description } }`;
const DELETE_WORKFLOW = `mutation($workflowId: Int!) { deleteWorkflow(workflowId: $workflowId) { id name } }`;
const ADD_STATUS = `mutation($workflowId: Int!, $statusId: Int!, $sortOrder: Int!, $droppableGroupId: String!,
  $parentDroppableGroupId: String, $nextStatusId: Int, $prevStatusId: Int) {
  addWorkflowStatus(workflowId: $workflowId, statusId: $statusId, sortOrder: $sortOrder, droppableGroupId: $droppableGroupId,
    parentDroppableGroupId: $parentDroppableGroupId, nextStatusId: $nextStatusId, prevStatusId: $prevStatusId) { ${CONNECTION} } }`;
const MOVE_STATUS = `mutation($from: IndexWithGroupId!, $to: IndexWithGroupId!, $workflowId: Int!) {
  moveWorkflowStatus(from: $from, to: $to, workflowId: $workflowId) { ${WORKFLOW} } }`;
const DELETE_WORKFLOW_STATUS = `mutation($statusId: Int!, $workflowId: Int!, $sortOrder: Int!) {
  deleteWorkflowStatus(statusId: $statusId, workflowId: $workflowId, sortOrder: $sortOrder) { ${WORKFLOW} } }`;
const SET_EVENTS = `mutation($id: Int!, $events: [String!]!) {
  addStatusChangingEventsToConnection(workflowConnectionId: $id, statusChangingEvents: $events) { ${CONNECTION} } }`;
const SET_ACTIONS = `mutation($id: Int!, $workflowId: Int!, $actions: [ConnectionStatusActionInput!]!) {
  addConnectionStatusActions(workflowConnectionId: $id, workflowId: $workflowId, actions: $actions) { ${CONNECTION} } }`;
const EVENT_LOGS = `query($id: String) { getEventLogs(changedObjectId: $id) { eventType changedBy changedObjectId description } }`;

interface Status {
  id: number;
  shortCode: string;
  name: string;
  description: string;
  isDefault: boolean;
  entityType: WorkflowType;
}
interface Connection {
  id: number;
  sortOrder: number;
  workflowId: number;
  statusId: number;
  status: { id: number; shortCode: string };
  nextStatusId: number | null;
  prevStatusId: number | null;
  droppableGroupId: string;
  parentDroppableGroupId: string | null;
  statusChangingEvents: string[];
  statusActions: {
    actionId: number;
    actionType: string;
    name: string;
    config: Record<string, unknown>;
    connectionId: number;
    workflowId: number;
  }[];
}
interface Workflow {
  id: number;
  name: string;
  description: string;
  entityType: WorkflowType;
  isDefault: boolean;
  workflowConnectionGroups: { groupId: string; parentGroupId: string | null; connections: Connection[] }[];
}

const MAIN = 'proposalWorkflowConnections_0';
/** each group as [groupId, parentGroupId, [shortCode, prev, next]…] */
const shape = (workflow: Workflow) =>
  workflow.workflowConnectionGroups.map((g) => [
    g.groupId,
    g.parentGroupId,
    g.connections.map((c) => [c.status.shortCode, c.prevStatusId, c.nextStatusId]),
  ]);
const connections = (workflow: Workflow) => workflow.workflowConnectionGroups.flatMap((g) => g.connections);
const byCode = (workflow: Workflow, shortCode: string) =>
  connections(workflow).find((c) => c.status.shortCode === shortCode) as Connection;

describe.each<TestStore>(moduleStores())('workflows end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: string;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 51 });
  });
  afterAll(() => t.close());

  const gql = async <T>(document: string, variables: Record<string, unknown> = {}, token = officer) => {
    const res = await t.gql<T>(document, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  /** the call fails with this message and code, and nothing is appended */
  const refused = async (
    document: string,
    variables: Record<string, unknown>,
    message: string,
    code = 'BAD_USER_INPUT',
  ) => {
    const before = await head();
    const res = await t.gql(document, variables, officer);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await head()).toBe(before);
    return res.errors![0];
  };
  const statuses = async (entityType?: WorkflowType, token = officer) =>
    (await gql<{ getStatuses: Status[] }>(GET_STATUSES, { entityType }, token)).getStatuses;
  const status = async (shortCode: string, entityType = WorkflowType.PROPOSAL) =>
    (await statuses(entityType)).find((s) => s.shortCode === shortCode) as Status;
  const createStatus = async (shortCode: string, entityType = WorkflowType.PROPOSAL, name = shortCode) =>
    (await gql<{ createStatus: Status }>(CREATE_STATUS, { shortCode, name, entityType })).createStatus;
  const getWorkflow = async (workflowId: number) =>
    (await gql<{ getWorkflow: Workflow | null }>(GET_WORKFLOW, { workflowId })).getWorkflow;
  const createWorkflow = async (name: string, entityType = WorkflowType.PROPOSAL) =>
    (await gql<{ createWorkflow: Workflow }>(CREATE_WORKFLOW, { name, description: 'd', entityType }))
      .createWorkflow;
  const addStatus = async (workflowId: number, statusId: number, vars: Record<string, unknown> = {}) =>
    (
      await gql<{ addWorkflowStatus: Connection }>(ADD_STATUS, {
        workflowId,
        statusId,
        sortOrder: 99,
        droppableGroupId: MAIN,
        ...vars,
      })
    ).addWorkflowStatus;

  it('starts with the default statuses, their fixed ids, readable by any logged-in user', async () => {
    const all = await statuses(undefined, t.token(APPLICANT));
    expect(all.map((s) => [s.id, s.shortCode, s.entityType])).toEqual(
      DEFAULT_STATUSES.map((s) => [s.id, s.shortCode, s.entityType]),
    );
    expect(all.every((s) => s.isDefault)).toBe(true);
    const proposal = await statuses(WorkflowType.PROPOSAL);
    expect(proposal.find((s) => s.id === 8)?.shortCode).toBe('SCHEDULING');
    expect(proposal.find((s) => s.id === 9)?.shortCode).toBe('EXPIRED');
    expect(proposal.find((s) => s.id === 2)?.shortCode).toBe('FEASIBILITY_REVIEW');
    expect(proposal.find((s) => s.id === 10)?.name).toBe('Submitted (locked)');
    expect((await statuses(WorkflowType.EXPERIMENT)).map((s) => s.shortCode)).toEqual([
      'AWAITING_ESF',
      'ESF_IS_REVIEW',
      'ESF_APPROVED',
      'ESF_REJECTED',
    ]);
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = (
      await gql<{ getEventLogs: { eventType: string; changedBy: string; description: string }[] }>(
        EVENT_LOGS,
        { id: '10' },
      )
    ).getEventLogs.filter((l) => l.eventType === STATUS_CREATED);
    expect(logs).toEqual([
      expect.objectContaining({
        changedBy: 'System',
        description: 'Default status SUBMITTED_LOCKED ("Submitted (locked)", PROPOSAL) created',
      }),
    ]);
  });

  it('starts with the default proposal and experiment workflows', async () => {
    const [proposal] = (await gql<{ getWorkflows: Workflow[] }>(GET_WORKFLOWS, { entityType: 'PROPOSAL' }))
      .getWorkflows;
    expect(proposal).toMatchObject({ id: 1, name: 'Default proposal workflow', isDefault: true });
    expect(shape(proposal)).toEqual([
      [
        MAIN,
        null,
        [
          ['DRAFT', null, 10],
          ['SUBMITTED_LOCKED', 1, 11],
          ['UNDER_REVIEW', 10, null],
        ],
      ],
      ['proposalWorkflowConnections_1', MAIN, [['APPROVED', 11, null]]],
      ['proposalWorkflowConnections_2', MAIN, [['UNSUCCESSFUL', 11, null]]],
    ]);
    expect(connections(proposal).map((c) => [c.status.shortCode, c.statusChangingEvents])).toEqual([
      ['DRAFT', []],
      ['SUBMITTED_LOCKED', ['PROPOSAL_SUBMITTED']],
      ['UNDER_REVIEW', ['PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED']],
      ['APPROVED', ['PROPOSAL_ACCEPTED']],
      ['UNSUCCESSFUL', ['PROPOSAL_REJECTED']],
    ]);
    expect(byCode(proposal, 'SUBMITTED_LOCKED').statusActions).toEqual([
      {
        actionId: 1,
        actionType: 'EMAIL',
        name: 'Email action',
        connectionId: byCode(proposal, 'SUBMITTED_LOCKED').id,
        workflowId: 1,
        config: {
          recipientsWithEmailTemplate: [
            {
              recipient: { name: 'PI', description: 'The principal investigator of the proposal' },
              emailTemplate: { id: 'proposal-submitted', name: 'Proposal submitted' },
            },
          ],
          otherRecipientEmails: [],
          combineEmails: false,
        },
      },
    ]);
    expect(byCode(proposal, 'APPROVED').statusActions.map((a) => [a.actionType, a.config])).toEqual([
      [
        'EMAIL',
        expect.objectContaining({
          recipientsWithEmailTemplate: [
            expect.objectContaining({
              emailTemplate: { id: 'proposal-accepted', name: 'Proposal accepted' },
            }),
          ],
        }),
      ],
      ['RABBITMQ', { exchanges: ['user_office_backend.fanout'] }],
    ]);
    expect(byCode(proposal, 'UNSUCCESSFUL').statusActions[0].config).toMatchObject({
      recipientsWithEmailTemplate: [{ emailTemplate: { id: 'proposal-rejected' } }],
    });

    const [experiment] = (
      await gql<{ getWorkflows: Workflow[] }>(GET_WORKFLOWS, { entityType: 'EXPERIMENT' })
    ).getWorkflows;
    expect(experiment).toMatchObject({ id: 2, name: 'Default experiment workflow', isDefault: true });
    expect(shape(experiment)).toEqual([
      [
        'experimentWorkflowConnections_0',
        null,
        [
          ['AWAITING_ESF', null, 20],
          ['ESF_IS_REVIEW', 19, null],
        ],
      ],
      ['experimentWorkflowConnections_1', 'experimentWorkflowConnections_0', [['ESF_APPROVED', 20, null]]],
      ['experimentWorkflowConnections_2', 'experimentWorkflowConnections_0', [['ESF_REJECTED', 20, null]]],
    ]);
    expect(connections(experiment).map((c) => c.statusChangingEvents)).toEqual([
      [],
      ['EXPERIMENT_ESF_SUBMITTED'],
      ['EXPERIMENT_ESF_APPROVED'],
      ['EXPERIMENT_ESF_REJECTED'],
    ]);

    // what other modules read
    const repository = t.app.get(WorkflowsRepository);
    expect(await repository.defaultWorkflowId(WorkflowType.PROPOSAL)).toBe(1);
    expect(await repository.defaultWorkflowId(WorkflowType.EXPERIMENT)).toBe(2);
    expect(await repository.initialStatus(1)).toMatchObject({ id: 1, shortCode: 'DRAFT' });
    expect(await repository.initialStatus(2)).toMatchObject({ id: 19, shortCode: 'AWAITING_ESF' });
    const flat = await repository.connections(1);
    expect(flat.filter((c) => c.prevStatusId === 11).map((c) => c.status.shortCode)).toEqual([
      'APPROVED',
      'UNSUCCESSFUL',
    ]);
    expect((await repository.statusesByIds([9, 8, 999])).map((s) => s.shortCode)).toEqual([
      'EXPIRED',
      'SCHEDULING',
    ]);
    expect((await repository.statusByShortCode(WorkflowType.PROPOSAL, 'QUICK_REVIEW'))?.id).toBe(17);
  });

  it('serves the catalogues: events by type, status actions, e-mail templates', async () => {
    const events = (
      await gql<{ getWorkflowEvents: { name: string; entityType: string }[] }>(
        GET_EVENTS,
        { entityType: 'EXPERIMENT' },
        t.token(APPLICANT),
      )
    ).getWorkflowEvents;
    expect(events.map((e) => e.name)).toContain('EXPERIMENT_ESF_SUBMITTED');
    expect(events.every((e) => e.entityType === 'EXPERIMENT')).toBe(true);
    const all = (await gql<{ getWorkflowEvents: { name: string }[] }>(GET_EVENTS)).getWorkflowEvents;
    expect(all.map((e) => e.name)).toEqual(
      expect.arrayContaining(['PROPOSAL_SUBMITTED', 'CALL_ENDED', 'EXPERIMENT_ESF_APPROVED']),
    );

    const actions = (await gql<{ getStatusActions: Record<string, unknown>[] }>(GET_ACTIONS))
      .getStatusActions;
    expect(actions).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'Email action',
        type: 'EMAIL',
        defaultConfig: expect.objectContaining({
          recipientsWithEmailTemplate: [],
          otherRecipientEmails: [],
          combineEmails: false,
          recipients: expect.arrayContaining([
            { name: 'PI', description: 'The principal investigator of the proposal' },
          ]),
          emailTemplates: expect.arrayContaining([
            { id: 'co-proposer-invite', name: 'Co-proposer invitation' },
          ]),
        }),
      }),
      expect.objectContaining({
        id: 2,
        name: 'RabbitMQ action',
        type: 'RABBITMQ',
        defaultConfig: {
          exchanges: ['user_office_backend.fanout'],
          profiles: ['native', 'compatible'],
          // RABBITMQ_DEFAULT_PROFILE (unset here) and RABBITMQ_EXCHANGES (the test app's own)
          defaultProfile: 'native',
          compatibleExchanges: t.config.rabbitmqExchanges,
        },
      }),
    ]);
    const templates = (
      await gql<{ getEmailTemplates: { id: string; subject: string }[] }>(GET_EMAIL_TEMPLATES)
    ).getEmailTemplates;
    expect(templates.map((x) => x.id)).toEqual(EMAIL_TEMPLATES.map((x) => x.id));
    expect(templates.find((x) => x.id === 'proposal-submitted')?.subject).toContain(
      '{{proposal.proposalId}}',
    );
  });

  it('creates, updates and deletes statuses; refusals append nothing', async () => {
    const onHold = await createStatus('ON_HOLD', WorkflowType.PROPOSAL, 'On hold');
    expect(onHold).toMatchObject({
      shortCode: 'ON_HOLD',
      name: 'On hold',
      description: '',
      isDefault: false,
      entityType: 'PROPOSAL',
    });
    expect(onHold.id).toBeGreaterThan(22);
    // the same short code is taken for proposals, free for experiments
    await refused(
      CREATE_STATUS,
      { shortCode: 'ON_HOLD', name: 'x', entityType: 'PROPOSAL' },
      M.shortCodeTaken('PROPOSAL'),
    );
    const experimentHold = await createStatus('ON_HOLD', WorkflowType.EXPERIMENT);
    expect(experimentHold.entityType).toBe('EXPERIMENT');
    const bad = await refused(
      CREATE_STATUS,
      { shortCode: 'on hold', name: '', entityType: 'PROPOSAL' },
      M.shortCodePattern,
    );
    expect(bad.extensions?.fieldErrors).toEqual({ shortCode: M.shortCodePattern, name: M.nameRequired });

    const updated = (
      await gql<{ updateStatus: Status }>(UPDATE_STATUS, {
        id: onHold.id,
        name: ' Paused ',
        description: 'Waiting for the facility',
      })
    ).updateStatus;
    expect(updated).toMatchObject({
      id: onHold.id,
      shortCode: 'ON_HOLD',
      name: 'Paused',
      description: 'Waiting for the facility',
    });
    await refused(UPDATE_STATUS, { id: onHold.id, name: '  ' }, M.nameRequired);
    await refused(UPDATE_STATUS, { id: 99999, name: 'x' }, M.statusNotFound, 'NOT_FOUND');

    await refused(DELETE_STATUS, { id: 9 }, M.defaultStatusNotDeletable);
    await refused(DELETE_STATUS, { id: 1 }, M.defaultStatusNotDeletable);
    const deleted = (await gql<{ deleteStatus: Status }>(DELETE_STATUS, { id: experimentHold.id }))
      .deleteStatus;
    expect(deleted).toMatchObject({ id: experimentHold.id, shortCode: 'ON_HOLD' });
    expect((await statuses(WorkflowType.EXPERIMENT)).map((s) => s.id)).not.toContain(experimentHold.id);
    await refused(DELETE_STATUS, { id: experimentHold.id }, M.statusNotFound, 'NOT_FOUND');
    // its short code may be used again
    expect((await createStatus('ON_HOLD', WorkflowType.EXPERIMENT)).id).toBeGreaterThan(experimentHold.id);
  });

  it('builds a workflow: create, add, move and delete statuses; the graph stays consistent', async () => {
    const created = await createWorkflow('Fast track');
    expect(created).toMatchObject({
      name: 'Fast track',
      description: 'd',
      entityType: 'PROPOSAL',
      isDefault: false,
    });
    expect(created.id).toBeGreaterThan(2);
    expect(shape(created)).toEqual([[MAIN, null, [['DRAFT', null, null]]]]);
    const id = created.id;

    const review = await addStatus(id, 11, { prevStatusId: 1 });
    expect(review).toMatchObject({
      workflowId: id,
      statusId: 11,
      sortOrder: 1,
      prevStatusId: 1,
      nextStatusId: null,
      droppableGroupId: MAIN,
    });
    // inserted before UNDER_REVIEW, with the neighbours the editor expects
    await addStatus(id, 10, { sortOrder: 1, prevStatusId: 1, nextStatusId: 11 });
    await addStatus(id, 12, {
      sortOrder: 0,
      droppableGroupId: 'proposalWorkflowConnections_1',
      parentDroppableGroupId: MAIN,
    });
    await addStatus(id, 13, {
      sortOrder: 0,
      droppableGroupId: 'proposalWorkflowConnections_2',
      parentDroppableGroupId: MAIN,
    });
    await addStatus(id, 14, { droppableGroupId: 'proposalWorkflowConnections_1' });
    expect(shape((await getWorkflow(id))!)).toEqual([
      [
        MAIN,
        null,
        [
          ['DRAFT', null, 10],
          ['SUBMITTED_LOCKED', 1, 11],
          ['UNDER_REVIEW', 10, null],
        ],
      ],
      [
        'proposalWorkflowConnections_1',
        MAIN,
        [
          ['APPROVED', 11, 14],
          ['FINISHED', 12, null],
        ],
      ],
      ['proposalWorkflowConnections_2', MAIN, [['UNSUCCESSFUL', 11, null]]],
    ]);

    const add = (statusId: number, vars: Record<string, unknown> = {}) => ({
      workflowId: id,
      statusId,
      sortOrder: 99,
      droppableGroupId: MAIN,
      ...vars,
    });
    await refused(ADD_STATUS, add(11), M.statusAlreadyInWorkflow);
    await refused(ADD_STATUS, add(19), M.statusWrongEntityType('PROPOSAL'));
    await refused(ADD_STATUS, add(2, { sortOrder: 0 }), M.beforeInitialStatus);
    await refused(ADD_STATUS, add(2, { prevStatusId: 10 }), M.prevStatusMismatch(11));
    await refused(ADD_STATUS, add(2, { droppableGroupId: 'branch_9' }), M.parentGroupRequired('branch_9'));
    await refused(ADD_STATUS, add(2, { droppableGroupId: 'bad group' }), M.groupIdPattern);
    await refused(ADD_STATUS, add(99999), M.statusNotFound, 'NOT_FOUND');
    await refused(ADD_STATUS, { ...add(2), workflowId: 99999 }, M.workflowNotFound, 'NOT_FOUND');

    // UNDER_REVIEW before SUBMITTED_LOCKED: the branches now hang from SUBMITTED_LOCKED
    const moved = (
      await gql<{ moveWorkflowStatus: Workflow }>(MOVE_STATUS, {
        workflowId: id,
        from: { index: 2, droppableId: MAIN },
        to: { index: 1, droppableId: MAIN },
      })
    ).moveWorkflowStatus;
    expect(shape(moved)).toEqual([
      [
        MAIN,
        null,
        [
          ['DRAFT', null, 11],
          ['UNDER_REVIEW', 1, 10],
          ['SUBMITTED_LOCKED', 11, null],
        ],
      ],
      [
        'proposalWorkflowConnections_1',
        MAIN,
        [
          ['APPROVED', 10, 14],
          ['FINISHED', 12, null],
        ],
      ],
      ['proposalWorkflowConnections_2', MAIN, [['UNSUCCESSFUL', 10, null]]],
    ]);
    // FINISHED to the other branch
    const across = (
      await gql<{ moveWorkflowStatus: Workflow }>(MOVE_STATUS, {
        workflowId: id,
        from: { index: 1, droppableId: 'proposalWorkflowConnections_1' },
        to: { index: 1, droppableId: 'proposalWorkflowConnections_2' },
      })
    ).moveWorkflowStatus;
    expect(shape(across).slice(1)).toEqual([
      ['proposalWorkflowConnections_1', MAIN, [['APPROVED', 10, null]]],
      [
        'proposalWorkflowConnections_2',
        MAIN,
        [
          ['UNSUCCESSFUL', 10, 14],
          ['FINISHED', 13, null],
        ],
      ],
    ]);
    const move = (from: [string, number], to: [string, number]) => ({
      workflowId: id,
      from: { droppableId: from[0], index: from[1] },
      to: { droppableId: to[0], index: to[1] },
    });
    await refused(MOVE_STATUS, move([MAIN, 0], [MAIN, 2]), M.initialStatusFixed);
    await refused(MOVE_STATUS, move([MAIN, 1], [MAIN, 0]), M.beforeInitialStatus);
    await refused(MOVE_STATUS, move([MAIN, 5], [MAIN, 1]), M.noStatusAtPosition(MAIN, 5));
    await refused(MOVE_STATUS, move([MAIN, 1], ['nowhere', 0]), M.groupNotFound('nowhere'));

    const afterDelete = (
      await gql<{ deleteWorkflowStatus: Workflow }>(DELETE_WORKFLOW_STATUS, {
        workflowId: id,
        statusId: 10,
        sortOrder: 2,
      })
    ).deleteWorkflowStatus;
    expect(shape(afterDelete)).toEqual([
      [
        MAIN,
        null,
        [
          ['DRAFT', null, 11],
          ['UNDER_REVIEW', 1, null],
        ],
      ],
      ['proposalWorkflowConnections_1', MAIN, [['APPROVED', 11, null]]],
      [
        'proposalWorkflowConnections_2',
        MAIN,
        [
          ['UNSUCCESSFUL', 11, 14],
          ['FINISHED', 13, null],
        ],
      ],
    ]);
    await refused(
      DELETE_WORKFLOW_STATUS,
      { workflowId: id, statusId: 1, sortOrder: 0 },
      M.initialStatusFixed,
    );
    await refused(
      DELETE_WORKFLOW_STATUS,
      { workflowId: id, statusId: 11, sortOrder: 0 },
      M.statusNotAtPosition(1),
    );
    await refused(
      DELETE_WORKFLOW_STATUS,
      { workflowId: id, statusId: 10, sortOrder: 2 },
      M.statusNotInWorkflow,
    );

    // a status used in a workflow cannot be deleted
    const onHold = await status('ON_HOLD');
    await addStatus(id, onHold.id, { droppableGroupId: 'proposalWorkflowConnections_1' });
    await refused(DELETE_STATUS, { id: onHold.id }, M.statusInUse('"Fast track"'));
  });

  it('sets the events and actions of connections, refusing bad input with nothing appended', async () => {
    const workflow = await createWorkflow('Events and actions');
    const id = workflow.id;
    const submitted = await addStatus(id, 10);
    const initial = byCode(workflow, 'DRAFT');

    const withEvents = (
      await gql<{ addStatusChangingEventsToConnection: Connection }>(SET_EVENTS, {
        id: submitted.id,
        events: ['PROPOSAL_SUBMITTED', 'CALL_ENDED', 'PROPOSAL_SUBMITTED'],
      })
    ).addStatusChangingEventsToConnection;
    expect(withEvents.statusChangingEvents).toEqual(['PROPOSAL_SUBMITTED', 'CALL_ENDED']);
    await refused(
      SET_EVENTS,
      { id: submitted.id, events: ['PROPOSAL_TELEPORTED'] },
      M.unknownEvent('PROPOSAL_TELEPORTED'),
    );
    await refused(
      SET_EVENTS,
      { id: submitted.id, events: ['EXPERIMENT_ESF_SUBMITTED'] },
      M.eventWrongEntityType('EXPERIMENT_ESF_SUBMITTED', 'PROPOSAL'),
    );
    await refused(SET_EVENTS, { id: initial.id, events: ['PROPOSAL_CREATED'] }, M.initialStatusNoEvents);
    await refused(SET_EVENTS, { id: 999999, events: [] }, M.connectionNotFound, 'NOT_FOUND');
    // setting the same list again appends nothing
    const before = await head();
    await gql(SET_EVENTS, { id: submitted.id, events: ['PROPOSAL_SUBMITTED', 'CALL_ENDED'] });
    expect(await head()).toBe(before);

    const actions = [
      emailAction(
        [
          { name: 'PI', template: 'proposal-submitted' },
          { name: 'OTHER', template: 'user-office-proposal-submitted' },
        ],
        { other: ['office@facility.example'] },
      ),
      { actionId: 2, actionType: 'RABBITMQ', config: '{"exchanges": ["uo.proposals", "audit.fanout"]}' },
    ];
    const withActions = (
      await gql<{ addConnectionStatusActions: Connection }>(SET_ACTIONS, {
        id: submitted.id,
        workflowId: id,
        actions,
      })
    ).addConnectionStatusActions;
    expect(withActions.statusChangingEvents).toEqual(['PROPOSAL_SUBMITTED', 'CALL_ENDED']);
    expect(withActions.statusActions.map((a) => [a.actionId, a.actionType, a.name, a.config])).toEqual([
      [
        1,
        'EMAIL',
        'Email action',
        {
          recipientsWithEmailTemplate: [
            {
              recipient: { name: 'PI', description: 'The principal investigator of the proposal' },
              emailTemplate: { id: 'proposal-submitted', name: 'Proposal submitted' },
            },
            {
              recipient: {
                name: 'OTHER',
                description: 'The e-mail addresses listed in otherRecipientEmails',
              },
              emailTemplate: {
                id: 'user-office-proposal-submitted',
                name: 'Proposal submitted (user office)',
              },
            },
          ],
          otherRecipientEmails: ['office@facility.example'],
          combineEmails: false,
        },
      ],
      [2, 'RABBITMQ', 'RabbitMQ action', { exchanges: ['uo.proposals', 'audit.fanout'] }],
    ]);

    const setActions = (list: unknown[]) => ({ id: submitted.id, workflowId: id, actions: list });
    await refused(SET_ACTIONS, setActions([emailAction([])]), M.recipientsRequired);
    await refused(
      SET_ACTIONS,
      setActions([emailAction([{ name: 'NOBODY', template: 'proposal-submitted' }])]),
      M.unknownRecipient('NOBODY'),
    );
    await refused(
      SET_ACTIONS,
      setActions([emailAction([{ name: 'PI', template: 'no-such-template' }])]),
      M.unknownEmailTemplate('no-such-template'),
    );
    const badEmail = await refused(
      SET_ACTIONS,
      setActions([
        emailAction([{ name: 'OTHER', template: 'proposal-submitted' }], { other: ['not-an-address'] }),
      ]),
      M.invalidEmail('not-an-address'),
    );
    expect(badEmail.extensions?.fieldErrors).toEqual({
      'actions[0].config.otherRecipientEmails[0]': M.invalidEmail('not-an-address'),
    });
    await refused(
      SET_ACTIONS,
      setActions([emailAction([{ name: 'OTHER', template: 'proposal-submitted' }])]),
      M.otherEmailsRequired,
    );
    await refused(
      SET_ACTIONS,
      setActions([{ actionId: 2, actionType: 'RABBITMQ', config: '{"exchanges": []}' }]),
      M.exchangesRequired,
    );
    await refused(
      SET_ACTIONS,
      setActions([{ actionId: 2, actionType: 'RABBITMQ', config: '{"exchanges": [""]}' }]),
      M.exchangeRequired,
    );
    await refused(
      SET_ACTIONS,
      setActions([{ actionId: 2, actionType: 'RABBITMQ', config: 'exchanges' }]),
      M.configNotJson,
    );
    await refused(
      SET_ACTIONS,
      setActions([{ actionId: 2, actionType: 'EMAIL', config: '{}' }]),
      M.actionTypeMismatch(2, 'RABBITMQ'),
    );
    await refused(
      SET_ACTIONS,
      setActions([{ actionId: 3, actionType: 'EMAIL', config: '{}' }]),
      M.unknownAction(3),
    );
    await refused(SET_ACTIONS, setActions([actions[1], actions[1]]), M.duplicateAction);
    await refused(SET_ACTIONS, { ...setActions([]), workflowId: 1 }, M.connectionNotFound, 'NOT_FOUND');

    // an empty list removes the actions
    const cleared = (await gql<{ addConnectionStatusActions: Connection }>(SET_ACTIONS, setActions([])))
      .addConnectionStatusActions;
    expect(cleared.statusActions).toEqual([]);
  });

  it('updates and deletes workflows; refuses the default ones and those in use', async () => {
    const workflow = await createWorkflow('Short lived');
    const updated = (
      await gql<{ updateWorkflow: Workflow }>(UPDATE_WORKFLOW, { id: workflow.id, name: 'Shorter lived' })
    ).updateWorkflow;
    expect(updated).toEqual({ id: workflow.id, name: 'Shorter lived', description: 'd' });
    await refused(UPDATE_WORKFLOW, { id: workflow.id, name: '' }, M.nameRequired);
    await refused(CREATE_WORKFLOW, { name: ' ', entityType: 'PROPOSAL' }, M.nameRequired);

    await refused(DELETE_WORKFLOW, { workflowId: 1 }, M.defaultWorkflowNotDeletable);
    const inUse = new Set<number>([workflow.id]);
    t.app
      .get(WorkflowUsage)
      .register('calls', async (ids) => new Map(ids.filter((i) => inUse.has(i)).map((i) => [i, 2])));
    await refused(DELETE_WORKFLOW, { workflowId: workflow.id }, M.workflowInUse('2 calls'));
    inUse.clear();
    const deleted = (await gql<{ deleteWorkflow: Workflow }>(DELETE_WORKFLOW, { workflowId: workflow.id }))
      .deleteWorkflow;
    expect(deleted).toEqual({ id: workflow.id, name: 'Shorter lived' });
    expect(await getWorkflow(workflow.id)).toBeNull();
    await refused(DELETE_WORKFLOW, { workflowId: workflow.id }, M.workflowNotFound, 'NOT_FOUND');
    await refused(UPDATE_WORKFLOW, { id: workflow.id, name: 'again' }, M.workflowNotFound, 'NOT_FOUND');
  });

  it('logs every workflow change as an event', async () => {
    const workflow = await createWorkflow('Logged', WorkflowType.EXPERIMENT);
    const review = await addStatus(workflow.id, 20, { droppableGroupId: 'experimentWorkflowConnections_0' });
    await gql(SET_EVENTS, { id: review.id, events: ['EXPERIMENT_ESF_SUBMITTED'] }, t.token({ id: 77 }));
    await gql(SET_ACTIONS, {
      id: review.id,
      workflowId: workflow.id,
      actions: [emailAction([{ name: 'EXPERIMENT_SAFETY_REVIEWERS', template: 'experiment-esf-submitted' }])],
    });
    await gql(UPDATE_WORKFLOW, { id: workflow.id, name: 'Logged 2' });
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = (
      await gql<{ getEventLogs: { eventType: string; changedBy: string; description: string }[] }>(
        EVENT_LOGS,
        {
          id: String(workflow.id),
        },
      )
    ).getEventLogs.filter((l) => /^(Workflow|StatusChanging|ConnectionStatus)/.test(l.eventType));
    expect(logs.map((l) => [l.eventType, l.description]).sort()).toEqual(
      [
        ['ConnectionStatusActionsSet', `Connection ${review.id} of workflow ${workflow.id} runs EMAIL`],
        [
          'StatusChangingEventsSet',
          `Connection ${review.id} of workflow ${workflow.id} waits for EXPERIMENT_ESF_SUBMITTED`,
        ],
        [WORKFLOW_CREATED, 'Workflow "Logged" (EXPERIMENT) created, starting at AWAITING_ESF'],
        [
          'WorkflowStatusAdded',
          `Status ESF_IS_REVIEW added to workflow ${workflow.id} (experimentWorkflowConnections_0 #1)`,
        ],
        ['WorkflowUpdated', 'Workflow "Logged 2" updated'],
      ].sort(),
    );
    expect(logs.every((l) => l.changedBy !== 'System')).toBe(true);
  });

  (store === 'postgres' ? it : it.skip)(
    'creates the defaults once: a restart on the same database adds none',
    async () => {
      // the run's template holds what a first start on an empty database created
      const db = await createTestDatabase('workflows', { template: pgTemplate() });
      try {
        const first = await createTestApp({ database: db });
        const renamed = await first.gql(UPDATE_STATUS, { id: 9, name: 'Lapsed' }, first.token());
        expect(renamed.errors).toBeUndefined();
        await first.close();
        const second = await createTestApp({ database: db });
        try {
          const store = second.app.get<EventStore>(EVENT_STORE);
          expect(await store.readAll({ after: 0, limit: 10000, types: [STATUS_CREATED] })).toHaveLength(
            DEFAULT_STATUSES.length,
          );
          expect(await store.readAll({ after: 0, limit: 10000, types: [WORKFLOW_CREATED] })).toHaveLength(2);
          const res = await second.gql<{ getStatuses: Status[] }>(GET_STATUSES, {}, second.token());
          expect(res.data?.getStatuses.find((s) => s.id === 9)?.name).toBe('Lapsed');
          // new ids start above the defaults in a fresh process too
          const created = await second.gql<{ createStatus: Status }>(
            CREATE_STATUS,
            { shortCode: 'ON_HOLD', name: 'On hold', entityType: 'PROPOSAL' },
            second.token(),
          );
          expect(created.data?.createStatus.id).toBeGreaterThan(22);
        } finally {
          await second.close();
        }
      } finally {
        await db.drop();
      }
    },
  );

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const OFFICER_ONLY = [Role.USER_OFFICER];
    const cases: AccessCase[] = [
      { operation: 'getStatuses', document: GET_STATUSES, allowed: ANY_USER },
      { operation: 'getWorkflowEvents', document: GET_EVENTS, allowed: ANY_USER },
      { operation: 'getStatusActions', document: GET_ACTIONS, allowed: OFFICER_ONLY },
      { operation: 'getEmailTemplates', document: GET_EMAIL_TEMPLATES, allowed: OFFICER_ONLY },
      { operation: 'getWorkflows', document: GET_WORKFLOWS, allowed: OFFICER_ONLY },
      {
        operation: 'getWorkflow',
        document: GET_WORKFLOW,
        variables: { workflowId: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'createStatus',
        document: CREATE_STATUS,
        variables: { shortCode: '', name: '', entityType: 'PROPOSAL' },
        allowed: OFFICER_ONLY,
      },
      { operation: 'updateStatus', document: UPDATE_STATUS, variables: { id: 0 }, allowed: OFFICER_ONLY },
      { operation: 'deleteStatus', document: DELETE_STATUS, variables: { id: 0 }, allowed: OFFICER_ONLY },
      {
        operation: 'createWorkflow',
        document: CREATE_WORKFLOW,
        variables: { name: '', entityType: 'PROPOSAL' },
        allowed: OFFICER_ONLY,
      },
      { operation: 'updateWorkflow', document: UPDATE_WORKFLOW, variables: { id: 0 }, allowed: OFFICER_ONLY },
      {
        operation: 'deleteWorkflow',
        document: DELETE_WORKFLOW,
        variables: { workflowId: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'addWorkflowStatus',
        document: ADD_STATUS,
        variables: { workflowId: 0, statusId: 0, sortOrder: 0, droppableGroupId: MAIN },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'moveWorkflowStatus',
        document: MOVE_STATUS,
        variables: {
          workflowId: 0,
          from: { index: 0, droppableId: MAIN },
          to: { index: 1, droppableId: MAIN },
        },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'deleteWorkflowStatus',
        document: DELETE_WORKFLOW_STATUS,
        variables: { workflowId: 0, statusId: 0, sortOrder: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'addStatusChangingEventsToConnection',
        document: SET_EVENTS,
        variables: { id: 0, events: [] },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'addConnectionStatusActions',
        document: SET_ACTIONS,
        variables: { id: 0, workflowId: 0, actions: [] },
        allowed: OFFICER_ONLY,
      },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
