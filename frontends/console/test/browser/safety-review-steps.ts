/**
 * Steps of the experiment safety review in the console (issue 29), for the stories that use it: open an ESI from
 * the queue, set the experiment's risk level, decide as the instrument scientist or as the safety reviewer,
 * request changes. Each command step returns what the page answered ("Saved" or the server's refusal) rather
 * than failing on a refusal, so a story can assert either; the page must be signed in to the console with a role
 * that may use the form (officer, scientist, safety reviewer).
 */
import type { Locator, Page } from 'playwright-core';

export type SafetyDecision = 'ACCEPTED' | 'REJECTED' | 'UNSET';
export type RiskLevel = 'LOW_RISK' | 'ELEVATED_RISK' | 'HIGH_RISK' | 'PENDING_EVALUATION';

/** What a command of the review page answered: success ("Saved") or an error with the server's message. */
export interface SafetyOutcome {
  outcome: 'success' | 'error';
  message: string;
}

const DECISION_LABELS: Record<SafetyDecision, string> = {
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  UNSET: 'Not decided',
};

const RISK_LABELS: Record<RiskLevel, string> = {
  LOW_RISK: 'Low risk',
  ELEVATED_RISK: 'Elevated risk',
  HIGH_RISK: 'High risk',
  PENDING_EVALUATION: 'Pending evaluation',
};

/**
 * The queue (`/console/ExperimentSafetyReview`, every submitted ESI: "All") and the review page of the proposal's
 * experiment opened from its row (the ESI's first row for that title). Returns the page's experimentSafetyPk.
 */
export async function openSafetyReview(page: Page, proposalTitle: string): Promise<number> {
  // inside the console the menu's entry (no page load); else the address
  const menu = page.getByRole('menuitem', { name: 'Experiment Safety', exact: true });
  if (new URL(page.url()).pathname.startsWith('/console/') && (await menu.count()) > 0) await menu.click();
  else await page.goto(`${new URL(page.url()).origin}/console/ExperimentSafetyReview`);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('show') === 'all');
  const row = page.getByRole('row').filter({ hasText: proposalTitle }).first();
  await row.getByRole('link', { name: /^Review the safety input/ }).click();
  await page.waitForURL(/\/console\/ExperimentSafetyReview\/\d+/);
  await page.getByTestId('esi-answers').waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Clicks a command's button and waits for its answer beside it. */
async function answerOf(page: Page, button: Locator): Promise<SafetyOutcome> {
  const last = page.getByTestId('safety-outcome');
  const before = (await last.count()) > 0 ? await last.getAttribute('data-seq') : null;
  await button.click();
  const outcome = page.locator(
    before === null
      ? '[data-testid="safety-outcome"]'
      : `[data-testid="safety-outcome"]:not([data-seq="${before}"])`,
  );
  await outcome.waitFor();
  return {
    outcome: (await outcome.getAttribute('data-outcome')) as SafetyOutcome['outcome'],
    message: ((await outcome.textContent()) ?? '').replace(/Reload$/, '').trim(),
  };
}

/** On the open review page: one reviewer's decision with its comment. */
async function decide(
  page: Page,
  kind: 'scientist' | 'reviewer',
  decision: SafetyDecision,
  comment: string,
): Promise<SafetyOutcome> {
  const section = page.getByTestId(`${kind}-decision`);
  await section.getByRole('radio', { name: DECISION_LABELS[decision], exact: true }).check();
  await section.getByRole('textbox').fill(comment);
  return answerOf(page, section.getByRole('button', { name: /^Submit the/ }));
}

/** On the open review page: the experiment's risk level. */
export async function setExperimentRiskLevel(page: Page, level: RiskLevel): Promise<SafetyOutcome> {
  const section = page.getByTestId('risk-level');
  await section.getByRole('combobox', { name: 'Risk level of the experiment' }).click();
  await page.getByRole('option', { name: RISK_LABELS[level], exact: true }).click();
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  return answerOf(page, section.getByRole('button', { name: 'Save risk level' }));
}

/**
 * As the experiment's instrument scientist (or an officer): opens the proposal's ESI from the queue and sends the
 * instrument scientist's decision.
 */
export async function decideAsScientist(
  page: Page,
  { proposalTitle, decision, comment }: { proposalTitle: string; decision: SafetyDecision; comment: string },
): Promise<SafetyOutcome> {
  await openSafetyReview(page, proposalTitle);
  return decide(page, 'scientist', decision, comment);
}

/**
 * As a safety reviewer (or an officer): opens the proposal's ESI from the queue, sets the experiment's risk level
 * when given, and sends the safety reviewer's decision (the server refuses it before the scientist accepted).
 */
export async function decideAsSafetyReviewer(
  page: Page,
  {
    proposalTitle,
    decision,
    comment,
    riskLevel,
  }: { proposalTitle: string; decision: SafetyDecision; comment: string; riskLevel?: RiskLevel },
): Promise<SafetyOutcome> {
  await openSafetyReview(page, proposalTitle);
  if (riskLevel) {
    const risk = await setExperimentRiskLevel(page, riskLevel);
    if (risk.outcome !== 'success') return risk;
  }
  return decide(page, 'reviewer', decision, comment);
}

/** As either reviewer (or an officer): reopens the proposal's ESI to its applicant with a question. */
export async function requestChanges(
  page: Page,
  { proposalTitle, comment }: { proposalTitle: string; comment: string },
): Promise<SafetyOutcome> {
  await openSafetyReview(page, proposalTitle);
  const section = page.getByTestId('request-changes');
  await section.getByRole('textbox').fill(comment);
  return answerOf(page, section.getByRole('button', { name: 'Request changes' }));
}
