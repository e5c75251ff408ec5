/**
 * /console/Questions, /console/ProposalStatuses and /console/ExperimentStatuses in Chromium (issue 13 items 3 and
 * 5): the question library filtered by text and type, a question edited through its registry-generated config form
 * (with a §5 message on the way), delete disabled for a placed question and refused by the server when the list was
 * stale; statuses created, edited and deleted, a default status not deletable, a status a workflow uses refused.
 * Screenshots in artifacts/screenshots/questions-*.png and statuses-*.png; axe finds no serious or critical
 * violation on the pages shown.
 */
import { DEFAULT_STATUSES, WorkflowType } from '@user-office/contracts';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from '../../../portal/test/browser/harness';
import { checkPage, field as fieldOf, newPage, officerGql, logInToConsole } from './console-steps';

let product: Product;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
  page = await newPage(product);
  page.setDefaultTimeout(10_000);
  await logInToConsole(page, product.url, 'officer');
}, 120_000);

afterAll(async () => {
  await product?.close();
});

const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
  officerGql(product)<T>(query, variables);
const check = (name: string) => checkPage(page, name);
const field = (label: string) => fieldOf(page, label);

/** The data rows of the list (not the header). */
const dataRows = () => page.locator('tbody tr');

/** Waits until the list shows this many rows (its filters apply after a pause in typing). */
async function rowCount(n: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('tbody tr').length === count, n);
}

async function confirm(): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
}

