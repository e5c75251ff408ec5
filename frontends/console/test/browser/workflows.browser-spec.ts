/**
 * The visual workflow editor in Chromium (issue 13 item 6): the officer opens the demo (default) proposal workflow
 * from /console/ProposalWorkflows, drags a status from the palette onto the graph, connects it after
 * SUBMITTED_LOCKED, and sets an event, an e-mail action to the PI and a compatible RabbitMQ action (its default
 * exchanges shown, then on the edge, issue 31) on that connection; each step is checked on the server. Screenshots in artifacts/screenshots/workflows-*.png; axe finds no serious or critical violation.
 */
import type { Page } from 'playwright-core';
import { OFFICER } from '../../../../services/api/test/support/test-app';
import {
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { logInToConsole } from './console-steps';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
}, 120_000);

afterAll(async () => {
  await product?.close();
});

interface Connection {
  id: number;
  statusId: number;
  prevStatusId: number | null;
  status: { shortCode: string };
  statusChangingEvents: string[];
  statusActions: {
    actionType: string;
    config: {
      recipientsWithEmailTemplate?: { recipient: { name: string } }[];
      profile?: string;
      exchanges?: string[];
    };
  }[];
}

const WORKFLOW = `query { getWorkflow(workflowId: 1) { workflowConnectionGroups { connections { id statusId prevStatusId status { shortCode } statusChangingEvents statusActions { actionType config } } } } }`;

async function connections(): Promise<Map<string, Connection>> {
  const { data } = await product.t.gql<{
    getWorkflow: { workflowConnectionGroups: { connections: Connection[] }[] };
  }>(WORKFLOW, {}, product.t.token(OFFICER));
  const all = data!.getWorkflow.workflowConnectionGroups.flatMap((g) => g.connections);
  return new Map(all.map((c) => [c.status.shortCode, c]));
}

