/**
 * The editors' story of issue 13 in Chromium, from the officer's console to the applicant's portal and back:
 * the officer builds a proposal template (two topics, a number question with a unit, a boolean, a third question
 * made to depend on the boolean in the dependency picker, a question dragged with the mouse to the other topic),
 * marks it active, builds a workflow in the visual editor whose Submitted (locked) status e-mails the PI, and opens
 * a call with both in the Calls form; the applicant sees the dependent question only once the boolean is ticked and
 * submits, and the PI's e-mail lands in the test app's outbox; the officer exports the template from its list and
 * imports the file back, resolving a changed question USE_NEW. (editors.browser-spec.ts covers the editor's §5
 * messages, the keyboard move and delete refusals; workflows.browser-spec.ts the graph's other edits.)
 * Screenshots in artifacts/screenshots/editors-story-*.png; axe finds no serious or critical violation on the pages shown.
 */
import type { Page } from 'playwright-core';
import { DEV_ACCOUNTS } from '@user-office/contracts';
import { MailerService } from '../../../../services/api/src/modules/notifications';
import { eventually } from '../../../../services/api/test/support/eventually';
import { logIn, startProduct, type Product } from '../../../portal/test/browser/harness';
import {
  checkPage,
  createQuestion,
  field,
  fillOpenCallDates,
  listClosed,
  newPage as openPage,
  officerGql,
  logInToConsole,
} from './console-steps';

const TEMPLATE_NAME = 'Story proposal';
const WORKFLOW_NAME = 'Story workflow';
const CALL = 'STORY-CALL';
const CALL_TITLE = 'Story call';
const PROPOSAL_TITLE = 'Hazards of a layered crystal';
const PI_EMAIL = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!.email;

let product: Product;
let officer: Page;
let templateId: number;
let exported: string;

beforeAll(async () => {
  product = await startProduct();
  officer = await newPage();
  await logInToConsole(officer, product.url, 'officer');
}, 120_000);

afterAll(async () => {
  await product?.close();
});

const newPage = () => openPage(product);
const check = (page: Page, name: string) => checkPage(page, `editors-story-${name}`);
const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
  officerGql(product)<T>(query, variables);

const STEPS = `query($id: Int!) { getTemplate(templateId: $id) { steps { topic { title } fields { question { naturalKey } dependencies { dependencyNaturalKey condition { condition params } } } } } getActiveTemplateId(templateGroupId: PROPOSAL_QUESTIONARY) }`;
interface Steps {
  getTemplate: {
    steps: {
      topic: { title: string };
      fields: {
        question: { naturalKey: string };
        dependencies: { dependencyNaturalKey: string; condition: { condition: string; params: unknown } }[];
      }[];
    }[];
  };
  getActiveTemplateId: number | null;
}

