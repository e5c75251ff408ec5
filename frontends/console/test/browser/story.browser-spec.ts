/**
 * The staff console's end-to-end story (issue 12), in order, over one api serving both built apps, in Chromium:
 * the officer logs in through the dev IdP and lands in the console; creates a call through the Calls form (on a
 * workflow whose UNDER_REVIEW connection e-mails the PI: set up through GraphQL, since building a workflow in the
 * editor is workflows.browser-spec.ts's story); the applicant submits a proposal in that call in the portal; the
 * officer finds it in the staff table by search and by a question filter, opens the review modal and changes its
 * status; the workflow's e-mail reaches the SMTP catcher (the development one, which the test app sends to) and
 * the Status actions logs page; replaying asks for confirmation with the duplicate-notification warning; the
 * officer impersonates the applicant and ends it; the filtered table's address opened in a fresh browser shows
 * the same rows. (The scientist's and the internal reviewer's console: reviews-story.browser-spec.ts.)
 * Screenshots in artifacts/screenshots/story-*.png; axe finds no serious or critical violation on the pages the
 * other browser files do not scan already.
 */
import { DEV_ACCOUNTS, DEV_PASSWORD, Role } from '@user-office/contracts';
import type { Page } from 'playwright-core';
import {
  startDevMailCatcher,
  type CaughtMail,
  type DevMailCatcher,
} from '../../../../services/api/src/dev-mail/dev-mail-catcher';
import { WorkflowsRepository } from '../../../../services/api/src/modules/workflows';
import { DEMO_SUBMITTED_PROPOSALS } from '../../../../services/api/src/modules/demo-seed';
import { eventually } from '../../../../services/api/test/support/eventually';
import { createUser, type TestUser, emailAction } from '../../../../services/api/test/support/fixtures';
import {
  clickUntilAt,
  logIn,
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { chooseOption, field, fillOpenCallDates, newPage as openPage, tokenGql } from './console-steps';

const TEMPLATE = `mutation { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: "Story template") { templateId steps { topic { id } } } }`;
const QUESTION = `mutation { createQuestion(categoryId: PROPOSAL, dataType: TEXT_INPUT) { id } }`;
const NAME_QUESTION = `mutation($id: String!) { updateQuestion(id: $id, question: "Measurement technique") { id } }`;
const PLACE = `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 1) { templateId } }`;
const REQUIRE = `mutation($t: Int!, $q: String!) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: "{\\"required\\": true}") { templateId } }`;
const WORKFLOW = `mutation { createWorkflow(name: "Story workflow", description: "Submitted, then under review (e-mails the PI)", entityType: PROPOSAL) { id } }`;
const ADD_STATUS = `mutation($workflowId: Int!, $statusId: Int!, $prev: Int!) { addWorkflowStatus(workflowId: $workflowId, statusId: $statusId, sortOrder: 99, droppableGroupId: "proposalWorkflowConnections_0", prevStatusId: $prev) { id } }`;
const SET_EVENTS = `mutation($id: Int!, $events: [String!]!) { addStatusChangingEventsToConnection(workflowConnectionId: $id, statusChangingEvents: $events) { id } }`;
const SET_ACTIONS = `mutation($id: Int!, $workflowId: Int!, $actions: [ConnectionStatusActionInput!]!) { addConnectionStatusActions(workflowConnectionId: $id, workflowId: $workflowId, actions: $actions) { id } }`;
const CALLS = `{ getCalls { id shortCode } }`;
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Beam time") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { proposalId } }`;
const LOGS = `query($text: String) { getStatusActionsLogs(searchText: $text) { statusActionsLogs { actionType successful } } }`;

const APPLICANT = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!;
const TITLE = 'Magnetic order in spin ice';
const TECHNIQUE = 'Neutron diffraction';
const CALL = 'STORY';

let product: Product;
let catcher: DevMailCatcher;
let officer: TestUser;
let template: { templateId: number; topicId: number; questionId: string };

const gql = <T>(query: string, variables: Record<string, unknown>, token: string) =>
  tokenGql(product)<T>(query, variables, token);

beforeAll(async () => {
  [product, catcher] = await Promise.all([startProduct(), startDevMailCatcher({ smtpPort: 0, webPort: 0 })]);
  product.t.config.smtpUrl = catcher.smtpUrl; // the mailer reads SMTP_URL at each send
  officer = await createUser(product.t, { role: Role.USER_OFFICER, isInternalUser: true });

  // a proposal template: the basis question and a required "Measurement technique" on its first step
  const { createTemplate } = await gql<{
    createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
  }>(TEMPLATE, {}, officer.token);
  const { createQuestion } = await gql<{ createQuestion: { id: string } }>(QUESTION, {}, officer.token);
  template = {
    templateId: createTemplate.templateId,
    topicId: createTemplate.steps[0].topic.id,
    questionId: createQuestion.id,
  };
  await gql(NAME_QUESTION, { id: template.questionId }, officer.token);
  await gql(
    PLACE,
    { t: template.templateId, q: template.questionId, topic: template.topicId },
    officer.token,
  );
  await gql(REQUIRE, { t: template.templateId, q: template.questionId }, officer.token);

  // a workflow: DRAFT → SUBMITTED_LOCKED (on submission) → UNDER_REVIEW, which e-mails the PI
  const statuses = await product.t.app.get(WorkflowsRepository).statuses();
  const statusId = (code: string) => statuses.find((s) => s.shortCode === code)!.id;
  const { createWorkflow } = await gql<{ createWorkflow: { id: number } }>(WORKFLOW, {}, officer.token);
  const workflowId = createWorkflow.id;
  const submitted = await gql<{ addWorkflowStatus: { id: number } }>(
    ADD_STATUS,
    { workflowId, statusId: statusId('SUBMITTED_LOCKED'), prev: statusId('DRAFT') },
    officer.token,
  );
  await gql(
    SET_EVENTS,
    { id: submitted.addWorkflowStatus.id, events: ['PROPOSAL_SUBMITTED'] },
    officer.token,
  );
  const review = await gql<{ addWorkflowStatus: { id: number } }>(
    ADD_STATUS,
    { workflowId, statusId: statusId('UNDER_REVIEW'), prev: statusId('SUBMITTED_LOCKED') },
    officer.token,
  );
  await gql(
    SET_ACTIONS,
    {
      id: review.addWorkflowStatus.id,
      workflowId,
      actions: [emailAction([{ name: 'PI', template: 'proposal-status-changed' }])],
    },
    officer.token,
  );
}, 120_000);

afterAll(async () => {
  await product?.close();
  await catcher?.close();
});

/** A page in a fresh browser profile; its script errors and failed requests are printed. */
const newPage = (): Promise<Page> => openPage(product);

/** A screenshot of the page as it is, and (scan) no serious or critical axe violation on it. */
async function step(page: Page, name: string, scan = true): Promise<void> {
  // a dialog or menu fading in is neither what the user reads nor what axe should judge
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, `story-${name}`);
  if (scan)
    expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
}

