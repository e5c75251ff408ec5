import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { request } from '@user-office/frontend-shared/graphql-client';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  ConsoleAddWorkflowStatusDocument,
  ConsoleDeleteWorkflowStatusDocument,
  ConsoleSetConnectionStatusActionsDocument,
  ConsoleSetStatusChangingEventsDocument,
  ConsoleWorkflowCataloguesDocument,
  ConsoleWorkflowDocument,
} from '../../../gql/graphql';
import '../translations';
import { STATUS_DRAG_TYPE, workflowEditorPage } from './WorkflowEditor';
import { actionsFormOf, actionsInputOf } from './action-config';
import {
  addStatusCommand,
  connectCommand,
  edgeLabelOf,
  graphOf,
  nodeAt,
  nodeUnder,
  type WorkflowDetail,
} from './workflow-model';

// the GraphQL client is the boundary: every command and load goes through request(document, variables)
jest.mock('@user-office/frontend-shared/graphql-client', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;
// react-admin's page title and notifications (its ESM-only dependencies do not load in jest)
const notify = jest.fn();
jest.mock('react-admin', () => ({ Title: () => null, useNotify: () => notify }));

// React Flow measures its nodes; jsdom does not lay out (the shims of reactflow.dev "Testing" with jest)
class ResizeObserverShim {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
class DOMMatrixReadOnlyShim {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
    this.m22 = scale !== undefined ? +scale : 1;
  }
}
beforeAll(() => {
  Object.assign(globalThis, { ResizeObserver: ResizeObserverShim, DOMMatrixReadOnly: DOMMatrixReadOnlyShim });
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 50 },
    offsetWidth: { configurable: true, get: () => 180 },
  });
  (SVGElement.prototype as unknown as { getBBox(): DOMRect }).getBBox = () =>
    ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
});

const status = (id: number, shortCode: string, name: string) => ({ id, shortCode, name, description: '' });
const DRAFT = status(1, 'DRAFT', 'Draft');
const SUBMITTED = status(2, 'SUBMITTED', 'Submitted');
const ACCEPTED = status(3, 'ACCEPTED', 'Accepted');
const REJECTED = status(4, 'REJECTED', 'Rejected');
const UNDER_REVIEW = status(5, 'UNDER_REVIEW', 'Under review');

const connection = (
  id: number,
  s: ReturnType<typeof status>,
  group: string,
  sortOrder: number,
  prevStatusId: number | null,
  nextStatusId: number | null,
  parent: string | null = null,
) => ({
  id,
  workflowId: 7,
  statusId: s.id,
  sortOrder,
  droppableGroupId: group,
  parentDroppableGroupId: parent,
  prevStatusId,
  nextStatusId,
  statusChangingEvents: [] as string[],
  status: s,
  statusActions:
    [] as WorkflowDetail['workflowConnectionGroups'][number]['connections'][number]['statusActions'],
});

/** Draft → Submitted → Accepted, and a branch Rejected from Accepted. */
const WORKFLOW: WorkflowDetail = {
  id: 7,
  name: 'Demo workflow',
  description: 'The demo',
  entityType: 'PROPOSAL' as WorkflowDetail['entityType'],
  isDefault: false,
  workflowConnectionGroups: [
    {
      groupId: 'main',
      parentGroupId: null,
      connections: [
        connection(10, DRAFT, 'main', 0, null, 2),
        connection(11, SUBMITTED, 'main', 1, 1, 3),
        connection(12, ACCEPTED, 'main', 2, 2, null),
      ],
    },
    {
      groupId: 'branch',
      parentGroupId: 'main',
      connections: [connection(13, REJECTED, 'branch', 0, 3, null, 'main')],
    },
  ],
};

const CATALOGUES = {
  getStatuses: [DRAFT, SUBMITTED, ACCEPTED, REJECTED, UNDER_REVIEW],
  getWorkflowEvents: [
    { name: 'PROPOSAL_SUBMITTED', description: 'The proposal was submitted' },
    { name: 'PROPOSAL_ACCEPTED', description: 'The proposal was accepted' },
  ],
  getStatusActions: [],
  getEmailTemplates: [
    { id: 'proposal-submitted', name: 'Proposal submitted', description: '', entityType: 'PROPOSAL' },
    { id: 'experiment-ready', name: 'Experiment ready', description: '', entityType: 'EXPERIMENT' },
  ],
};

beforeEach(() => {
  requestMock.mockReset();
  notify.mockReset();
  requestMock.mockImplementation((document: unknown) => {
    if (document === ConsoleWorkflowDocument) return Promise.resolve({ getWorkflow: WORKFLOW });
    if (document === ConsoleWorkflowCataloguesDocument) return Promise.resolve(CATALOGUES);
    return Promise.resolve({});
  });
});

