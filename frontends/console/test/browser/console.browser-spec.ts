/**
 * The staff console over the api serving both built apps, in Chromium: one sign-in through the dev IdP, the
 * officer's proposals table, the review modal and a status change; the scientist's console. Screenshots in
 * artifacts/screenshots/console-*.png; axe finds no serious or critical violation on the pages shown.
 */
import { Role } from '@user-office/contracts';
import type { Page } from 'playwright-core';
import { createOpenCall, createUser } from '../../../../services/api/test/support/fixtures';
import {
  logIn,
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Beam time") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey proposalId } }`;
const WORKFLOW = `query($id: Int!) { getWorkflow(workflowId: $id) { workflowConnectionGroups { connections { status { id name shortCode } } } } }`;

let product: Product;
let proposal: { pk: number; proposalId: string; title: string };
let statuses: { id: number; name: string; shortCode: string }[];

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await product.t.gql<T>(query, variables, token);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

beforeAll(async () => {
  product = await startProduct();
  const officer = await createUser(product.t, { role: Role.USER_OFFICER, isInternalUser: true });
  const pi = await createUser(product.t, { firstname: 'Marie' });
  const call = await createOpenCall(product.t, officer.token);
  const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
    CREATE,
    { callId: call.callId },
    pi.token,
  );
  const pk = createProposal.primaryKey;
  const title = 'Magnetic order in spin ice';
  await gql(UPDATE, { pk, title }, pi.token);
  await gql(
    ANSWER,
    {
      q: createProposal.questionaryId,
      topic: call.topicId,
      answers: [{ questionId: call.questionId, value: '{"value":"Neutron diffraction"}' }],
    },
    pi.token,
  );
  const { submitProposal } = await gql<{ submitProposal: { proposalId: string } }>(SUBMIT, { pk }, pi.token);
  proposal = { pk, proposalId: submitProposal.proposalId, title };
  // the statuses of the call's workflow (a manual change goes to one of them)
  const { getWorkflow } = await gql<{
    getWorkflow: { workflowConnectionGroups: { connections: { status: (typeof statuses)[number] }[] }[] };
  }>(WORKFLOW, { id: call.workflowId }, officer.token);
  statuses = getWorkflow.workflowConnectionGroups.flatMap((g) => g.connections.map((c) => c.status));
}, 120_000);

afterAll(async () => {
  await product?.close();
});

/** A page whose script errors fail the test with their message. */
async function newPage(): Promise<Page> {
  const page = await (await product.context()).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) console.error(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.error(`console ${message.type()}: ${message.text()}`);
  });
  return page;
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

it('the officer logs in once, lands in /console/Proposals, finds a submitted proposal by search, reviews it and changes its status', async () => {
  const page = await newPage();
  await logIn(page, product.url, 'officer');
  await page.waitForURL(`${product.url}/console/Proposals`);
  await page.getByRole('columnheader', { name: 'Proposal ID' }).waitFor();
  await expectAccessible(page);

  await page.getByPlaceholder('Search').fill('spin ice');
  await page.waitForURL((u) => u.searchParams.get('search') === 'spin ice');
  const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
  await row.waitFor();
  expect(await page.getByRole('row').count()).toBe(2); // the header and the one match
  await screenshot(page, 'console-proposals');

  await row.getByRole('button', { name: `View proposal ${proposal.proposalId}` }).click();
  await page.waitForURL((u) => u.searchParams.get('reviewModal') === String(proposal.pk));
  const modal = page.getByRole('dialog');
  await modal
    .getByRole('cell', { name: 'Neutron diffraction' })
    .waitFor()
    .catch(async (e: Error) => {
      await page
        .getByText('Cannot read')
        .click()
        .catch(() => undefined);
      console.error(await page.locator('body').innerText());
      throw e;
    });
  await screenshot(page, 'console-review-information');
  await expectAccessible(page);

  const current = await modal.getByTestId('review-status').textContent();
  const next = statuses.find((s) => s.name !== current && s.shortCode !== 'DRAFT')!;
  await modal.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change proposal(s) status' });
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await dialog.getByText('You must select proposal status').waitFor();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: next.name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await modal.getByTestId('review-status').filter({ hasText: next.name }).waitFor();

  await modal.getByRole('tab', { name: 'Admin' }).click();
  await page.waitForURL((u) => u.searchParams.get('modalTab') === '1');
  await modal.getByRole('combobox', { name: 'Final status' }).waitFor();
  await screenshot(page, 'console-review-admin');
  await modal.getByRole('tab', { name: 'Logs' }).click();
  await modal.getByRole('cell', { name: 'ProposalStatusChanged' }).first().waitFor();
  await screenshot(page, 'console-review-logs');
  await modal.getByRole('tab', { name: 'Proposal information' }).click();
  await page.waitForURL((u) => !u.searchParams.has('modalTab'));
  await modal.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL((u) => !u.searchParams.has('reviewModal'));
  await row.getByText(next.name).waitFor();
}, 120_000);

it("a scientist lands in the console with a scientist's menu", async () => {
  const page = await newPage();
  await logIn(page, product.url, 'scientist').catch(async (e: Error) => {
    await page.screenshot({ path: '/tmp/console-debug.png' });
    console.error(page.url(), await page.content());
    throw e;
  });
  await page.waitForURL(`${product.url}/console/`);
  const menu = page.getByRole('navigation').or(page.getByRole('menu')).first();
  await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
  await page.getByRole('menuitem', { name: 'Roles' }).waitFor();
  expect(await page.getByRole('menuitem', { name: 'Proposals' }).count()).toBe(0);
  expect(await menu.isVisible()).toBe(true);
  await screenshot(page, 'console-scientist');
  await expectAccessible(page);
}, 120_000);