describe('the editors story: template, workflow, call, the applicant, the e-mail, export and import', () => {
  it('the officer builds a template with two topics, a unit, a picked dependency and a mouse drag, and marks it active', async () => {
    const page = officer;
    await page.goto(`${product.url}/console/ProposalTemplates`);
    await page.getByRole('button', { name: 'Create template' }).click();
    const create = page.getByRole('dialog', { name: 'Create template' });
    await create.getByLabel('Name').fill(TEMPLATE_NAME);
    await create.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/console\/QuestionaryEditor\/\d+$/);
    templateId = Number(/QuestionaryEditor\/(\d+)/.exec(page.url())![1]);

    // two topics: the first (with the proposal's basis) renamed, a second added
    await page.getByTestId('topic-0').waitFor();
    await page.getByRole('button', { name: 'Add topic' }).click();
    await page.getByTestId('topic-1').waitFor();
    for (const [index, name] of [
      [0, 'General'],
      [1, 'Sample'],
    ] as const) {
      await page
        .getByRole('button', { name: /^Rename topic/ })
        .nth(index)
        .click();
      await page.getByLabel('Topic title').fill(name);
      await page.getByLabel('Topic title').press('Enter');
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }

    // in the first topic: a number question with a unit, a boolean, and a text question depending on it
    await page.getByTestId('topic-0').click({ position: { x: 10, y: 10 } });
    let drawer = await createQuestion(page, 'NUMBER_INPUT', 'sample_mass', 'Sample mass');
    await drawer.getByRole('combobox', { name: 'Units' }).click();
    await page.getByRole('option', { name: /^gram/i }).first().click();
    await drawer.getByRole('heading', { name: /^Question/ }).click(); // closes the list (Escape closes the drawer)
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('question-card-sample_mass').waitFor();

    drawer = await createQuestion(page, 'BOOLEAN', 'is_hazardous', 'Is the sample hazardous?');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('question-card-is_hazardous').waitFor();

    drawer = await createQuestion(page, 'TEXT_INPUT', 'hazard', 'Describe the hazard');
    await drawer.getByRole('button', { name: 'Add dependency' }).click();
    // the picker offers the boolean only: not the number, not the basis, not the question itself
    await drawer.getByRole('combobox', { name: 'Depends on' }).click();
    const offered = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(offered).toEqual(['Is the sample hazardous? (is_hazardous)']);
    await page.getByRole('option', { name: 'Is the sample hazardous? (is_hazardous)' }).click();
    await drawer.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'equals', exact: true }).click();
    await drawer.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'true', exact: true }).click();
    await listClosed(page);
    await check(page, 'dependency-picker');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('question-card-hazard')
      .getByText(/Shown when: is_hazardous = true/)
      .waitFor();

    // a real drag with the mouse (@dnd-kit's pointer sensor starts after 5 px): the number question to Sample
    const handle = page.getByRole('button', { name: 'Drag Sample mass' });
    const from = (await handle.boundingBox())!;
    const to = (await page.getByTestId('topic-1').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 20 });
    await page.mouse.up();
    await page.getByTestId('topic-1').getByTestId('question-card-sample_mass').waitFor();

    await page.getByRole('button', { name: 'Mark active' }).click();
    await page.getByText('Template marked active').waitFor();
    await check(page, 'template-editor');

    const saved = await gql<Steps>(STEPS, { id: templateId });
    expect(saved.getActiveTemplateId).toBe(templateId);
    const steps = saved.getTemplate.steps;
    expect(steps.map((s) => s.topic.title)).toEqual(['General', 'Sample']);
    expect(steps.map((s) => s.fields.map((f) => f.question.naturalKey))).toEqual([
      [expect.any(String), 'is_hazardous', 'hazard'],
      ['sample_mass'],
    ]);
    expect(steps[0].fields[2].dependencies).toEqual([
      { dependencyNaturalKey: 'is_hazardous', condition: { condition: 'eq', params: true } },
    ]);
  }, 60_000);

  it('the officer builds a workflow in the visual editor whose Submitted (locked) status e-mails the PI', async () => {
    const page = officer;
    await page.goto(`${product.url}/console/ProposalWorkflows`);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    const create = page.getByRole('dialog', { name: 'Create workflow' });
    await create.getByLabel('Name').fill(WORKFLOW_NAME);
    await create.getByRole('button', { name: 'Create workflow' }).click();
    await page.waitForURL(/\/console\/ProposalWorkflowEditor\/\d+$/);
    const node = (name: string) =>
      page.locator('.react-flow__node').filter({ has: page.getByText(name, { exact: true }) });
    await node('Draft').waitFor();

    // Submitted (locked) from the palette onto Draft: it comes after it
    await page.getByTestId('palette-SUBMITTED_LOCKED').dragTo(node('Draft'));
    await node('Submitted (locked)').waitFor();

    // the connection into it: moves on PROPOSAL_SUBMITTED, e-mails the PI "Proposal submitted"
    await page.getByRole('group', { name: 'Connection to Submitted (locked)' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Connection to Submitted (locked)' });
    await panel.getByRole('checkbox', { name: 'PROPOSAL_SUBMITTED', exact: true }).check();
    await panel.getByRole('switch', { name: 'Email action' }).check();
    await panel.getByRole('checkbox', { name: 'PI', exact: true }).check();
    await panel.getByRole('combobox', { name: 'E-mail template for PI' }).click();
    await page.getByRole('option', { name: 'Proposal submitted', exact: true }).click();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    await check(page, 'workflow-connection');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Connection saved').waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await check(page, 'workflow-editor');

    const { getWorkflows } = await gql<{ getWorkflows: { id: number; name: string }[] }>(
      `{ getWorkflows(entityType: PROPOSAL) { id name } }`,
    );
    const workflowId = getWorkflows.find((w) => w.name === WORKFLOW_NAME)!.id;
    const { getWorkflow } = await gql<{
      getWorkflow: {
        workflowConnectionGroups: {
          connections: {
            status: { shortCode: string };
            statusChangingEvents: string[];
            statusActions: { actionType: string; config: unknown }[];
          }[];
        }[];
      };
    }>(
      `query($id: Int!) { getWorkflow(workflowId: $id) { workflowConnectionGroups { connections { status { shortCode } statusChangingEvents statusActions { actionType config } } } } }`,
      { id: workflowId },
    );
    const connections = getWorkflow.workflowConnectionGroups.flatMap((g) => g.connections);
    expect(connections.map((c) => c.status.shortCode)).toEqual(['DRAFT', 'SUBMITTED_LOCKED']);
    expect(connections[1].statusChangingEvents).toEqual(['PROPOSAL_SUBMITTED']);
    expect(connections[1].statusActions).toEqual([
      {
        actionType: 'EMAIL',
        config: expect.objectContaining({
          recipientsWithEmailTemplate: [
            expect.objectContaining({
              recipient: expect.objectContaining({ name: 'PI' }),
              emailTemplate: expect.objectContaining({ id: 'proposal-submitted' }),
            }),
          ],
        }),
      },
    ]);
  }, 60_000);

  it('the officer opens a call with the template and the workflow in the Calls form', async () => {
    const page = officer;
    await page.goto(`${product.url}/console/Calls/create`);
    await field(page, 'Short code').fill(CALL);
    await field(page, 'Title').fill(CALL_TITLE);
    await fillOpenCallDates(page);
    for (const [label, option] of [
      ['Proposal workflow', WORKFLOW_NAME],
      ['Proposal template', TEMPLATE_NAME],
    ]) {
      await page.getByRole('combobox', { name: new RegExp(`^${label}(\\s*\\*)?$`) }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await listClosed(page);
    }
    await field(page, 'Cycle comment').fill('Cycle 1');
    await field(page, 'Survey comment').fill('Tell us');
    await check(page, 'call-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Call created').waitFor();
    await page.getByRole('row').filter({ hasText: CALL }).waitFor();
  }, 60_000);

  it('the applicant sees the dependent question only once the boolean is ticked, submits, and the PI is e-mailed', async () => {
    const page = await newPage();
    await logIn(page, product.url, 'applicant');
    await page.getByRole('link', { name: 'New Proposal' }).first().click();
    await page.getByRole('button', { name: `Create a proposal in ${CALL_TITLE}` }).click();
    await page.waitForURL(/\/ProposalCreate\/\d+\/\d+$/);
    expect(page.url()).toMatch(new RegExp(`/${templateId}$`));
    await page.getByLabel('Proposal Title').fill(PROPOSAL_TITLE);
    await page.getByLabel('Proposal Abstract').fill('Beryllium in a layered crystal.');

    const hazardous = page.getByRole('checkbox', { name: 'Is the sample hazardous?' });
    await hazardous.waitFor();
    expect(await page.getByLabel('Describe the hazard').count()).toBe(0);
    await check(page, 'applicant-unticked');
    await hazardous.check();
    await page.getByLabel('Describe the hazard').fill('A little beryllium.');
    await check(page, 'applicant-ticked');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/ProposalEdit\/\d+/);

    await page.getByLabel('Sample mass').fill('2.5');
    await page.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: /gram/i }).first().click();
    await listClosed(page);
    await check(page, 'applicant-sample-step');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page
      .getByText(/submitted successfully|Thank you/)
      .first()
      .waitFor();
    await check(page, 'applicant-submitted');

    // the workflow moves the proposal to Submitted (locked) and its e-mail action writes to the PI
    const mailer = product.t.app.get(MailerService);
    const mail = await eventually(
      async () =>
        mailer.outbox.find(
          (m) => m.to === PI_EMAIL && /has been submitted/.test(m.subject) && m.text.includes(PROPOSAL_TITLE),
        ),
      "the PI's submission e-mail",
    );
    expect(mail.text).toContain(PROPOSAL_TITLE);
    expect(mail.text).toContain(CALL);
    await page.reload();
    await page.getByText('Status: Submitted (locked)').waitFor();
  }, 60_000);

  it('the officer exports the template from its list and imports the file back, a changed question resolved USE_NEW', async () => {
    const page = officer;
    await page.goto(`${product.url}/console/ProposalTemplates`);
    const row = page.getByRole('row').filter({ hasText: TEMPLATE_NAME });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export ${TEMPLATE_NAME} as JSON` }).click(),
    ]);
    exported = (await download.path())!;
    expect(download.suggestedFilename()).toBe('Story_proposal.json');

    // the question changes in the editor after the export
    await page.goto(`${product.url}/console/QuestionaryEditor/${templateId}`);
    await page.getByRole('button', { name: 'Edit Is the sample hazardous?' }).click();
    const drawer = page.locator('.MuiDrawer-paper');
    await drawer.locator('#question-text').fill('Is any sample hazardous?');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('question-card-is_hazardous').getByText('Is any sample hazardous?').waitFor();

    await page.goto(`${product.url}/console/ImportTemplate`);
    await page.getByTestId('import-file').setInputFiles(exported);
    const changed = page.getByRole('row').filter({ hasText: 'is_hazardous' });
    await changed.getByRole('cell', { name: 'DIFFERENT' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'sample_mass' })
      .getByRole('cell', { name: 'SAME' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await changed.getByRole('combobox', { name: 'Conflict resolution' }).click();
    await page.getByRole('option', { name: 'USE_NEW' }).click();
    await listClosed(page);
    await check(page, 'import');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(
      (u) => /QuestionaryEditor\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${templateId}`),
    );
    // USE_NEW: the question is the file's again
    await page.getByTestId('question-card-is_hazardous').getByText('Is the sample hazardous?').waitFor();
    await page
      .getByTestId('question-card-hazard')
      .getByText(/Shown when: is_hazardous = true/)
      .waitFor();
    await check(page, 'imported');
  }, 60_000);
});
