import {
  CONNECTION_STATUS_ACTIONS_SET,
  STATUS_CHANGING_EVENTS_SET,
  StatusActionType,
  WORKFLOW_CREATED,
  WORKFLOW_DELETED,
  WORKFLOW_STATUS_ADDED,
  WORKFLOW_STATUS_DELETED,
  WORKFLOW_STATUS_MOVED,
  WORKFLOW_UPDATED,
  WorkflowType,
  workflowMessages as M,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { workflowDecider, type StatusFacts, type WorkflowCommand } from './workflow.decide';
import type { WorkflowState } from './workflow.state';

const MAIN = 'proposalWorkflowConnections_0';
const status = (statusId: number, shortCode: string, entityType = WorkflowType.PROPOSAL): StatusFacts => ({
  statusId,
  shortCode,
  entityType,
});
const DRAFT = status(1, 'DRAFT');
const SUBMITTED = status(10, 'SUBMITTED_LOCKED');
const REVIEW = status(11, 'UNDER_REVIEW');
const APPROVED = status(12, 'APPROVED');
const UNSUCCESSFUL = status(13, 'UNSUCCESSFUL');
const FINISHED = status(14, 'FINISHED');
const ESF = status(19, 'AWAITING_ESF', WorkflowType.EXPERIMENT);

const create: WorkflowCommand = {
  type: 'CreateWorkflow',
  workflowId: 7,
  name: 'Fast track',
  description: '',
  entityType: WorkflowType.PROPOSAL,
  isDefault: false,
  initial: { connectionId: 100, status: DRAFT },
};
let nextConnection = 101;
const add = (
  s: StatusFacts,
  droppableGroupId = MAIN,
  sortOrder = 99,
  extra: Partial<Extract<WorkflowCommand, { type: 'AddWorkflowStatus' }>> = {},
): WorkflowCommand => ({
  type: 'AddWorkflowStatus',
  connectionId: nextConnection++,
  status: s,
  sortOrder,
  droppableGroupId,
  parentDroppableGroupId: null,
  prevStatusId: null,
  nextStatusId: null,
  ...extra,
});
const branch = (s: StatusFacts, groupId: string, parent = MAIN) =>
  add(s, groupId, 0, { parentDroppableGroupId: parent });

/** runs the commands from an empty stream; returns the state and every event decided */
function run(commands: WorkflowCommand[]): {
  state: WorkflowState;
  events: { type: string; data: unknown }[];
} {
  let state = workflowDecider.initialState;
  const events: { type: string; data: unknown }[] = [];
  for (const command of commands) {
    for (const event of workflowDecider.decide(command, state)) {
      events.push(event);
      state = workflowDecider.evolve(state, event);
    }
  }
  return { state, events };
}
const refusal = (commands: WorkflowCommand[], command: WorkflowCommand) => {
  const { state } = run(commands);
  try {
    workflowDecider.decide(command, state);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};
/** each connection as [group, sortOrder, status, prev, next] */
const shape = (state: WorkflowState) =>
  state.connections.map((c) => [c.droppableGroupId, c.sortOrder, c.statusId, c.prevStatusId, c.nextStatusId]);

/** DRAFT → SUBMITTED → REVIEW, then APPROVED | UNSUCCESSFUL */
const defaultLike = (): WorkflowCommand[] => {
  nextConnection = 101;
  return [
    create,
    add(SUBMITTED), // connection 101
    add(REVIEW), // 102
    branch(APPROVED, 'proposalWorkflowConnections_1'), // 103
    branch(UNSUCCESSFUL, 'proposalWorkflowConnections_2'), // 104
  ];
};

describe('workflow decider', () => {
  it('creates a workflow starting with its initial status, once per id', () => {
    const { events, state } = run([create]);
    expect(events).toEqual([
      {
        type: WORKFLOW_CREATED,
        data: {
          workflowId: 7,
          name: 'Fast track',
          description: '',
          entityType: WorkflowType.PROPOSAL,
          isDefault: false,
          initialConnection: {
            connectionId: 100,
            statusId: 1,
            droppableGroupId: MAIN,
            parentDroppableGroupId: null,
            sortOrder: 0,
            prevStatusId: null,
            nextStatusId: null,
          },
          initialStatusShortCode: 'DRAFT',
        },
      },
    ]);
    expect(shape(state)).toEqual([[MAIN, 0, 1, null, null]]);
    expect(refusal([create], create).message).toBe('A workflow with this id exists');
    expect(refusal([], { ...create, initial: { connectionId: 1, status: ESF } }).message).toBe(
      M.statusWrongEntityType('PROPOSAL'),
    );
  });

  it('links statuses in a line and branches from the last status of the parent group', () => {
    const { state, events } = run(defaultLike());
    expect(events.map((e) => e.type)).toEqual([
      WORKFLOW_CREATED,
      WORKFLOW_STATUS_ADDED,
      WORKFLOW_STATUS_ADDED,
      WORKFLOW_STATUS_ADDED,
      WORKFLOW_STATUS_ADDED,
    ]);
    expect(shape(state)).toEqual([
      [MAIN, 0, 1, null, 10],
      [MAIN, 1, 10, 1, 11],
      [MAIN, 2, 11, 10, null],
      ['proposalWorkflowConnections_1', 0, 12, 11, null],
      ['proposalWorkflowConnections_2', 0, 13, 11, null],
    ]);
    // a status appended to the main group: the branches now hang from it
    const longer = run([...defaultLike(), add(FINISHED)]);
    expect(shape(longer.state).filter(([group]) => group !== MAIN)).toEqual([
      ['proposalWorkflowConnections_1', 0, 12, 14, null],
      ['proposalWorkflowConnections_2', 0, 13, 14, null],
    ]);
  });

  it('inserts within a group and checks the prev/next the client expects', () => {
    const inserted = run([
      create,
      add(REVIEW),
      add(SUBMITTED, MAIN, 1, { prevStatusId: 1, nextStatusId: 11 }),
    ]);
    expect(shape(inserted.state)).toEqual([
      [MAIN, 0, 1, null, 10],
      [MAIN, 1, 10, 1, 11],
      [MAIN, 2, 11, 10, null],
    ]);
    expect(refusal([create, add(REVIEW)], add(SUBMITTED, MAIN, 1, { prevStatusId: 11 }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: M.prevStatusMismatch(1),
    });
    expect(refusal([create, add(REVIEW)], add(SUBMITTED, MAIN, 1, { nextStatusId: 12 })).message).toBe(
      M.nextStatusMismatch(11),
    );
  });

  it('keeps the graph consistent when adding', () => {
    const base = defaultLike();
    expect(refusal(base, add(REVIEW)).message).toBe(M.statusAlreadyInWorkflow);
    expect(refusal(base, add(ESF)).message).toBe(M.statusWrongEntityType('PROPOSAL'));
    expect(refusal(base, add(FINISHED, MAIN, 0)).message).toBe(M.beforeInitialStatus);
    expect(refusal(base, add(FINISHED, 'proposalWorkflowConnections_9')).message).toBe(
      M.parentGroupRequired('proposalWorkflowConnections_9'),
    );
    expect(refusal(base, branch(FINISHED, 'proposalWorkflowConnections_9', 'nowhere')).message).toBe(
      M.groupNotFound('nowhere'),
    );
    expect(
      refusal(base, add(FINISHED, 'proposalWorkflowConnections_1', 1, { parentDroppableGroupId: 'other' }))
        .message,
    ).toBe(M.parentGroupMismatch('proposalWorkflowConnections_1', MAIN));
    expect(refusal(base, add(FINISHED, MAIN, 99, { status: null }))).toEqual({
      code: 'NOT_FOUND',
      message: M.statusNotFound,
    });
  });

  it('moves a status within its group and to another group; the initial status stays first', () => {
    const { state, events } = run([
      ...defaultLike(),
      add(FINISHED, 'proposalWorkflowConnections_1'),
      {
        type: 'MoveWorkflowStatus',
        from: { index: 2, droppableId: MAIN },
        to: { index: 1, droppableId: MAIN },
      },
    ]);
    expect(events.at(-1)?.type).toBe(WORKFLOW_STATUS_MOVED);
    expect(shape(state)).toEqual([
      [MAIN, 0, 1, null, 11],
      [MAIN, 1, 11, 1, 10],
      [MAIN, 2, 10, 11, null],
      ['proposalWorkflowConnections_1', 0, 12, 10, 14],
      ['proposalWorkflowConnections_1', 1, 14, 12, null],
      ['proposalWorkflowConnections_2', 0, 13, 10, null],
    ]);
    const across = run([
      ...defaultLike(),
      add(FINISHED, 'proposalWorkflowConnections_1'),
      {
        type: 'MoveWorkflowStatus',
        from: { index: 1, droppableId: 'proposalWorkflowConnections_1' },
        to: { index: 0, droppableId: 'proposalWorkflowConnections_2' },
      },
    ]);
    expect(shape(across.state).slice(3)).toEqual([
      ['proposalWorkflowConnections_1', 0, 12, 11, null],
      ['proposalWorkflowConnections_2', 0, 14, 11, 13],
      ['proposalWorkflowConnections_2', 1, 13, 14, null],
    ]);
    const same = {
      type: 'MoveWorkflowStatus' as const,
      from: { index: 1, droppableId: MAIN },
      to: { index: 1, droppableId: MAIN },
    };
    expect(workflowDecider.decide(same, run(defaultLike()).state)).toEqual([]);
  });

  it('refuses moves that break the graph', () => {
    const base = defaultLike();
    const move = (from: [string, number], to: [string, number]): WorkflowCommand => ({
      type: 'MoveWorkflowStatus',
      from: { droppableId: from[0], index: from[1] },
      to: { droppableId: to[0], index: to[1] },
    });
    expect(refusal(base, move([MAIN, 0], [MAIN, 2])).message).toBe(M.initialStatusFixed);
    expect(refusal(base, move([MAIN, 2], [MAIN, 0])).message).toBe(M.beforeInitialStatus);
    expect(refusal(base, move([MAIN, 7], [MAIN, 1])).message).toBe(M.noStatusAtPosition(MAIN, 7));
    expect(refusal(base, move([MAIN, 1], ['nowhere', 0])).message).toBe(M.groupNotFound('nowhere'));
    const nested = [
      ...base,
      branch(FINISHED, 'proposalWorkflowConnections_3', 'proposalWorkflowConnections_1'),
    ];
    expect(refusal(nested, move(['proposalWorkflowConnections_1', 0], [MAIN, 1])).message).toBe(
      M.branchesFollow,
    );
  });

  it('deletes a status at its position, keeping the initial status and branch parents', () => {
    const { state, events } = run([
      ...defaultLike(),
      { type: 'DeleteWorkflowStatus', statusId: 10, sortOrder: 1 },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: WORKFLOW_STATUS_DELETED,
      data: { connectionId: 101, shortCode: 'SUBMITTED_LOCKED' },
    });
    expect(shape(state)).toEqual([
      [MAIN, 0, 1, null, 11],
      [MAIN, 1, 11, 1, null],
      ['proposalWorkflowConnections_1', 0, 12, 11, null],
      ['proposalWorkflowConnections_2', 0, 13, 11, null],
    ]);
    // a branch whose only status goes disappears
    const noBranch = run([...defaultLike(), { type: 'DeleteWorkflowStatus', statusId: 13, sortOrder: 0 }]);
    expect(noBranch.state.connections.map((c) => c.droppableGroupId)).not.toContain(
      'proposalWorkflowConnections_2',
    );

    const base = defaultLike();
    expect(refusal(base, { type: 'DeleteWorkflowStatus', statusId: 1, sortOrder: 0 }).message).toBe(
      M.initialStatusFixed,
    );
    expect(refusal(base, { type: 'DeleteWorkflowStatus', statusId: 10, sortOrder: 2 }).message).toBe(
      M.statusNotAtPosition(1),
    );
    expect(refusal(base, { type: 'DeleteWorkflowStatus', statusId: 14, sortOrder: 0 }).message).toBe(
      M.statusNotInWorkflow,
    );
    const nested = [
      ...base,
      branch(FINISHED, 'proposalWorkflowConnections_3', 'proposalWorkflowConnections_1'),
    ];
    expect(refusal(nested, { type: 'DeleteWorkflowStatus', statusId: 12, sortOrder: 0 }).message).toBe(
      M.branchesFollow,
    );
  });

  it('sets the events a connection waits for: catalogued, of its type, none on the initial status', () => {
    const base = defaultLike();
    const set = (connectionId: number, names: string[]): WorkflowCommand => ({
      type: 'SetStatusChangingEvents',
      connectionId,
      statusChangingEvents: names,
    });
    const { state, events } = run([
      ...base,
      set(101, ['PROPOSAL_SUBMITTED', 'CALL_ENDED', 'PROPOSAL_SUBMITTED']),
    ]);
    expect(events.at(-1)).toEqual({
      type: STATUS_CHANGING_EVENTS_SET,
      data: {
        workflowId: 7,
        connectionId: 101,
        statusId: 10,
        statusChangingEvents: ['PROPOSAL_SUBMITTED', 'CALL_ENDED'],
      },
    });
    expect(workflowDecider.decide(set(101, ['PROPOSAL_SUBMITTED', 'CALL_ENDED']), state)).toEqual([]);
    expect(refusal(base, set(101, ['PROPOSAL_TELEPORTED'])).message).toBe(
      M.unknownEvent('PROPOSAL_TELEPORTED'),
    );
    expect(refusal(base, set(101, ['EXPERIMENT_ESF_SUBMITTED'])).message).toBe(
      M.eventWrongEntityType('EXPERIMENT_ESF_SUBMITTED', 'PROPOSAL'),
    );
    expect(refusal(base, set(100, ['PROPOSAL_CREATED'])).message).toBe(M.initialStatusNoEvents);
    expect(refusal(base, set(999, []))).toEqual({ code: 'NOT_FOUND', message: M.connectionNotFound });
  });

  it('sets the actions a connection runs; events and actions move with their connection', () => {
    const email = {
      actionId: 1,
      actionType: StatusActionType.EMAIL,
      config: { recipientsWithEmailTemplate: [], otherRecipientEmails: [], combineEmails: false },
    };
    const { state, events } = run([
      ...defaultLike(),
      { type: 'SetConnectionStatusActions', connectionId: 102, actions: [email] },
      { type: 'SetStatusChangingEvents', connectionId: 102, statusChangingEvents: ['PROPOSAL_FEASIBLE'] },
      {
        type: 'MoveWorkflowStatus',
        from: { index: 2, droppableId: MAIN },
        to: { index: 1, droppableId: MAIN },
      },
    ]);
    expect(events.map((e) => e.type)).toContain(CONNECTION_STATUS_ACTIONS_SET);
    const review = state.connections.find((c) => c.statusId === 11);
    expect(review).toMatchObject({
      sortOrder: 1,
      statusActions: [email],
      statusChangingEvents: ['PROPOSAL_FEASIBLE'],
    });
    expect(
      refusal(defaultLike(), {
        type: 'SetConnectionStatusActions',
        connectionId: 102,
        actions: [{ ...email, actionType: StatusActionType.RABBITMQ }],
      }).message,
    ).toBe(M.actionTypeMismatch(1, 'EMAIL'));
    expect(
      refusal(defaultLike(), {
        type: 'SetConnectionStatusActions',
        connectionId: 102,
        actions: [email, email],
      }).message,
    ).toBe(M.duplicateAction);
  });

  it('updates and deletes a workflow; refuses defaults and workflows in use', () => {
    const { events } = run([
      create,
      { type: 'UpdateWorkflow', name: 'Slow track' },
      { type: 'DeleteWorkflow', inUse: [] },
    ]);
    expect(events.slice(1)).toEqual([
      { type: WORKFLOW_UPDATED, data: { workflowId: 7, name: 'Slow track', description: '' } },
      { type: WORKFLOW_DELETED, data: { workflowId: 7, name: 'Slow track' } },
    ]);
    expect(run([create, { type: 'UpdateWorkflow', name: 'Fast track' }]).events).toHaveLength(1);
    expect(refusal([create], { type: 'DeleteWorkflow', inUse: ['2 calls'] }).message).toBe(
      M.workflowInUse('2 calls'),
    );
    expect(refusal([{ ...create, isDefault: true }], { type: 'DeleteWorkflow', inUse: [] }).message).toBe(
      M.defaultWorkflowNotDeletable,
    );
    expect(refusal([create, { type: 'DeleteWorkflow', inUse: [] }], add(FINISHED))).toEqual({
      code: 'NOT_FOUND',
      message: M.workflowNotFound,
    });
  });
});
