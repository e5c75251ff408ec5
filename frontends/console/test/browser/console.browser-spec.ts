/**
 * The staff console over the api serving both built apps, in Chromium: one sign-in through the dev IdP, the
 * officer's proposals table, the review modal and a status change (the scientist's console: reviews-story). Screenshots in
 * artifacts/screenshots/console-*.png; axe finds no serious or critical violation on the pages shown.
 */
import { DEV_PASSWORD, Role } from '@user-office/contracts';
import type { Page } from 'playwright-core';
import { createOpenCall, createUser } from '../../../../services/api/test/support/fixtures';
import {
  logIn,
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { newPage as openPage, tokenGql } from './console-steps';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Beam time") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey proposalId } }`;
const RENAME_QUESTION = `mutation($id: String!) { updateQuestion(id: $id, question: "Measurement technique") { id } }`;
const DECIDE = `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementDecisionSubmitted: true) { primaryKey } }`;
const NOTIFIED = `query($pk: Int!) { getProposal(primaryKey: $pk) { notified } }`;
const WORKFLOW = `query($id: Int!) { getWorkflow(workflowId: $id) { workflowConnectionGroups { connections { status { id name shortCode } } } } }`;

let product: Product;
let proposal: { pk: number; proposalId: string; title: string };
let statuses: { id: number; name: string; shortCode: string }[];
let officerToken: string;
let callShortCode: string;
let callId: number;

const gql = <T>(query: string, variables: Record<string, unknown>, token: string) =>
  tokenGql(product)<T>(query, variables, token);

beforeAll(async () => {
  product = await startProduct();
  const officer = await createUser(product.t, { role: Role.USER_OFFICER, isInternalUser: true });
  const pi = await createUser(product.t, { firstname: 'Marie' });
  const call = await createOpenCall(product.t, officer.token);
  officerToken = officer.token;
  callId = call.callId;
  callShortCode = (
    await gql<{ getCall: { shortCode: string } }>(
      `query($id: Int!) { getCall(callId: $id) { shortCode } }`,
      { id: call.callId },
      officer.token,
    )
  ).getCall.shortCode;
  // the question filter picks the call's question by its text
  await gql(RENAME_QUESTION, { id: call.questionId }, officer.token);
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
const newPage = (): Promise<Page> => openPage(product);

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
  // the demo's submitted proposals leave the table once the search is applied
  await page.getByRole('row').filter({ hasText: 'DEMO-0001' }).waitFor({ state: 'detached' });
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
  await page.waitForURL((u) => u.searchParams.get('modalTab') === '3'); // after Technical reviews and FAP reviews
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

it('the bulk actions clone to a call, notify and delete; a filtered table address opened in a fresh page shows the same rows; Edit proposal opens the wizard', async () => {
  await gql(DECIDE, { pk: proposal.pk }, officerToken); // notify needs a submitted decision
  const page = await newPage();
  await logIn(page, product.url, 'officer');
  await page.waitForURL(`${product.url}/console/Proposals`);
  // a draft of the signed-in officer's own (only the PI deletes a draft, §4)
  const signedIn = (await page.evaluate(() => localStorage.getItem('token')))!;
  const ownDraft = 'Officer test draft';
  const { createProposal } = await gql<{ createProposal: { primaryKey: number } }>(
    CREATE,
    { callId },
    signedIn,
  );
  await gql(UPDATE, { pk: createProposal.primaryKey, title: ownDraft }, signedIn);
  const rows = page.getByRole('row');
  const rowOf = (text: string) => rows.filter({ hasText: text });
  const original = rowOf(proposal.proposalId);

  // clone to call (the call the proposal is in is open)
  await page.getByPlaceholder('Search').fill('spin ice');
  await original.waitFor();
  await original.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone proposal(s) to call' });
  await clone.getByRole('button', { name: 'Clone' }).click();
  await clone.getByText('You must select a call').waitFor();
  await clone.getByRole('combobox', { name: 'Call' }).click();
  await page.getByRole('option', { name: callShortCode, exact: true }).click();
  await clone.getByRole('button', { name: 'Clone' }).click();
  await clone.waitFor({ state: 'hidden' });
  const copy = rowOf(`Copy of ${proposal.title}`);
  await copy.waitFor();

  // notify the original's proposers (the confirmation, then the API says so)
  await original.getByRole('checkbox').check();
  if (await copy.getByRole('checkbox').isChecked()) await copy.getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: 'Notify' }).click();
  await page.getByRole('dialog').getByText('Notify the principal investigators of 1 proposal(s)').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Notification sent for 1 proposal(s)').waitFor();
  const { getProposal } = await gql<{ getProposal: { notified: boolean } }>(
    NOTIFIED,
    { pk: proposal.pk },
    officerToken,
  );
  expect(getProposal.notified).toBe(true);
  await original.getByRole('checkbox').uncheck();

  // search + status + question filter: the original only (its copy is a draft)
  const status = (await original.getByRole('cell').nth(7).textContent())!.trim();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await page.getByRole('combobox', { name: 'Question' }).click();
  await page.getByRole('option', { name: 'Measurement technique', exact: true }).click();
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'includes', exact: true }).click();
  await page.getByRole('textbox', { name: 'Value' }).fill('diffraction');
  await page.waitForURL(
    (u) =>
      u.searchParams.get('value') === 'diffraction' &&
      u.searchParams.get('compareOperator') === 'INCLUDES' &&
      u.searchParams.has('proposalStatus') &&
      u.searchParams.get('search') === 'spin ice',
  );
  await copy.waitFor({ state: 'detached' });
  await original.waitFor();
  const shown = await rows.allInnerTexts();
  expect(shown).toHaveLength(2); // the header and the original
  await screenshot(page, 'console-proposals-filtered');

  // a fresh browser: the one sign-in, then back to the shared address
  const address = page.url();
  const fresh = await newPage();
  await fresh.goto(address);
  await fresh.getByLabel('Username').fill('officer');
  await fresh.getByLabel('Password').fill(DEV_PASSWORD);
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await fresh.waitForURL(
    (u) => u.pathname === '/console/Proposals' && u.searchParams.get('value') === 'diffraction',
  );
  const freshRows = fresh.getByRole('row');
  await freshRows.filter({ hasText: proposal.proposalId }).waitFor();
  await fresh.getByRole('textbox', { name: 'Value' }).waitFor();
  expect(await fresh.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('diffraction');
  expect(await freshRows.allInnerTexts()).toEqual(shown);
  await screenshot(fresh, 'console-proposals-filtered-fresh');
  await fresh.close();

  // the officer's Edit proposal toggle: each step opens in the portal's wizard
  await original.getByRole('button', { name: `View proposal ${proposal.proposalId}` }).click();
  const modal = page.getByRole('dialog');
  const edit = modal.getByRole('button', { name: 'Edit proposal' });
  await edit.click();
  expect(await edit.getAttribute('aria-pressed')).toBe('true');
  const stepLinks = modal.getByTestId('review-editing').getByRole('link');
  await stepLinks.first().waitFor();
  expect(await stepLinks.first().getAttribute('href')).toBe(`/ProposalEdit/${proposal.pk}?step=0`);
  expect(await modal.getByRole('link', { name: 'Open in the proposal wizard' }).getAttribute('href')).toBe(
    `/ProposalEdit/${proposal.pk}`,
  );
  await screenshot(page, 'console-review-editing');
  await expectAccessible(page);
  await stepLinks.first().click();
  await page.waitForURL(`${product.url}/ProposalEdit/${proposal.pk}?step=0`);
  await page.getByRole('heading', { name: proposal.title }).waitFor();
  await screenshot(page, 'console-review-wizard');

  // delete the copy (a draft, not the officer's) from the bulk actions
  await page.goto(`${product.url}/console/Proposals?search=${encodeURIComponent('Copy of')}`);
  await copy.waitFor();
  await copy.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByText('Are you sure you want to delete 1 proposal(s)?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // §4: only the PI deletes, and only a draft: the officer's delete is refused with the api's message
  await page.getByText('Only the principal investigator can delete a proposal').waitFor();
  await screenshot(page, 'console-proposals-delete-refused');
  expect(await copy.isVisible()).toBe(true);

  // the officer's own draft goes
  await page.goto(`${product.url}/console/Proposals?search=${encodeURIComponent(ownDraft)}`);
  const own = rowOf(ownDraft);
  await own.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('1 proposal(s) deleted').waitFor();
  await own.waitFor({ state: 'detached' });
}, 120_000);
