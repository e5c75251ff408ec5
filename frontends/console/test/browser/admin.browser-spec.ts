/**
 * The console's calls, status actions logs and administration pages over the api serving both built apps, in
 * Chromium: the officer creates and edits a call and is refused its deletion while it has a proposal; replays
 * status actions (a failed RabbitMQ one, and a succeeded e-mail with the duplicate warning); creates a unit and an
 * API token (shown once); impersonates the applicant and ends it. Every page: a screenshot in
 * artifacts/screenshots/console-admin-*.png and no serious or critical axe violation.
 */
import { RABBITMQ_ACTION_ID, Role } from '@user-office/contracts';
import type { Page } from 'playwright-core';
import {
  createOpenCall,
  createUser,
  defaultProposalWorkflowId,
  type TestUser,
  emailAction,
} from '../../../../services/api/test/support/fixtures';
import { WorkflowsRepository } from '../../../../services/api/src/modules/workflows';
import {
  logIn,
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { chooseOption, field, fillOpenCallDates, newPage as openPage, tokenGql } from './console-steps';
import { eventually } from '../../../../services/api/test/support/eventually';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Beam time") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey proposalId } }`;
const CHANGE = `mutation($pks: [Int!]!, $statusId: Int) { changeProposalsStatus(proposalPks: $pks, statusId: $statusId) { primaryKey } }`;
const SET_ACTIONS = `mutation($id: Int!, $workflowId: Int!, $actions: [ConnectionStatusActionInput!]!) {
  addConnectionStatusActions(workflowConnectionId: $id, workflowId: $workflowId, actions: $actions) { id } }`;
const LOGS = `query($pk: String) { getStatusActionsLogs(searchText: $pk) { statusActionsLogs { actionType successful proposals { primaryKey } } } }`;
const CALLS = `{ getCalls { id shortCode } }`;
const MESSAGE = `mutation { createPredefinedMessage(input: { title: "Welcome", message: "Welcome to the facility" }) { id } }`;
const INSTITUTION = `mutation($name: String!) { createInstitution(name: $name, country: 1) { id } }`;

let product: Product;
let officer: TestUser;
let pi: TestUser;
let proposalId: string;

const gql = <T>(query: string, variables: Record<string, unknown>, token: string) =>
  tokenGql(product)<T>(query, variables, token);

beforeAll(async () => {
  product = await startProduct();
  product.t.config.amqpUrl = null; // RabbitMQ actions then fail at once: "RabbitMQ is not configured"
  officer = await createUser(product.t, { role: Role.USER_OFFICER, isInternalUser: true });
  pi = await createUser(product.t, { firstname: 'Marie' });
  for (const name of ['Lund University', 'Lunds universitet'])
    await gql(INSTITUTION, { name }, officer.token);
  await gql(MESSAGE, {}, officer.token);

  // the default workflow's APPROVED connection e-mails the PI and publishes to RabbitMQ
  const workflows = product.t.app.get(WorkflowsRepository);
  const workflowId = await defaultProposalWorkflowId(product.t);
  const approvedId = (await workflows.statuses()).find((s) => s.shortCode === 'APPROVED')!.id;
  const approved = (await workflows.connections(workflowId)).find((c) => c.statusId === approvedId)!;
  await gql(
    SET_ACTIONS,
    {
      id: approved.id,
      workflowId,
      actions: [
        emailAction([{ name: 'PI', template: 'proposal-accepted' }]),
        {
          actionId: RABBITMQ_ACTION_ID,
          actionType: 'RABBITMQ',
          config: JSON.stringify({ exchanges: ['uo-browser-test'] }),
        },
      ],
    },
    officer.token,
  );

  // a submitted proposal reaches APPROVED: one e-mail sent, one RabbitMQ action failed
  const call = await createOpenCall(product.t, officer.token);
  const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
    CREATE,
    { callId: call.callId },
    pi.token,
  );
  const pk = createProposal.primaryKey;
  await gql(UPDATE, { pk, title: 'Spin waves in magnetite' }, pi.token);
  await gql(
    ANSWER,
    {
      q: createProposal.questionaryId,
      topic: call.topicId,
      answers: [{ questionId: call.questionId, value: '{"value":"Inelastic scattering"}' }],
    },
    pi.token,
  );
  proposalId = (await gql<{ submitProposal: { proposalId: string } }>(SUBMIT, { pk }, pi.token))
    .submitProposal.proposalId;
  await gql(CHANGE, { pks: [pk], statusId: approvedId }, officer.token);
  await eventually(async () => {
    const logs = await gql<{
      getStatusActionsLogs: { statusActionsLogs: { actionType: string; successful: boolean }[] };
    }>(LOGS, { pk: proposalId }, officer.token);
    return logs.getStatusActionsLogs.statusActionsLogs.length >= 2;
  }, 'both status actions to be logged');
}, 180_000);

