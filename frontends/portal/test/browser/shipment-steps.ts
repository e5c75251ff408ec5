/**
 * Browser steps of the applicant's shipment declaration (issue 30), for the stories that need them: the PI (or a
 * co-proposer) of an accepted proposal opens /DeclareShipments/{experimentPk}, creates a shipment, declares its
 * samples and answers in the wizard, submits it and downloads its label. The labels are the demo's template's
 * (DEMO_SHIPMENT_TEMPLATE); pass others for other templates.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';

/** The demo shipment declaration's text questions: label → answer. */
export const DEMO_SHIPMENT_ANSWERS: Record<string, string> = {
  'Packaging and storage conditions': 'Pellet and powder in argon-filled vials, padded box, keep dry',
};

const escaped = (label: string) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a field by its label (a required one's ends with " *") */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escaped(label)}(\\s*\\*)?$`));

/** Opens the experiment's shipments page (the upcoming experiments' "declare shipments" icon leads there). */
export async function openDeclareShipments(page: Page, url: string, experimentPk: number): Promise<void> {
  await page.goto(`${url}/DeclareShipments/${experimentPk}`);
  await page.getByRole('heading', { level: 1, name: 'Declare shipments' }).waitFor();
  await page.getByRole('heading', { name: 'New shipment' }).waitFor();
}

/** Creates a shipment refused by the server: returns the message shown under the title. */
export async function createShipmentRefused(page: Page, title: string): Promise<string> {
  await field(page, 'Shipment title').fill(title);
  await page.getByRole('button', { name: 'Create shipment' }).click();
  const helper = page.locator('form[aria-label="New shipment"] .MuiFormHelperText-root.Mui-error');
  await helper.waitFor();
  return (await helper.textContent()) ?? '';
}

/** Creates a shipment: its declaration opens (`?shipment=` in the address). Returns the shipment's id. */
export async function createShipment(page: Page, title: string): Promise<number> {
  await field(page, 'Shipment title').fill(title);
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await page.waitForURL(/[?&]shipment=\d+/);
  await page.getByRole('heading', { name: `Shipment declaration: ${title}` }).waitFor();
  await page.getByRole('list', { name: 'Samples in this shipment' }).waitFor();
  return Number(/[?&]shipment=(\d+)/.exec(page.url())?.[1]);
}

/** Ticks the samples in the basis step, answers its questions, Save and continue: the review step shows. */
export async function declareSamples(
  page: Page,
  samples: readonly string[],
  answers: Record<string, string> = DEMO_SHIPMENT_ANSWERS,
): Promise<void> {
  const list = page.getByRole('list', { name: 'Samples in this shipment' });
  for (const title of samples) await list.getByRole('checkbox', { name: title, exact: true }).check();
  for (const [label, value] of Object.entries(answers)) await field(page, label).fill(value);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
  // the review lists the samples the server saved
  for (const title of samples)
    await page
      .getByRole('list', { name: 'Samples in this shipment' })
      .getByText(title, { exact: true })
      .waitFor();
}

/** Submit, confirmed: the shipment is locked, its button shows Submitted and is disabled. */
export async function submitShipment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await confirm.waitFor({ state: 'hidden' });
  const submitted = page.getByRole('button', { name: 'Submitted', exact: true });
  await submitted.waitFor();
  if (!(await submitted.isDisabled())) throw new Error('The submitted shipment’s button is not disabled');
  await page.getByText('This shipment is submitted and can no longer be changed.').waitFor();
}

/** The text of a PDF (pdf-parse), whitespace collapsed. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Download shipment label (the review step's button): the file's name and its text. */
export async function downloadLabel(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download shipment label', exact: true }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await pdfText(await readFile(path)) };
}

export interface DeclareShipmentOptions {
  url: string;
  experimentPk: number;
  title: string;
  /** the samples of the proposal to ship */
  samples: readonly string[];
  answers?: Record<string, string>;
  /** called at 'created', 'declared' (the review) and 'submitted', e.g. for screenshots */
  checkpoint?(name: 'created' | 'declared' | 'submitted'): Promise<void>;
}

/**
 * The experiment's shipments page → a new shipment → its samples and answers → submitted with confirmation → its
 * label downloaded. Returns the shipment's id and the label's file name and text.
 */
export async function declareShipment(
  page: Page,
  options: DeclareShipmentOptions,
): Promise<{ shipmentId: number; label: { name: string; text: string } }> {
  await openDeclareShipments(page, options.url, options.experimentPk);
  const shipmentId = await createShipment(page, options.title);
  await options.checkpoint?.('created');
  await declareSamples(page, options.samples, options.answers);
  await options.checkpoint?.('declared');
  await submitShipment(page);
  await options.checkpoint?.('submitted');
  return { shipmentId, label: await downloadLabel(page) };
}
