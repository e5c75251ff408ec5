/**
 * Browser steps of the applicant's experiment safety input (issue 29), for the stories that need them: from the
 * portal's dashboard (logged in as the PI or a co-proposer of an accepted proposal with an upcoming experiment),
 * through the ESI wizard at /ExperimentSafety/{experimentPk}, to its submission. The labels are the demo's
 * templates' (DEMO_ESI_TEMPLATE, DEMO_SAMPLE_ESI_TEMPLATE); pass others for other templates.
 */
import type { Locator, Page } from 'playwright-core';

export interface EsiAnswers {
  /** the ESI questionary's text questions: label → answer */
  esi: Record<string, string>;
  /** each sample ESI's text questions: label → answer */
  sampleEsi: Record<string, string>;
}

export const DEMO_ESI_ANSWERS: EsiAnswers = {
  esi: { 'Hazards brought to the experiment (chemicals, gases, equipment)': 'A furnace up to 600 K; argon' },
  sampleEsi: { 'Hazards of the sample': 'Lithium compound: keep dry, no water contact' },
};

/** The upcoming experiments table's row of the proposal. */
export function upcomingExperimentRow(page: Page, proposalTitle: string, experimentPk?: number): Locator {
  const table = page.getByRole('table', { name: 'Upcoming experiments' });
  // a proposal may have several upcoming experiments (the demo's and one a story scheduled): the one by its key
  if (experimentPk !== undefined) return table.getByTestId(`experiment-row-${experimentPk}`);
  return table.getByRole('row').filter({ hasText: proposalTitle });
}

/**
 * Dashboard → the "finish experiment safety form" icon of the proposal's experiment (it creates the ESI when there is
 * none) → the ESI wizard. Returns the experiment's primary key.
 */
export async function openEsiFromDashboard(
  page: Page,
  proposalTitle: string,
  experimentPk?: number,
): Promise<number> {
  await page.getByRole('heading', { name: 'Upcoming experiments' }).waitFor();
  const row = upcomingExperimentRow(page, proposalTitle, experimentPk);
  await row.getByRole('button', { name: /experiment safety form of proposal/i }).click();
  await page.waitForURL(/\/ExperimentSafety\/\d+/);
  await page.getByRole('heading', { level: 1, name: 'Experiment safety input' }).waitFor();
  await page.getByRole('list', { name: 'Samples brought to the experiment' }).waitFor();
  return Number(/\/ExperimentSafety\/(\d+)/.exec(page.url())?.[1]);
}

/** The sample's entry in the ESI's sample list. */
export function esiSample(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: 'Samples brought to the experiment' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: title, exact: true }) });
}

async function waitForSampleState(page: Page, title: string, state: 'notSelected' | 'unfinished' | 'ready') {
  await page
    .getByRole('list', { name: 'Samples brought to the experiment' })
    .locator(`li[data-state="${state}"]`)
    .filter({ has: page.getByRole('checkbox', { name: title, exact: true }) })
    .waitFor();
}

/** Selects a proposal sample for the experiment (addSampleToExperiment): it turns red. */
export async function selectEsiSample(page: Page, title: string): Promise<void> {
  await esiSample(page, title).getByRole('checkbox', { name: title, exact: true }).click();
  await waitForSampleState(page, title, 'unfinished');
}

/** Fills a selected sample's safety input in its dialog and ticks the confirming checkbox: it turns green. */
export async function fillSampleEsi(
  page: Page,
  title: string,
  answers: Record<string, string> = DEMO_ESI_ANSWERS.sampleEsi,
): Promise<void> {
  await esiSample(page, title)
    .getByRole('button', { name: `Fill in safety input of ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Safety input of ${title}` });
  await dialog.waitFor();
  for (const [label, value] of Object.entries(answers)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  // the step saved and complete (its tab ticked) before the confirmation, which the server checks
  await page
    .getByRole('alert')
    .filter({ hasText: /^Saved$/ })
    .first()
    .waitFor();
  const confirm = /I confirm the safety input of this sample/;
  // a controlled checkbox: ticked once the server accepted the confirmation
  await dialog.getByRole('checkbox', { name: confirm }).click();
  await dialog.getByRole('checkbox', { name: confirm, checked: true }).waitFor();
  // the dialog's own Close (a notification inside it may carry another)
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
  await waitForSampleState(page, title, 'ready');
}

/** Answers the ESI questionary's step (Save and continue): the wizard moves on to Review and submit. */
export async function answerEsiStep(
  page: Page,
  answers: Record<string, string> = DEMO_ESI_ANSWERS.esi,
): Promise<void> {
  for (const [label, value] of Object.entries(answers)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
}

/** Submit, confirmed: the ESI is locked, its button shows Submitted and is disabled. */
export async function submitEsi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await confirm.waitFor({ state: 'hidden' });
  const submitted = page.getByRole('button', { name: 'Submitted', exact: true });
  await submitted.waitFor();
  if (!(await submitted.isDisabled())) throw new Error('The submitted ESI’s button is not disabled');
}

export interface FillEsiOptions {
  proposalTitle: string;
  /** the experiment, when its proposal has several upcoming */
  experimentPk?: number;
  /** the two samples (default: the first two of the proposal's list) */
  samples?: [string, string];
  answers?: EsiAnswers;
  /** called at 'red-and-green' (one sample ready, the other not yet) and 'submitted', e.g. for screenshots */
  checkpoint?(name: 'red-and-green' | 'submitted'): Promise<void>;
}

/**
 * From the dashboard: the "finish experiment safety form" icon, two samples selected with their sample ESI filled
 * and confirmed, the ESI's answers, submit with confirmation; ends on the ESI with "Submitted" disabled. Returns
 * the experiment's primary key.
 */
export async function fillEsiWithTwoSamples(page: Page, options: FillEsiOptions): Promise<number> {
  const answers = options.answers ?? DEMO_ESI_ANSWERS;
  const experimentPk = await openEsiFromDashboard(page, options.proposalTitle, options.experimentPk);
  const [first, second] =
    options.samples ??
    ((await page
      .getByRole('list', { name: 'Samples brought to the experiment' })
      .getByRole('checkbox')
      .evaluateAll((boxes) =>
        boxes.slice(0, 2).map((box) => box.closest('label')?.textContent?.trim() ?? ''),
      )) as [string, string]);
  await selectEsiSample(page, first);
  await selectEsiSample(page, second);
  await fillSampleEsi(page, first, answers.sampleEsi);
  await options.checkpoint?.('red-and-green');
  await fillSampleEsi(page, second, answers.sampleEsi);
  await answerEsiStep(page, answers.esi);
  await submitEsi(page);
  await options.checkpoint?.('submitted');
  return experimentPk;
}