afterAll(async () => {
  await product?.close();
});

const newPage = (): Promise<Page> => openPage(product);

/** A screenshot of the page as it is, and no serious or critical axe violation on it. */
async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, `console-admin-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Picks an option of a react-admin / MUI select by its label. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: new RegExp(`^${label}(\\s*\\*)?$`) }), option);
}

describe('the console administration in Chromium (officer)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
    await logIn(page, product.url, 'officer');
    await page.waitForURL(`${product.url}/console/Proposals`);
  }, 120_000);

  it('creates a call, edits it, and is refused its deletion while it has a proposal', async () => {
    await page.goto(`${product.url}/console/Calls`);
    await page.getByRole('columnheader', { name: 'Short code' }).waitFor();
    await check(page, 'calls');

    await page.getByRole('link', { name: 'Create call' }).click();
    await field(page, 'Short code').waitFor();
    // §5: the required fields' messages before anything is sent
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Short code is required').waitFor();
    await page.getByText('Start of the call is required').waitFor();
    await page.getByText('Proposal workflow is required').waitFor();
    await page.getByText('Cycle comment is required').waitFor();
    await check(page, 'call-create');

    const year = new Date().getFullYear();
    await field(page, 'Short code').fill('BROWSER-CALL');
    await fillOpenCallDates(page);
    await choose(page, 'Proposal workflow', /.+/);
    await choose(page, 'Proposal template', /.+/);
    await field(page, 'Reference number format').fill('BR{digits:4}');
    await field(page, 'Cycle comment').fill('Cycle 2');
    await field(page, 'Survey comment').fill('Tell us');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Call created').waitFor();
    await page.waitForURL(`${product.url}/console/Calls`);
    const row = page.getByRole('row').filter({ hasText: 'BROWSER-CALL' });
    await row.waitFor();

    await row.getByRole('link', { name: 'Edit BROWSER-CALL' }).click();
    await field(page, 'Title').waitFor();
    expect(await field(page, 'Start of the call').inputValue()).toBe(`${year - 1}-01-01T09:00`);
    await field(page, 'Title').fill('Browser call');
    await check(page, 'call-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Call updated').waitFor();
    await page.getByRole('row').filter({ hasText: 'Browser call' }).waitFor();

    // an applicant starts a proposal in it: the call can no longer be deleted
    const { getCalls } = await gql<{ getCalls: { id: number; shortCode: string }[] }>(
      CALLS,
      {},
      officer.token,
    );
    const callId = getCalls.find((c) => c.shortCode === 'BROWSER-CALL')!.id;
    await gql(CREATE, { callId }, pi.token);
    await page.reload();
    await row.getByRole('button', { name: 'Delete BROWSER-CALL' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The call has 1 proposal(s) and cannot be deleted').waitFor();
    await row.waitFor();
  }, 120_000);

  it('replays status actions with confirmation, warning about duplicates when the action succeeded', async () => {
    await page.goto(`${product.url}/console/StatusActionsLogs`);
    await page.getByRole('columnheader', { name: 'Recipient' }).waitFor();
    await page.getByRole('row').filter({ hasText: proposalId }).first().waitFor();
    await check(page, 'status-actions-logs');

    await choose(page, 'Show', 'Failed');
    const failed = page.getByRole('row').filter({ hasText: 'RabbitMQ is not configured' }).first();
    await failed.waitFor();
    await page.getByRole('cell', { name: 'Successful', exact: true }).first().waitFor({ state: 'detached' });
    await failed.getByRole('button', { name: /^Replay status action log/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Run this status action again for its proposal(s)?').waitFor();
    expect(await dialog.getByText(/recipients may receive it twice/).count()).toBe(0);
    await check(page, 'status-actions-replay');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Status action replay sent').waitFor();

    await choose(page, 'Show', 'Successful');
    await page.getByRole('cell', { name: 'Failed', exact: true }).first().waitFor({ state: 'detached' });
    const sent = page.getByRole('row').filter({ hasText: 'E-mail' }).first();
    await sent.waitFor();
    await sent.getByRole('button', { name: /^Replay status action log/ }).click();
    await dialog.getByText(/recipients may receive it twice/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 120_000);

  it('creates a unit ("Unit created successfully") and opens the import page', async () => {
    await page.goto(`${product.url}/console/Units`);
    await page.getByRole('columnheader', { name: 'Quantity' }).waitFor();
    await check(page, 'units');
    await page.getByRole('link', { name: 'Create unit' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Id is required').waitFor();
    await page.getByText('Conversion formula is required').waitFor();
    await check(page, 'unit-create');
    await field(page, 'Id').fill('furlong');
    await field(page, 'Name').fill('furlong');
    await field(page, 'Quantity').fill('length');
    await page.getByRole('option', { name: 'length' }).first().click();
    await field(page, 'Symbol').fill('fur');
    await field(page, 'SI conversion formula').fill('x * 201.168');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unit created successfully').waitFor();
    await page.getByPlaceholder('Search').fill('furlong');
    await page.getByRole('row').filter({ hasText: 'x * 201.168' }).waitFor();

    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(`${product.url}/console/ImportUnits`);
    await page.getByRole('heading', { level: 1, name: 'Import units' }).waitFor();
    // a file whose furlong differs (DIFFERENT: the officer chooses) and whose league is NEW
    const unit = (id: string, symbol: string, siConversionFormula: string) => ({
      id,
      unit: id,
      quantity: 'length',
      symbol,
      siConversionFormula,
    });
    const file = {
      version: '1.0.0',
      exportDate: '2025-01-01',
      units: [unit('furlong', 'fur', 'x * 201.2'), unit('league', 'lea', 'x * 4828')],
    };
    await page.getByTestId('units-file').setInputFiles({
      name: 'units.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    const furlong = page.getByRole('row').filter({ hasText: 'furlong' });
    await furlong.getByText('Different').waitFor();
    await page.getByRole('row').filter({ hasText: 'league' }).getByText('New', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Import units' }).isDisabled()).toBe(true);
    await check(page, 'import-units');
    await furlong.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Use new' }).click();
    await page.getByRole('button', { name: 'Import units' }).click();
    await page.getByText('2 unit(s) imported').waitFor();
  }, 120_000);

  it('creates an API access token and sees it once, with copy', async () => {
    await page.goto(`${product.url}/console/ApiAccessTokens`);
    await page.getByRole('link', { name: 'Create API access token' }).waitFor();
    await check(page, 'api-access-tokens');
    await page.getByRole('link', { name: 'Create API access token' }).click();
    await page.getByLabel('Filter operations').fill('getCalls');
    await page.getByRole('checkbox', { name: 'getCalls', exact: true }).check();
    await field(page, 'Name').fill('Scheduler');
    await check(page, 'api-access-token-create');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'The new API access token' });
    const token = await dialog.getByLabel('Token').inputValue();
    expect(token.length).toBeGreaterThan(20);
    await dialog.getByText('Copy the token now: it is shown once and never again.').waitFor();
    await check(page, 'api-access-token-once');
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Scheduler' });
    await row.getByText('getCalls').waitFor();
    expect(await page.getByText(token).count()).toBe(0);
    // the token calls what it was given
    const res = await fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ getCalls { id } }' }),
    });
    expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
  }, 120_000);

  it('shows every other administration page without serious accessibility violations', async () => {
    const pages: [string, string, string][] = [
      ['/People', 'people', 'Firstname'],
      ['/Institutions', 'institutions', 'Country'],
      ['/Settings', 'settings', 'Setting'],
      ['/Features', 'features', 'Feature'],
      ['/PredefinedMessages', 'predefined-messages', 'Message'],
      ['/EventLogs', 'event-logs', 'Changed by'],
    ];
    for (const [path, name, column] of pages) {
      await page.goto(`${product.url}/console${path}`);
      await page.getByRole('columnheader', { name: column }).waitFor();
      await check(page, name);
    }
    await page.goto(`${product.url}/console/PageEditor`);
    await page.getByRole('textbox', { name: 'Content of Home page' }).waitFor();
    await check(page, 'page-editor');
    await page.goto(`${product.url}/console/Institutions`);
    await page
      .getByRole('button', { name: /^Merge .+ into another institution$/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /^Merge / }).waitFor();
    expect(page.url()).toMatch(/\/console\/MergeInstitutionsPage\/\d+$/);
    await check(page, 'merge-institutions');
  }, 180_000);

  it('impersonates the applicant (the portal, as them) and ends the impersonation (back in the console)', async () => {
    await page.goto(`${product.url}/console/People`);
    await page.getByPlaceholder('Search').fill('alice');
    const row = page.getByRole('row').filter({ hasText: 'alice.applicant@example.org' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Impersonate Alice Applicant' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByText('Logged in as alice.applicant@example.org').waitFor();
    await screenshot(page, 'console-admin-impersonating');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Un-impersonate' }).click();
    // the portal loads the console, which opens the officer's home
    await page.getByText('Logged in as olivia.officer@example.org').waitFor();
    await page.getByRole('columnheader', { name: 'Proposal ID' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/Proposals');
  }, 120_000);
});