/** Waits (up to 10 s) until the server shows what the page did. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 200));
  expect(await check()).toBe(true);
}

const node = (page: Page, name: string) =>
  page.locator('.react-flow__node').filter({ has: page.getByText(name, { exact: true }) });

it('an officer adds a status from the palette, connects it, and gives the connection an event and an e-mail to the PI', async () => {
  const page = await (await product.context()).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await logInToConsole(page, product.url, 'officer');
  await page.goto(`${product.url}/console/ProposalWorkflows`);
  const open = page.getByRole('button', { name: 'Open the editor of Default proposal workflow' });
  await open.waitFor();
  await screenshot(page, 'workflows-list');
  expect(await seriousViolations(page)).toEqual([]);
  await open.click();
  await page.waitForURL(/\/console\/ProposalWorkflowEditor\/1$/);
  await node(page, 'Under review').waitFor();
  await screenshot(page, 'workflows-editor');
  expect(await seriousViolations(page)).toEqual([]);

  // drag Feasibility review from the palette onto Approved: it comes after it
  await page.getByTestId('palette-FEASIBILITY_REVIEW').dragTo(node(page, 'Approved'));
  await node(page, 'Feasibility review').waitFor();
  const approved = (await connections()).get('APPROVED')!;
  expect((await connections()).get('FEASIBILITY_REVIEW')?.prevStatusId).toBe(approved.statusId);

  // connect Submitted (locked) → Feasibility review: it moves after it
  const submitted = (await connections()).get('SUBMITTED_LOCKED')!;
  await node(page, 'Submitted (locked)').locator('.react-flow__handle.source').hover();
  await page.mouse.down();
  await node(page, 'Feasibility review').locator('.react-flow__handle.target').hover();
  await page.mouse.up();
  await until(
    async () => (await connections()).get('FEASIBILITY_REVIEW')?.prevStatusId === submitted.statusId,
  );

  // the connection into Feasibility review: an event and an e-mail to the PI
  // an edge is a thin SVG path: reached by the keyboard (Tab to it, Enter selects it)
  await page.getByRole('group', { name: 'Connection to Feasibility review' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Connection to Feasibility review' });
  await panel.getByRole('checkbox', { name: 'PROPOSAL_INSTRUMENT_SELECTED' }).check();
  await panel.getByRole('switch', { name: 'Email action' }).check();
  await panel.getByRole('checkbox', { name: 'PI', exact: true }).check();
  await panel.getByRole('combobox', { name: 'E-mail template for PI' }).click();
  await page.getByRole('option').first().click();
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  // a RabbitMQ action in the compatible profile naming no exchange: the configured default is said
  await panel.getByRole('switch', { name: 'RabbitMQ action' }).check();
  await panel.getByRole('radio', { name: 'Compatible' }).check();
  const exchanges = product.t.config.rabbitmqExchanges.join(', ');
  await panel
    .getByText(`None listed: publishes to the configured default, ${exchanges} (RABBITMQ_EXCHANGES)`)
    .waitFor();
  await screenshot(page, 'workflows-connection');
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Connection saved').waitFor();

  const saved = (await connections()).get('FEASIBILITY_REVIEW')!;
  expect(saved.statusChangingEvents).toEqual(['PROPOSAL_INSTRUMENT_SELECTED']);
  expect(saved.statusActions.map((a) => a.actionType)).toEqual(['EMAIL', 'RABBITMQ']);
  expect(saved.statusActions[0].config.recipientsWithEmailTemplate?.map((r) => r.recipient.name)).toEqual([
    'PI',
  ]);
  expect(saved.statusActions[1].config).toEqual({ exchanges: [], profile: 'compatible' });
  await page
    .getByRole('dialog', { name: 'Connection to Feasibility review' })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  // the edge names the action, its profile and the exchanges it publishes to
  await page.getByText(`RabbitMQ (compatible): ${exchanges}`, { exact: false }).first().waitFor();
  await screenshot(page, 'workflows-saved');
  expect(await seriousViolations(page)).toEqual([]);
}, 60_000);

it('an officer creates a workflow, renames it and deletes it from /console/ProposalWorkflows', async () => {
  const page = await (await product.context()).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await logInToConsole(page, product.url, 'officer');
  await page.goto(`${product.url}/console/ProposalWorkflows`);
  await page.getByRole('button', { name: 'Create workflow' }).click();
  const create = page.getByRole('dialog', { name: 'Create workflow' });
  await create.getByRole('button', { name: 'Create workflow' }).click();
  await create.getByText('Name is required').waitFor();
  await create.getByLabel('Name').fill('Beamline workflow');
  await create.getByLabel('Description').fill('Made in the browser test');
  await create.getByRole('button', { name: 'Create workflow' }).click();
  await page.waitForURL(/\/console\/ProposalWorkflowEditor\/\d+$/);
  await page.getByRole('heading', { name: 'Beamline workflow', exact: true }).waitFor();
  await node(page, 'Draft').waitFor();

  await page.goto(`${product.url}/console/ProposalWorkflows`);
  await page.getByRole('button', { name: 'Edit Beamline workflow' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit workflow' });
  await edit.getByLabel('Name').fill('Beamline workflow B');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('cell', { name: 'Beamline workflow B', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Delete Beamline workflow B' }).click();
  await page.getByRole('dialog').getByText('Delete the workflow Beamline workflow B?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByText('Workflow deleted').waitFor();
  const names = async () =>
    (
      await product.t.gql<{ getWorkflows: { name: string }[] }>(
        `query { getWorkflows(entityType: PROPOSAL) { name } }`,
        {},
        product.t.token(OFFICER),
      )
    ).data!.getWorkflows.map((w) => w.name);
  await until(async () => !(await names()).includes('Beamline workflow B'));
  await page.getByRole('cell', { name: 'Beamline workflow B', exact: true }).waitFor({ state: 'detached' });
}, 60_000);