describe('/console/Questions', () => {
  const QUESTIONS = `{ getQuestions(filter: { text: "beam_width" }) { id naturalKey question config } }`;
  let questionId: string;
  let demoTemplateId: number;
  let demoTopicId: number;

  beforeAll(async () => {
    // an unplaced question of the library, and where the demo template could take it
    const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
      `mutation { createQuestion(categoryId: PROPOSAL, dataType: NUMBER_INPUT) { id } }`,
    );
    questionId = createQuestion.id;
    await gql(
      `mutation($id: String!) { updateQuestion(id: $id, naturalKey: "beam_width", question: "Beam width") { id } }`,
      { id: questionId },
    );
    const { getTemplates } = await gql<{
      getTemplates: { templateId: number; name: string; steps: { topic: { id: number } }[] }[];
    }>(
      `{ getTemplates(filter: { group: PROPOSAL_QUESTIONARY }) { templateId name steps { topic { id } } } }`,
    );
    const demo = getTemplates.find((t) => t.name === 'Demo proposal')!;
    demoTemplateId = demo.templateId;
    demoTopicId = demo.steps[0].topic.id;
  });

  it('filters by text and data type; a placed question cannot be deleted, saying where it is placed', async () => {
    await page.goto(`${product.url}/console/Questions`);
    await page.getByRole('columnheader', { name: 'Natural key' }).waitFor();
    // the proposal template's two (the ESI templates' hazard questions do not start with it)
    await page.getByPlaceholder('Search').fill('demo_hazard');
    await dataRows().filter({ hasText: 'demo_hazard_description' }).waitFor();
    await rowCount(2);
    await dataRows().filter({ hasText: 'demo_hazardous' }).waitFor();

    await page.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'BOOLEAN', exact: true }).click();
    await rowCount(1);
    const row = dataRows().filter({ hasText: 'demo_hazardous' });
    await row.getByRole('cell', { name: 'BOOLEAN', exact: true }).waitFor();
    await row.getByRole('link', { name: 'Demo proposal' }).waitFor();
    const remove = row.getByRole('button', {
      name: 'demo_hazardous cannot be deleted while it is placed on templates: Demo proposal',
    });
    expect(await remove.isDisabled()).toBe(true);
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    await check('questions-list');
  }, 30_000);

  it("edits a question through its type's config form, with the §5 message on the way", async () => {
    await page.goto(`${product.url}/console/Questions`);
    await page.getByPlaceholder('Search').fill('beam_width');
    await page.getByRole('button', { name: 'Edit beam_width' }).click();
    await page.getByRole('heading', { name: 'Question beam_width · NUMBER_INPUT' }).waitFor();
    await page.getByText('Used in: Not placed on any template').waitFor();
    await page.locator('#question-text').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Question is required').waitFor();
    await page.locator('#question-text').fill('Width of the beam');
    await page.getByRole('checkbox', { name: 'Required' }).check();
    // the units arrive after the list opens: the listbox grows and its popper may move under the click, so the
    // chosen unit's chip is what tells the choice took (a person would see it missing and pick again)
    const chip = page.locator('.MuiChip-root', { hasText: /^millimeter/ });
    for (let attempt = 0; attempt < 3 && (await chip.count()) === 0; attempt += 1) {
      await page.getByRole('combobox', { name: 'Units' }).click();
      await page
        .getByRole('option', { name: /^millimeter/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Question beam_width · NUMBER_INPUT' }).click(); // closes the list
      await chip
        .first()
        .waitFor({ timeout: 2_000 })
        .catch(() => undefined);
    }
    await chip.first().waitFor();
    await check('questions-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    await page.waitForURL(`${product.url}/console/Questions`);

    const { getQuestions } = await gql<{
      getQuestions: {
        id: string;
        question: string;
        config: { required: boolean; units: { id: string }[] };
      }[];
    }>(QUESTIONS);
    const saved = getQuestions.find((q) => q.id === questionId)!;
    expect(saved.question).toBe('Width of the beam');
    expect(saved.config.required).toBe(true);
    expect(saved.config.units.map((u) => u.id)).toEqual(['millimeter']);
  }, 30_000);

  it('a question placed since the list was read: the server refuses its deletion; unplaced, it is deleted', async () => {
    await page.goto(`${product.url}/console/Questions`);
    // the search's query (debounced) must have answered before the question is placed,
    // or the list reads the placement and the button is disabled before the click
    const searched = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('beam_width'),
    );
    await page.getByPlaceholder('Search').fill('beam_width');
    await searched;
    const remove = page.getByRole('button', { name: 'Delete beam_width' });
    await remove.waitFor();
    // placed on the demo template behind the list's back
    await gql(
      `mutation($q: String!, $t: Int!, $topic: Int!) { createQuestionTemplateRelation(questionId: $q, templateId: $t, topicId: $topic, sortOrder: 99) { templateId } }`,
      { q: questionId, t: demoTemplateId, topic: demoTopicId },
    );
    await remove.click();
    await page.getByRole('dialog').getByText('Delete the question beam_width?').waitFor();
    await confirm();
    await page
      .getByText('The question is used by templates Demo proposal: remove it from them first')
      .waitFor();
    await check('questions-delete-refused');
    // the list now knows: the button is disabled, saying why
    await page
      .getByRole('button', {
        name: 'beam_width cannot be deleted while it is placed on templates: Demo proposal',
      })
      .waitFor();

    await gql(
      `mutation($q: String!, $t: Int!) { deleteQuestionTemplateRelation(questionId: $q, templateId: $t) { templateId } }`,
      { q: questionId, t: demoTemplateId },
    );
    await page.reload();
    await page.getByPlaceholder('Search').fill('beam_width');
    await page.getByRole('button', { name: 'Delete beam_width' }).click();
    await confirm();
    await page.getByText('Question deleted').waitFor();
    await page.getByRole('cell', { name: 'beam_width', exact: true }).waitFor({ state: 'detached' });
    const { getQuestions } = await gql<{ getQuestions: { id: string }[] }>(QUESTIONS);
    expect(getQuestions).toEqual([]);
  }, 30_000);
});

