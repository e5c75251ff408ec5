/**
 * Browser steps of the applicant's feedback on a completed experiment (issue 30), for the stories that need them:
 * /CreateFeedback/{experimentPk} (it starts the feedback, then goes on to /UpdateFeedback/{feedbackId}), the
 * feedback wizard, its submission. The labels are the demo's feedback template's (DEMO_FEEDBACK_TEMPLATE); pass
 * others for other templates.
 */
import type { Page } from 'playwright-core';

export interface FeedbackAnswers {
  /** radio questions: question → the option chosen */
  choices: Record<string, string>;
  /** text questions: label → answer */
  texts: Record<string, string>;
}

export const DEMO_FEEDBACK_ANSWERS: FeedbackAnswers = {
  choices: { 'How did the experiment go?': 'Very well' },
  texts: { 'What could the facility do better?': 'More beam time, and a kettle in the D22 cabin.' },
};

/**
 * Opens /CreateFeedback/{experimentPk} as the signed-in user (a proposer of the completed experiment): the page starts
 * the feedback on first use and goes on to /UpdateFeedback/{feedbackId}. Returns the feedback id.
 */
export async function openFeedback(page: Page, url: string, experimentPk: number): Promise<number> {
  await page.goto(`${url}/CreateFeedback/${experimentPk}`);
  await page.waitForURL(/\/UpdateFeedback\/\d+/);
  await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
  // the wizard's first step is shown (its form is named after its topic)
  await page
    .getByRole('button', { name: /^(Save and continue|Next)$/ })
    .first()
    .waitFor();
  return Number(/\/UpdateFeedback\/(\d+)/.exec(page.url())?.[1]);
}

/** Answers the feedback's step (Save and continue): the wizard moves on to Review and submit. */
export async function answerFeedbackStep(
  page: Page,
  answers: FeedbackAnswers = DEMO_FEEDBACK_ANSWERS,
): Promise<void> {
  for (const [question, option] of Object.entries(answers.choices))
    await page
      .getByRole('radiogroup', { name: question })
      .getByRole('radio', { name: option, exact: true })
      .check();
  for (const [label, value] of Object.entries(answers.texts)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
}

/** Submit, confirmed: the feedback is SUBMITTED, read-only; its button shows Submitted and is disabled. */
export async function submitFeedback(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await confirm.waitFor({ state: 'hidden' });
  const submitted = page.getByRole('button', { name: 'Submitted', exact: true });
  await submitted.waitFor();
  if (!(await submitted.isDisabled())) throw new Error('The submitted feedback’s button is not disabled');
  await page.getByText('Your feedback has been submitted and can no longer be changed.').waitFor();
}

export interface GiveFeedbackOptions {
  experimentPk: number;
  answers?: FeedbackAnswers;
  /** called at 'wizard' (the first step shown), 'review' (answers saved) and 'submitted', e.g. for screenshots */
  checkpoint?(name: 'wizard' | 'review' | 'submitted'): Promise<void>;
}

/**
 * Signed in as a proposer of a completed experiment: /CreateFeedback/{experimentPk}, the wizard's answers, submit
 * with confirmation; ends read-only with "Submitted" disabled. Returns the feedback id.
 */
export async function giveFeedback(page: Page, url: string, options: GiveFeedbackOptions): Promise<number> {
  const feedbackId = await openFeedback(page, url, options.experimentPk);
  await options.checkpoint?.('wizard');
  await answerFeedbackStep(page, options.answers ?? DEMO_FEEDBACK_ANSWERS);
  await options.checkpoint?.('review');
  await submitFeedback(page);
  await options.checkpoint?.('submitted');
  return feedbackId;
}