/** The commands sent (every request but the loads), as [document, variables]. */
const commands = () =>
  requestMock.mock.calls.filter(
    ([document]) => document !== ConsoleWorkflowDocument && document !== ConsoleWorkflowCataloguesDocument,
  );
const loads = () =>
  requestMock.mock.calls.filter(([document]) => document === ConsoleWorkflowDocument).length;

async function renderEditor() {
  const Editor = workflowEditorPage('PROPOSAL');
  render(
    <MemoryRouter initialEntries={['/ProposalWorkflowEditor/7']}>
      <Routes>
        <Route path="/ProposalWorkflowEditor/:workflowId" element={<Editor />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Demo workflow' });
  await screen.findByRole('button', { name: 'Add Under review' });
}

describe('the workflow graph (§3 Workflow)', () => {
  it('lays statuses out as nodes by group and connections as edges from the previous status', () => {
    const { nodes, edges } = graphOf(WORKFLOW);
    expect(nodes.map((n) => [n.id, n.position])).toEqual([
      ['status-1', { x: 0, y: 0 }],
      ['status-2', { x: 420, y: 0 }],
      ['status-3', { x: 840, y: 0 }],
      ['status-4', { x: 1260, y: 140 }],
    ]);
    expect(nodes[0].deletable).toBe(false);
    expect(edges.map((e) => [e.source, e.target, e.data?.connection.id])).toEqual([
      ['status-1', 'status-2', 11],
      ['status-2', 'status-3', 12],
      ['status-3', 'status-4', 13],
    ]);
  });

  it('puts a dropped status after the status it lands on, or starts a branch from its group', () => {
    expect(addStatusCommand(WORKFLOW, 5, 2)).toEqual({
      workflowId: 7,
      statusId: 5,
      sortOrder: 2,
      droppableGroupId: 'main',
      parentDroppableGroupId: null,
      prevStatusId: 2,
      nextStatusId: 3,
    });
    expect(addStatusCommand(WORKFLOW, 5, null)).toMatchObject({
      sortOrder: 3,
      prevStatusId: 3,
      nextStatusId: null,
    });
    expect(addStatusCommand(WORKFLOW, 5, 2, true)).toEqual({
      workflowId: 7,
      statusId: 5,
      sortOrder: 0,
      droppableGroupId: 'workflow7_branch2',
      parentDroppableGroupId: 'main',
      prevStatusId: 3,
      nextStatusId: null,
    });
  });

  it('finds the status a palette status or a moved status is dropped onto', () => {
    const { nodes } = graphOf(WORKFLOW);
    expect(nodeAt(nodes, { x: 430, y: 10 })?.id).toBe('status-2');
    expect(nodeAt(nodes, { x: 410, y: 10 })).toBeUndefined();
    const dragged = { ...nodes[3], position: { x: 860, y: 20 } };
    expect(nodeUnder(nodes, dragged)?.id).toBe('status-3');
    expect(nodeUnder(nodes, nodes[3])).toBeUndefined();
  });

  it('turns a connection drawn from one status to another into a move of the target after the source', () => {
    // Rejected (branch) after Submitted: into the main group at 2
    expect(connectCommand(WORKFLOW, 2, 4)).toEqual({
      workflowId: 7,
      from: { droppableId: 'branch', index: 0 },
      to: { droppableId: 'main', index: 2 },
    });
    // Submitted after Accepted (same group, before it): Accepted's index once Submitted is out
    expect(connectCommand(WORKFLOW, 3, 2)).toEqual({
      workflowId: 7,
      from: { droppableId: 'main', index: 1 },
      to: { droppableId: 'main', index: 2 },
    });
    expect(connectCommand(WORKFLOW, 1, 2)).toBeNull(); // already there
    expect(connectCommand(WORKFLOW, 3, 1)).toBeNull(); // the initial status stays first
  });
});

describe('the workflow editor turns edits into commands (§7)', () => {
  it('adds a palette status after the selected status with addWorkflowStatus, then reloads', async () => {
    await renderEditor();
    fireEvent.click(screen.getByText('Submitted'));
    await screen.findByText('Selected: Submitted');
    const before = loads();
    await userEvent.click(screen.getByRole('button', { name: 'Add Under review' }));
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(commands()).toEqual([
      [
        ConsoleAddWorkflowStatusDocument,
        {
          workflowId: 7,
          statusId: 5,
          sortOrder: 2,
          droppableGroupId: 'main',
          parentDroppableGroupId: null,
          prevStatusId: 2,
          nextStatusId: 3,
        },
      ],
    ]);
  });

  it('adds a status dropped from the palette onto the canvas', async () => {
    await renderEditor();
    const data = { [STATUS_DRAG_TYPE]: '5' } as Record<string, string>;
    fireEvent.drop(screen.getByRole('region', { name: 'Workflow graph' }), {
      dataTransfer: { getData: (type: string) => data[type] ?? '' },
      clientX: 5000,
      clientY: 5000,
    });
    await waitFor(() => expect(commands()).toHaveLength(1));
    expect(commands()[0]).toEqual([
      ConsoleAddWorkflowStatusDocument,
      expect.objectContaining({ statusId: 5, droppableGroupId: 'main', sortOrder: 3, prevStatusId: 3 }),
    ]);
  });

  it('removes the selected status with deleteWorkflowStatus after confirmation', async () => {
    await renderEditor();
    fireEvent.click(screen.getByText('Accepted'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Accepted from the workflow' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove the status Accepted from the workflow?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /ok|yes|confirm/i }));
    await waitFor(() => expect(commands()).toHaveLength(1));
    expect(commands()[0]).toEqual([
      ConsoleDeleteWorkflowStatusDocument,
      { workflowId: 7, statusId: 3, sortOrder: 2 },
    ]);
  });

  it('sets a connection’s events and an EMAIL action to the PI from the connection panel', async () => {
    await renderEditor();
    const edge = document.querySelector('[data-id="connection-11"]');
    expect(edge).not.toBeNull();
    fireEvent.click(edge as Element);
    const panel = await screen.findByRole('dialog', { name: 'Connection to Submitted' });
    expect(within(panel).getByText('The proposal was submitted')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'PROPOSAL_SUBMITTED' }));
    await userEvent.click(within(panel).getByRole('switch', { name: 'Email action' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'PI' }));
    await userEvent.click(within(panel).getByRole('combobox', { name: 'E-mail template for PI' }));
    const options = await screen.findByRole('listbox');
    expect(within(options).queryByText('Experiment ready')).toBeNull(); // only the workflow's entity type
    await userEvent.click(within(options).getByRole('option', { name: 'Proposal submitted' }));
    await userEvent.click(within(panel).getByRole('switch', { name: 'RabbitMQ action' }));
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Exchanges (one a line)' }), 'ex.one');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(commands()).toHaveLength(2));
    expect(commands()[0]).toEqual([
      ConsoleSetStatusChangingEventsDocument,
      { workflowConnectionId: 11, statusChangingEvents: ['PROPOSAL_SUBMITTED'] },
    ]);
    const [sent, variables] = commands()[1] as [
      unknown,
      { workflowId: number; workflowConnectionId: number; actions: { config: string }[] },
    ];
    expect(sent).toBe(ConsoleSetConnectionStatusActionsDocument);
    expect({
      ...variables,
      actions: variables.actions.map((a) => ({ ...a, config: JSON.parse(a.config) })),
    }).toEqual({
      workflowId: 7,
      workflowConnectionId: 11,
      actions: [
        {
          actionId: 1,
          actionType: 'EMAIL',
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
        { actionId: 2, actionType: 'RABBITMQ', config: { exchanges: ['ex.one'] } },
      ],
    });
    await act(async () => undefined);
  });
});

describe('a RabbitMQ action: its message profile and exchanges (issue 31)', () => {
  type Action =
    WorkflowDetail['workflowConnectionGroups'][number]['connections'][number]['statusActions'][number];
  const rabbit = (config: Record<string, unknown>): Action => ({
    actionId: 2,
    actionType: 'RABBITMQ' as Action['actionType'],
    name: 'RabbitMQ action',
    config,
  });
  /** WORKFLOW with Submitted's connection carrying `actions` */
  const withActions = (actions: Action[]): WorkflowDetail => ({
    ...WORKFLOW,
    workflowConnectionGroups: WORKFLOW.workflowConnectionGroups.map((g) => ({
      ...g,
      connections: g.connections.map((c) => (c.id === 11 ? { ...c, statusActions: actions } : c)),
    })),
  });
  // the installation's defaults as getStatusActions gives them (RABBITMQ_DEFAULT_PROFILE, RABBITMQ_EXCHANGES)
  const catalogues = {
    ...CATALOGUES,
    getStatusActions: [
      {
        id: 2,
        name: 'RabbitMQ action',
        type: 'RABBITMQ',
        description: '',
        defaultConfig: {
          exchanges: ['user_office_backend.fanout'],
          profiles: ['native', 'compatible'],
          defaultProfile: 'native',
          compatibleExchanges: ['site.fanout'],
        },
      },
    ],
  };
  const serve = (workflow: WorkflowDetail, refusal?: string) =>
    requestMock.mockImplementation((document: unknown) => {
      if (document === ConsoleWorkflowDocument) return Promise.resolve({ getWorkflow: workflow });
      if (document === ConsoleWorkflowCataloguesDocument) return Promise.resolve(catalogues);
      if (refusal && document === ConsoleSetConnectionStatusActionsDocument)
        return Promise.reject(new Error(refusal));
      return Promise.resolve({});
    });
  const sentActions = () => {
    const [, variables] = commands().find(([d]) => d === ConsoleSetConnectionStatusActionsDocument) as [
      unknown,
      { actions: { actionType: string; config: string }[] },
    ];
    return variables.actions.map((a) => ({
      actionType: a.actionType,
      config: JSON.parse(a.config) as unknown,
    }));
  };
  async function openPanel() {
    await renderEditor();
    fireEvent.click(document.querySelector('[data-id="connection-11"]') as Element);
    return screen.findByRole('dialog', { name: 'Connection to Submitted' });
  }

  it('round-trips the profile: parsed from the config, kept when the exchanges are edited', () => {
    const connection = withActions([rabbit({ profile: 'compatible', exchanges: ['a.fanout'] })])
      .workflowConnectionGroups[0].connections[1];
    const form = actionsFormOf(connection);
    expect(form.rabbitMq).toEqual({ enabled: true, profile: 'compatible', exchanges: 'a.fanout' });
    const edited = { ...form, rabbitMq: { ...form.rabbitMq, exchanges: 'a.fanout\nb.fanout' } };
    expect(actionsInputOf(edited, (id) => id).map((a) => JSON.parse(a.config ?? '') as unknown)).toEqual([
      { profile: 'compatible', exchanges: ['a.fanout', 'b.fanout'] },
    ]);
    // no profile in the config: none added (the installation's default keeps applying)
    const plain = actionsFormOf(
      withActions([rabbit({ exchanges: ['x'] })]).workflowConnectionGroups[0].connections[1],
    );
    expect(plain.rabbitMq.profile).toBe('');
    expect(JSON.parse(actionsInputOf(plain, (id) => id)[0].config ?? '')).toEqual({ exchanges: ['x'] });
  });

  it('labels the edge with the profile and the exchanges used, the defaults filled in', async () => {
    serve(withActions([rabbit({ profile: 'compatible', exchanges: [] })]));
    await renderEditor();
    await screen.findByText('RabbitMQ (compatible): site.fanout');
    expect(
      edgeLabelOf(
        withActions([rabbit({ exchanges: ['ex.one'] })]).workflowConnectionGroups[0].connections[1],
      ),
    ).toBe('RabbitMQ (native): ex.one');
  });

  it('shows the profile and the default exchanges in the panel, and saves the profile chosen', async () => {
    serve(withActions([rabbit({ profile: 'compatible', exchanges: [] })]));
    const panel = await openPanel();
    expect(within(panel).getByRole('radio', { name: 'Compatible' })).toHaveProperty('checked', true);
    expect(
      within(panel).getByText(
        'None listed: publishes to the configured default, site.fanout (RABBITMQ_EXCHANGES)',
      ),
    ).toBeTruthy();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Native' }));
    expect(
      within(panel).getByText('List at least one exchange (only a compatible action may name none)'),
    ).toBeTruthy();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Exchanges (one a line)' }), 'ex.one');
    expect(within(panel).getByText('Publishes the native message to each exchange listed')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(commands()).toHaveLength(1));
    expect(sentActions()).toEqual([
      { actionType: 'RABBITMQ', config: { exchanges: ['ex.one'], profile: 'native' } },
    ]);
    await act(async () => undefined);
  });

  it('keeps "the installation default" as no profile, and shows the server’s refusal', async () => {
    serve(withActions([]), 'The message profile must be native or compatible');
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('switch', { name: 'RabbitMQ action' }));
    const byDefault = within(panel).getByRole('radio', {
      name: 'Default of the installation (Native, RABBITMQ_DEFAULT_PROFILE)',
    });
    expect(byDefault).toHaveProperty('checked', true);
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Exchanges (one a line)' }), 'ex.one');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('The message profile must be native or compatible', {
        type: 'error',
      }),
    );
    expect(sentActions()).toEqual([{ actionType: 'RABBITMQ', config: { exchanges: ['ex.one'] } }]);
    await act(async () => undefined);
  });
});