/** Picks an option of a react-admin / MUI select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: new RegExp(`^${label}(\\s*\\*)?$`) }), option);
}

/** Another applicant's submitted proposal in the call, answering the question with `technique`. */
async function otherProposal(callId: number, title: string, technique: string): Promise<void> {
  const pi = await createUser(product.t, { firstname: 'Other' });
  const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
    CREATE,
    { callId },
    pi.token,
  );
  await gql(UPDATE, { pk: createProposal.primaryKey, title }, pi.token);
  await gql(
    ANSWER,
    {
      q: createProposal.questionaryId,
      topic: template.topicId,
      answers: [{ questionId: template.questionId, value: JSON.stringify({ value: technique }) }],
    },
    pi.token,
  );
  await gql(SUBMIT, { pk: createProposal.primaryKey }, pi.token);
}

/** A chapter of the story: skipped, saying why, once an earlier one failed (its state is missing). */
let failedChapter: string | null = null;
function chapter(name: string, body: () => Promise<void>, timeout: number): void {
  it(
    name,
    async () => {
      // a failed chapter runs once more at once (scripts/test/retry-once.js); the later ones wait on it
      if (failedChapter && failedChapter !== name)
        throw new Error(`not run: the chapter before failed (${failedChapter})`);
      try {
        await body();
        failedChapter = null;
      } catch (error) {
        failedChapter = name;
        // what the open pages showed, for the report
        const pages = product.browser.contexts().flatMap((c) => c.pages());
        for (const [n, open] of pages.entries())
          await screenshot(open, `story-failed-${n}`).catch(() => undefined);
        throw error;
      }
    },
    timeout,
  );
}

