/**
 * The console's template editors in Chromium (issue 13): an officer creates a proposal template from the list, adds a
 * second topic, creates a number question with a unit and a boolean question, makes a third question depend on the
 * boolean, moves a question to the other topic with the keyboard (@dnd-kit), sees the dependent question appear in
 * the preview only when the boolean is ticked, and marks the template active. Screenshots in
 * artifacts/screenshots/editors-*.png; axe finds no serious or critical violation on the pages shown.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OFFICER } from '../../../../services/api/test/support/test-app';
import {
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { newPage as openPage, logInToConsole } from './console-steps';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
}, 120_000);

afterAll(async () => {
  await product?.close();
});

const newPage = (): Promise<Page> => openPage(product);

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

const TEMPLATE = `query($id: Int!) { getTemplate(templateId: $id) { steps { topic { id title } fields { question { naturalKey } dependencies { dependencyNaturalKey condition { condition params } } } } } getActiveTemplateId(templateGroupId: PROPOSAL_QUESTIONARY) }`;

interface Steps {
  getTemplate: {
    steps: {
      topic: { id: number; title: string };
      fields: { question: { naturalKey: string }; dependencies: { dependencyNaturalKey: string }[] }[];
    }[];
  };
  getActiveTemplateId: number | null;
}

/** Creates a question of a type in the selected topic and fills its key and text in the drawer. */
async function createQuestion(page: Page, dataType: string, naturalKey: string, text: string) {
  await page.getByRole('button', { name: 'Create question' }).click();
  await page.getByRole('menuitem', { name: dataType, exact: true }).click();
  const drawer = page.locator('.MuiDrawer-paper');
  await drawer.getByLabel('Natural key').fill(naturalKey);
  await drawer.getByLabel('Question', { exact: false }).first().waitFor();
  await drawer.locator('#question-text').fill(text);
  return drawer;
}

