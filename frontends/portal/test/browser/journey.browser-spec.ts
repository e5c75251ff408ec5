import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { logIn, screenshot, seriousViolations, startProduct, type Product } from './harness';

/** A one-page PDF, for the file upload question. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
}

/** Picks options of a (multiple) select by its label, then closes the list. */
async function chooseOptions(page: Page, label: string, options: string[]): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/** The number and interval questions each take a unit: the first offered one. */
async function chooseUnits(page: Page): Promise<void> {
  const units = page.getByRole('combobox', { name: 'Unit' });
  for (let i = 0; i < (await units.count()); i++) {
    await units.nth(i).click();
    await page.getByRole('option').first().click();
  }
}

describe('the applicant journey in Chromium (issue 6): log in, propose with every question type, submit', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  }, 120_000);
  afterAll(() => product?.close());

  it('a seeded applicant creates, answers, invites, submits and downloads; the co-proposer sees it', async () => {
    const page = await (await product.context()).newPage();
    await logIn(page, product.url, 'applicant');
    await page.getByRole('heading', { name: 'My proposals' }).waitFor();
    await screenshot(page, '10-dashboard-empty');
    await expectAccessible(page, 'dashboard');

    // the open calls, then the DEMO call
    await page.getByRole('link', { name: 'New Proposal' }).first().click();
    await page.waitForURL(/\/ProposalSelectType$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, '11-select-call');
    await expectAccessible(page, 'select call');
    await page
      .getByRole('button', { name: /Create a proposal in/ })
      .first()
      .click();
    await page.waitForURL(/\/ProposalCreate\/\d+\/\d+$/);

    // the proposal step: title, abstract, a co-proposer by e-mail
    await page.getByLabel('Proposal Title').fill('Magnetic order in a layered crystal');
    await page
      .getByLabel('Proposal Abstract')
      .fill('We will map the magnetic structure with polarised neutrons.');
    await page.getByRole('button', { name: 'Add co-proposers' }).click();
    const picker = page.getByRole('dialog', { name: 'Add people to proposal' });
    await picker.waitFor();
    await picker.getByLabel('E-mail').fill('nobody@example.org');
    await picker.getByRole('button', { name: 'Find' }).click();
    await picker.getByText('We cannot find that email').waitFor();
    await picker.getByLabel('E-mail').fill('carl.coproposer@example.org');
    await picker.getByRole('button', { name: 'Find' }).click();
    await screenshot(page, '12-people-picker');
    await expectAccessible(page, 'people picker');
    await picker.getByRole('button', { name: /^Add/ }).last().click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByText('Carl').first().waitFor();
    await screenshot(page, '13-proposal-step');
    await expectAccessible(page, 'proposal step');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/ProposalEdit\/\d+/);
    await page.getByRole('heading', { level: 1, name: 'Magnetic order in a layered crystal' }).waitFor();
    const proposalPk = Number(/\/ProposalEdit\/(\d+)/.exec(page.url())?.[1]);
    expect(proposalPk).toBeGreaterThan(0);
    await page.getByLabel('Scientific aim (one or two sentences)').waitFor();
    await screenshot(page, '14-science-step');
    await expectAccessible(page, 'science step');

    // a validation message: the required aim is blank
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('This is a required field').first().waitFor();
    await screenshot(page, '15-validation-message');

    // every question type of the science step
    await page.getByLabel('Scientific aim (one or two sentences)').fill('Determine the magnetic structure.');
    await page.getByLabel('Scientific background and motivation').fill('Layered magnets order in odd ways.');
    await page.getByRole('radio', { name: 'Physics' }).check();
    await chooseOptions(page, 'Methods you plan to use', ['Diffraction', 'Imaging']);
    await chooseOptions(page, 'Facilities you have used before', ['ISIS']);
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('plan.pdf').waitFor();
    // a sub-template entry with its own wizard
    await page.getByRole('button', { name: 'Add a publication' }).click();
    const entry = page.getByRole('dialog');
    await entry.getByLabel('Title').fill('Our earlier paper');
    await entry.getByRole('button', { name: 'Create' }).click();
    await entry
      .getByLabel('Reference (authors, title, journal, year or DOI)')
      .fill('A. Applicant, Nature 1 (2020)');
    await screenshot(page, '16-sub-template-entry');
    await entry.getByRole('button', { name: 'Save and continue' }).click();
    await entry.waitFor({ state: 'hidden' });
    await page.getByText('Our earlier paper').waitFor();
    await screenshot(page, '17-science-step-answered');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // the practicalities step: date, number with unit, interval, boolean with a dependent question, samples
    await page.getByLabel('Earliest date you could come').waitFor();
    expect(await page.getByLabel('Describe the hazard').count()).toBe(0);
    await page.getByLabel('Earliest date you could come').fill('2027-03-01');
    await page.getByLabel('Sample thickness').fill('2');
    const interval = page.getByRole('group', { name: 'Temperature range of the measurement' });
    await interval.getByLabel('Min').fill('4');
    await interval.getByLabel('Max').fill('300');
    await chooseUnits(page);
    await page.getByRole('checkbox', { name: 'Hazardous material?' }).check();
    await page.getByLabel('Describe the hazard').fill('A little beryllium.');
    await page.getByRole('button', { name: 'Add a sample' }).click();
    const sample = page.getByRole('dialog');
    await sample.getByLabel('Title').fill('Crystal A');
    await sample.getByRole('button', { name: 'Create' }).click();
    await sample.getByLabel('Chemical formula').fill('Fe3O4');
    await sample.getByRole('button', { name: 'Save and continue' }).click();
    await sample.waitFor({ state: 'hidden' });
    await page.getByText('Crystal A').waitFor();
    await screenshot(page, '18-practicalities-step');
    await expectAccessible(page, 'practicalities step');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // the review step: submit, the call's submission message, the PDF
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await screenshot(page, '19-review-step');
    await expectAccessible(page, 'review step');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page
      .getByText(/Thank you/)
      .first()
      .waitFor();
    await screenshot(page, '20-submitted');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // My proposals shows it submitted
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('cell', { name: 'Magnetic order in a layered crystal' }).waitFor();
    await screenshot(page, '21-dashboard-submitted');

    // the co-proposer sees it under My proposals
    const carl = await (await product.context()).newPage();
    await logIn(carl, product.url, 'coproposer');
    await carl.getByRole('cell', { name: 'Magnetic order in a layered crystal' }).waitFor();
    await screenshot(carl, '22-coproposer-dashboard');
  }, 300_000);
});