describe('the staff console story in Chromium', () => {
  let page: Page;
  let proposalId: string;
  let proposalPk: number;
  /** the filtered table: its address and the rows it showed */
  let shared: { address: string; rows: string[] };

  chapter(
    'the officer logs in through the dev IdP and lands in the console, then creates a call through the Calls form',
    async () => {
      page = await newPage();
      await logIn(page, product.url, 'officer');
      await page.waitForURL(`${product.url}/console/Proposals`);
      // the demo's submitted proposals are there from the first start
      await page.getByRole('cell', { name: 'Magnetic order in Fe2O3 thin films' }).waitFor();
      await step(page, '01-officer-home');

      await page.getByRole('menuitem', { name: 'Calls' }).click();
      await page.waitForURL(`${product.url}/console/Calls`);
      await page.getByRole('link', { name: 'Create call' }).click();
      await field(page, 'Short code').waitFor();
      await field(page, 'Short code').fill(CALL);
      await field(page, 'Title').fill('Story call');
      await fillOpenCallDates(page);
      await choose(page, 'Proposal workflow', 'Story workflow');
      await choose(page, 'Proposal template', 'Story template');
      await field(page, 'Reference number format').fill('ST{digits:4}');
      await field(page, 'Cycle comment').fill('Cycle 1');
      await field(page, 'Survey comment').fill('Tell us how it went');
      await step(page, '02-call-form', false); // the form: scanned by admin.browser-spec.ts
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Call created').waitFor();
      await page.waitForURL(`${product.url}/console/Calls`);
      await page.getByRole('row').filter({ hasText: CALL }).waitFor();
      await step(page, '03-calls', false); // scanned by admin.browser-spec.ts

      // two other applicants' proposals in the call, for the search and the filter to leave out
      const callId = (
        await gql<{ getCalls: { id: number; shortCode: string }[] }>(CALLS, {}, officer.token)
      ).getCalls.find((c) => c.shortCode === CALL)!.id;
      await otherProposal(callId, 'Protein folding kinetics', 'Small-angle scattering');
      await otherProposal(callId, 'Strain in thin films', 'X-ray diffraction');
    },
    60_000,
  );

  chapter(
    'the applicant logs in to the portal and submits a proposal in that call',
    async () => {
      const applicant = await newPage();
      await logIn(applicant, product.url, 'applicant');
      await applicant.getByRole('heading', { name: 'My proposals' }).waitFor();
      await applicant.getByRole('link', { name: 'New Proposal' }).first().click();
      await applicant.getByRole('button', { name: 'Create a proposal in Story call' }).click();
      await applicant.waitForURL(/\/ProposalCreate\/\d+\/\d+$/);
      await applicant.getByLabel('Proposal Title').fill(TITLE);
      await applicant.getByLabel('Proposal Abstract').fill('We will map the magnetic order with neutrons.');
      await applicant.getByLabel('Measurement technique').fill(TECHNIQUE);
      await step(applicant, '04-portal-proposal', false); // the proposal step: journey.browser-spec.ts
      await applicant.getByRole('button', { name: 'Save and continue' }).click();
      await applicant.getByRole('button', { name: 'Submit' }).waitFor();
      await step(applicant, '05-portal-review', false); // the review step: journey.browser-spec.ts
      await applicant.getByRole('button', { name: 'Submit' }).click();
      await applicant.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await applicant.getByText(/Your proposal has been submitted successfully/).waitFor();
      await step(applicant, '06-portal-submitted', false);
      await applicant.close();
    },
    60_000,
  );

  chapter(
    'the officer finds it by search and by a question filter, opens the review modal and changes its status',
    async () => {
      await page.getByRole('menuitem', { name: 'Proposals' }).click();
      await page.waitForURL(`${product.url}/console/Proposals`);
      const rows = page.getByRole('row');
      const story = rows.filter({ hasText: TITLE });
      await story.waitFor();
      // the header, the call's three proposals and the demo's three
      expect(await rows.count()).toBe(4 + DEMO_SUBMITTED_PROPOSALS.length);

      // search (3 characters or more)
      await page.getByPlaceholder('Search').fill('spin ice');
      await page.waitForURL((u) => u.searchParams.get('search') === 'spin ice');
      await rows.filter({ hasText: 'Protein folding kinetics' }).waitFor({ state: 'detached' });
      await rows.filter({ hasText: 'Strain in thin films' }).waitFor({ state: 'detached' });
      expect(await rows.count()).toBe(2);
      proposalId = (await story.getByRole('cell').nth(2).textContent())!.trim();
      expect(proposalId).toMatch(/^ST\d{4}$/);
      await step(page, '07-search', false); // the searched table: console.browser-spec.ts

      // the question filter (the search cleared)
      await page.getByPlaceholder('Search').fill('');
      await page.waitForURL((u) => !u.searchParams.has('search'));
      await choose(page, 'Question', 'Measurement technique');
      await choose(page, 'Operator', 'includes');
      await page.getByRole('textbox', { name: 'Value' }).fill('diffraction');
      await page.waitForURL(
        (u) =>
          u.searchParams.get('value') === 'diffraction' &&
          u.searchParams.get('compareOperator') === 'INCLUDES',
      );
      await rows.filter({ hasText: 'Protein folding kinetics' }).waitFor({ state: 'detached' });
      await rows.filter({ hasText: 'Strain in thin films' }).waitFor();
      await story.waitFor();
      expect(await rows.count()).toBe(3);
      await step(page, '08-question-filter');

      // the review modal: the answers, then a status change through its button
      await story.getByRole('button', { name: `View proposal ${proposalId}` }).click();
      await page.waitForURL((u) => u.searchParams.has('reviewModal'));
      proposalPk = Number(new URL(page.url()).searchParams.get('reviewModal'));
      const modal = page.getByRole('dialog');
      await modal.getByRole('cell', { name: TECHNIQUE }).waitFor();
      await step(page, '09-review-modal', false); // scanned by console.browser-spec.ts
      await modal.getByRole('button', { name: 'Change status' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change proposal(s) status' });
      await dialog.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Under review', exact: true }).click();
      await step(page, '10-change-status');
      await dialog.getByRole('button', { name: 'Change status' }).click();
      await modal.getByTestId('review-status').filter({ hasText: 'Under review' }).waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => !u.searchParams.has('reviewModal'));
      await story.getByText('Under review').waitFor();

      // the view to share: the call too, sorted by title, the proposal selected
      await choose(page, 'Call', CALL);
      // the table re-renders with the call's rows: a click on its header meanwhile can be lost (seen in CI)
      await clickUntilAt(
        page,
        page.getByRole('columnheader', { name: 'Title' }).getByRole('button'),
        (u) => u.searchParams.get('sortField') === 'title' && u.searchParams.has('call'),
      );
      await story.getByRole('checkbox').check();
      await page.waitForURL((u) => u.searchParams.has('selection'));
      await page.getByText('1 item selected').waitFor();
      await page.mouse.move(800, 800); // no sort tooltip over the rows in the screenshot
      shared = { address: page.url(), rows: await rows.allInnerTexts() };
      expect(shared.rows).toHaveLength(3);
      await step(page, '11-shared-view');
    },
    60_000,
  );

  chapter(
    "the workflow's e-mail reaches the SMTP catcher and the Status actions logs page; replaying asks for confirmation and warns of duplicates",
    async () => {
      const isStatusMail = (m: CaughtMail) =>
        m.to.includes(APPLICANT.email) && m.subject === `Your proposal ${proposalId} is now: Under review`;
      const mail = await catcher.waitFor(isStatusMail, 20_000);
      expect(mail.text).toContain(`"${TITLE}"`);

      // the catcher's inbox, as a developer sees it
      const inbox = await page.context().newPage();
      await inbox.goto(catcher.webUrl);
      await inbox.getByRole('link', { name: mail.subject }).click();
      await inbox.getByText(`Dear ${APPLICANT.firstname}`).first().waitFor();
      await step(inbox, '12-mail-catcher');
      await inbox.close();

      await eventually(async () => {
        const { getStatusActionsLogs } = await gql<{
          getStatusActionsLogs: { statusActionsLogs: { successful: boolean }[] };
        }>(LOGS, { text: proposalId }, officer.token);
        return getStatusActionsLogs.statusActionsLogs.some((l) => l.successful);
      }, 'the e-mail action to be logged');
      await page.getByRole('menuitem', { name: 'Status actions logs' }).click();
      await page.waitForURL(`${product.url}/console/StatusActionsLogs`);
      await page.getByPlaceholder('Search').fill(proposalId);
      const logRow = page
        .getByRole('row')
        .filter({ hasText: proposalId })
        .filter({ hasText: APPLICANT.email });
      await logRow.getByRole('cell', { name: 'Successful', exact: true }).waitFor();
      // one log of this proposal's e-mail to the applicant (the demo's submissions have their own)
      expect(await logRow.count()).toBe(1);
      await step(page, '13-status-actions-log', false); // scanned by admin.browser-spec.ts

      await logRow.getByRole('button', { name: /^Replay status action log/ }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('Run this status action again for its proposal(s)?').waitFor();
      await confirm.getByText(/recipients may receive it twice/).waitFor();
      await step(page, '14-replay-duplicate-warning');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Status action replay sent').waitFor();
      await eventually(
        async () => catcher.messages().filter(isStatusMail).length === 2,
        'the replayed e-mail',
      );
    },
    60_000,
  );

  chapter(
    'the officer impersonates the applicant from People and ends the impersonation',
    async () => {
      await page.getByRole('menuitem', { name: 'People' }).click();
      await page.waitForURL(`${product.url}/console/People`);
      await page.getByPlaceholder('Search').fill('alice');
      const row = page.getByRole('row').filter({ hasText: APPLICANT.email });
      await row.getByRole('button', { name: 'Impersonate Alice Applicant' }).click();
      await page
        .getByRole('dialog')
        .getByText(/^Act as Alice Applicant/)
        .waitFor();
      await step(page, '15-impersonate-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(`${product.url}/`);
      await page.getByText(`Logged in as ${APPLICANT.email}`).waitFor();
      // the applicant's own dashboard: the submitted proposal
      await page.getByRole('row').filter({ hasText: proposalId }).getByText('Under review').waitFor();
      await step(page, '16-impersonating', false); // the dashboard: scanned by journey.browser-spec.ts
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Un-impersonate' }).click();
      await page.getByText('Logged in as olivia.officer@example.org').waitFor();
      await page.getByRole('columnheader', { name: 'Proposal ID' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/console/Proposals');
      await step(page, '17-impersonation-ended', false);
    },
    60_000,
  );

  chapter(
    'the filtered table address opened in a fresh browser shows the same rows',
    async () => {
      const fresh = await newPage();
      await fresh.goto(shared.address);
      await fresh.getByLabel('Username').fill('officer');
      await fresh.getByLabel('Password').fill(DEV_PASSWORD);
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await fresh.waitForURL((u) => u.pathname === '/console/Proposals' && u.searchParams.has('sortField'));
      const rows = fresh.getByRole('row');
      await rows.filter({ hasText: TITLE }).waitFor();
      expect(await rows.allInnerTexts()).toEqual(shared.rows);
      // the filters show what they filter by, and the selection is restored
      expect(await fresh.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('diffraction');
      await fresh.getByRole('combobox', { name: 'Call' }).filter({ hasText: CALL }).waitFor();
      await fresh
        .getByRole('combobox', { name: 'Question' })
        .filter({ hasText: 'Measurement technique' })
        .waitFor();
      await fresh.getByText('1 item selected').waitFor();
      expect(await rows.filter({ hasText: TITLE }).getByRole('checkbox').isChecked()).toBe(true);
      expect(new URL(fresh.url()).search).toBe(new URL(shared.address).search);
      await step(fresh, '18-shared-view-fresh', false); // the same view as 11

      // the other §2 parameters a link may carry: a proposal's reference, and the review modal open on a tab
      await fresh.goto(`${product.url}/console/Proposals?proposalId=${proposalId}`);
      await rows.filter({ hasText: TITLE }).waitFor();
      await rows.filter({ hasText: 'Strain in thin films' }).waitFor({ state: 'detached' });
      expect(await rows.count()).toBe(2);
      await fresh.goto(`${shared.address}&reviewModal=${proposalPk}&modalTab=4`); // Logs: after Technical reviews, FAP reviews and Admin
      const modal = fresh.getByRole('dialog');
      expect(await modal.getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected')).toBe('true');
      await modal.getByRole('cell', { name: 'ProposalStatusChanged' }).first().waitFor();
      await fresh.close();
    },
    60_000,
  );
});