it('an officer builds a proposal template with two topics, a unit, a dependency and a keyboard move, and marks it active', async () => {
  const page = await newPage();
  await logInToConsole(page, product.url, 'officer');
  await page.goto(`${product.url}/console/ProposalTemplates`);
  await page.getByRole('button', { name: 'Create template' }).click();
  const create = page.getByRole('dialog', { name: 'Create template' });
  await create.getByRole('button', { name: 'Create template' }).click();
  await create.getByText('Name is required').waitFor();
  await create.getByLabel('Name').fill('Beamline proposal');
  await create.getByLabel('Description').fill('Made in the browser test');
  await create.getByRole('button', { name: 'Create template' }).click();
  await page.waitForURL(/\/console\/QuestionaryEditor\/\d+$/);
  const templateId = Number(/QuestionaryEditor\/(\d+)/.exec(page.url())![1]);

  // two topics
  await page.getByTestId('topic-0').waitFor();
  await page.getByRole('button', { name: 'Add topic' }).click();
  await page.getByTestId('topic-1').waitFor();
  await page
    .getByRole('button', { name: /^Rename topic/ })
    .nth(1)
    .click();
  const title = page.getByLabel('Topic title');
  await title.fill('Sample');
  await title.press('Enter');
  await page.getByRole('heading', { name: 'Sample', exact: true }).waitFor();

  // a number question with a unit, with the §5 natural key message on the way
  await page.getByTestId('topic-0').click({ position: { x: 10, y: 10 } });
  let drawer = await createQuestion(page, 'NUMBER_INPUT', 'temperature', 'Sample temperature');
  await drawer.getByLabel('Natural key').fill('bad key!');
  await drawer.getByText('You can use letters, numbers and underscore').waitFor();
  await drawer.getByLabel('Natural key').fill('temperature');
  await drawer.getByText('You can use letters, numbers and underscore').waitFor({ state: 'detached' });
  await drawer.getByRole('combobox', { name: 'Units' }).click();
  await page
    .getByRole('option', { name: /kelvin/i })
    .first()
    .click();
  // closes the list of units (Escape would close the drawer)
  await drawer.getByRole('heading', { name: /^Question/ }).click();
  await screenshot(page, 'editors-question-drawer');
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('question-card-temperature').waitFor();

  drawer = await createQuestion(page, 'BOOLEAN', 'has_sample', 'Do you bring a sample?');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('question-card-has_sample').waitFor();

  drawer = await createQuestion(page, 'TEXT_INPUT', 'sample_name', 'Sample name');
  await drawer.getByRole('button', { name: 'Add dependency' }).click();
  await drawer.getByRole('combobox', { name: 'Depends on' }).waitFor();
  await screenshot(page, 'editors-dependency');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await page
    .getByTestId('question-card-sample_name')
    .getByText(/Shown when: has_sample = true/)
    .waitFor();

  // the preview: the dependent question shows only once the boolean is ticked
  const preview = page.getByRole('region', { name: /^Preview of/ });
  await preview.getByTestId('preview-has_sample').waitFor();
  expect(await preview.getByTestId('preview-sample_name').count()).toBe(0);
  await preview.getByTestId('preview-has_sample').getByRole('checkbox').check();
  await preview.getByTestId('preview-sample_name').waitFor();

  // keyboard drag and drop: the number question to the other topic
  const handle = page.getByRole('button', { name: 'Drag Sample temperature' });
  await handle.focus();
  // @dnd-kit's keyboard sensor measures the droppables after each key: give it a frame or two
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await page.getByTestId('topic-1').getByTestId('question-card-temperature').waitFor();

  await page.getByRole('button', { name: 'Mark active' }).click();
  await page.getByText('Active', { exact: true }).first().waitFor();
  await screenshot(page, 'editors-questionary-editor');
  await expectAccessible(page);

  const saved = (await product.t.gql<Steps>(TEMPLATE, { id: templateId }, product.t.token(OFFICER))).data!;
  expect(saved.getActiveTemplateId).toBe(templateId);
  expect(saved.getTemplate.steps.map((s) => s.topic.title)).toEqual(['New topic', 'Sample']);
  expect(saved.getTemplate.steps[1].fields.map((f) => f.question.naturalKey)).toEqual(['temperature']);
  const dependent = saved.getTemplate.steps[0].fields.find((f) => f.question.naturalKey === 'sample_name');
  expect(dependent?.dependencies.map((d) => d.dependencyNaturalKey)).toEqual(['has_sample']);

  // the list: active marker, counts, archived hidden by default
  await page.goto(`${product.url}/console/ProposalTemplates`);
  const row = page.getByRole('row').filter({ hasText: 'Beamline proposal' });
  await row.getByText('Active').waitFor();
  await screenshot(page, 'editors-template-list');
  await expectAccessible(page);

  // delete is refused while the template is in use (the seeded demo template is the DEMO call's)
  const demo = page.getByRole('row').filter({ hasText: 'Demo proposal' });
  await demo.getByRole('button', { name: 'Delete Demo proposal' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm|yes|ok/i })
    .click();
  // (the call DEMO and the questionaries of its submitted demo proposals)
  await page.getByText(/The template is in use \(.*1 calls.*\): archive it instead/).waitFor();

  // export, change a question on the server, import back: DIFFERENT, refused until resolved, USE_NEW
  const token = product.t.token(OFFICER);
  const json = (
    await product.t.gql<{ getTemplateAsJson: string }>(
      `query($id: Int!) { getTemplateAsJson(templateId: $id) }`,
      { id: templateId },
      token,
    )
  ).data!.getTemplateAsJson;
  const file = join(mkdtempSync(join(tmpdir(), 'editors-')), 'template.json');
  writeFileSync(file, json);
  const questionId = (
    await product.t.gql<{ getQuestions: { id: string; naturalKey: string }[] }>(
      `{ getQuestions(filter: { text: "has_sample" }) { id naturalKey } }`,
      {},
      token,
    )
  ).data!.getQuestions.find((q) => q.naturalKey === 'has_sample')!.id;
  await product.t.gql(
    `mutation($id: String!) { updateQuestion(id: $id, question: "Do you bring samples?") { id } }`,
    { id: questionId },
    token,
  );

  await page.goto(`${product.url}/console/ImportTemplate`);
  await page.locator('h1', { hasText: 'Import template' }).waitFor();
  await page.getByTestId('import-file').setInputFiles(file);
  const different = page.getByRole('row').filter({ hasText: 'has_sample' });
  await different.getByRole('cell', { name: 'DIFFERENT' }).waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: 'temperature' })
    .getByRole('cell', { name: 'SAME' })
    .waitFor();
  await page.getByText('Choose USE_EXISTING or USE_NEW for 1 question(s) before importing').waitFor();
  expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
  await screenshot(page, 'editors-import');
  await expectAccessible(page);
  await different.getByRole('combobox', { name: 'Conflict resolution' }).click();
  await page.getByRole('option', { name: 'USE_NEW' }).click();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.waitForURL(
    (u) => /QuestionaryEditor\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${templateId}`),
  );
  await page.getByTestId('question-card-has_sample').getByText('Do you bring a sample?').waitFor();
}, 180_000);