describe('/console/ProposalStatuses and /console/ExperimentStatuses', () => {
  const STATUSES = `{ getStatuses(entityType: PROPOSAL) { id shortCode name description } }`;
  type Status = { id: number; shortCode: string; name: string; description: string };
  const statusOf = async (shortCode: string) =>
    (await gql<{ getStatuses: Status[] }>(STATUSES)).getStatuses.find((s) => s.shortCode === shortCode);

  it('a default status cannot be deleted; a status is created (with the messages on the way) and edited', async () => {
    await page.goto(`${product.url}/console/ProposalStatuses`);
    const draft = dataRows().filter({ hasText: 'DRAFT' });
    await draft.waitFor();
    expect(await draft.getByRole('button', { name: 'A default status cannot be deleted' }).isDisabled()).toBe(
      true,
    );
    await check('statuses-list');

    await page.getByRole('link', { name: 'Create status' }).click();
    // the contracts' messages, on save
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Short code is required').waitFor();
    await page.getByText('Name is required').waitFor();
    await field('Short code').fill('beam check');
    await field('Name').fill('Beam check');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Short code may contain upper case letters, digits and underscore only').waitFor();
    await check('statuses-create');
    await field('Short code').fill('DRAFT');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A proposal status with this short code exists').waitFor();
    await field('Short code').fill('BEAM_CHECK');
    await field('Description').fill('The beamline checks the sample holder');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Status created').waitFor();
    const row = dataRows().filter({ hasText: 'BEAM_CHECK' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Edit Beam check' }).click();
    await page.getByRole('heading', { name: 'Status BEAM_CHECK' }).waitFor();
    expect(await field('Short code').isEditable()).toBe(false);
    await page.getByText('The short code cannot be changed').waitFor();
    await field('Name').fill('Beam alignment check');
    await check('statuses-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await dataRows().filter({ hasText: 'Beam alignment check' }).waitFor();
    expect(await statusOf('BEAM_CHECK')).toMatchObject({
      name: 'Beam alignment check',
      description: 'The beamline checks the sample holder',
    });
  }, 30_000);

  it('a status a workflow uses is refused deletion with the reason; out of the workflow it is deleted', async () => {
    // the officer puts it in the default workflow with the editor's palette
    await page.goto(`${product.url}/console/ProposalWorkflowEditor/1`);
    await page.getByRole('button', { name: 'Add Beam alignment check' }).click();
    await page
      .locator('.react-flow__node')
      .filter({ has: page.getByText('Beam alignment check', { exact: true }) })
      .waitFor();

    await page.goto(`${product.url}/console/ProposalStatuses`);
    await page.getByRole('button', { name: 'Delete Beam alignment check' }).click();
    await page.getByRole('dialog').getByText('Delete the status Beam alignment check?').waitFor();
    await confirm();
    await page
      .getByText(/^The status is (used in the workflows|in use \().*Default proposal workflow/)
      .waitFor();
    await check('statuses-delete-refused');

    // out of the workflow (with the editor's remove button), it can go
    await page.goto(`${product.url}/console/ProposalWorkflowEditor/1`);
    await page
      .locator('.react-flow__node')
      .filter({ has: page.getByText('Beam alignment check', { exact: true }) })
      .click();
    await page.getByRole('button', { name: 'Remove Beam alignment check from the workflow' }).click();
    await confirm();
    await page
      .locator('.react-flow__node')
      .filter({ has: page.getByText('Beam alignment check', { exact: true }) })
      .waitFor({ state: 'detached' });
    await page.goto(`${product.url}/console/ProposalStatuses`);
    await page.getByRole('button', { name: 'Delete Beam alignment check' }).click();
    await confirm();
    await page.getByText('Status deleted').waitFor();
    await dataRows().filter({ hasText: 'BEAM_CHECK' }).waitFor({ state: 'detached' });
    expect(await statusOf('BEAM_CHECK')).toBeUndefined();
  }, 30_000);

  it('the experiment statuses (the experiment safety review feature) list their defaults, none deletable', async () => {
    await page.goto(`${product.url}/console/ExperimentStatuses`);
    const defaults = DEFAULT_STATUSES.filter((s) => s.entityType === WorkflowType.EXPERIMENT);
    for (const status of defaults) {
      const row = dataRows().filter({ hasText: status.shortCode });
      await row.getByRole('button', { name: 'A default status cannot be deleted' }).waitFor();
    }
    expect(await dataRows().count()).toBe(defaults.length);
    await check('statuses-experiment');
  }, 30_000);
});
