/**
 * Browser steps of visits and visit registrations (issue 30), for the stories that need them. In the portal (logged
 * in as a member of an accepted proposal with an upcoming experiment): the "define visit team" dialog from the
 * upcoming experiments table, and each visitor's own registration (the visit registration wizard in its dialog:
 * the VISIT_BASIS dates, the demo template's question, submit with confirmation, "Submit changes" after the user
 * office sent it back). In the console (logged in as an officer): the Visit Registrations list, where registrations
 * are approved or sent back one at a time or as a selection. Each step waits for what the server answered, shown on
 * the page.
 */
import type { Locator, Page } from 'playwright-core';
import { upcomingExperimentRow } from './esi-steps';
import { clickUntilAt } from './harness';

/** An experiment action icon's state, as the table marks it (`data-state`). */
export type IconState = 'active' | 'neutral' | 'pending' | 'completed' | 'cancelled' | 'inactive';

const DEFINE_VISIT = /visit team of proposal/i;
const REGISTER_VISIT = /visit registration for proposal|register your visit for proposal/i;

/** The row's "define visit team" icon button. */
export function defineVisitIcon(page: Page, proposalTitle: string): Locator {
  return upcomingExperimentRow(page, proposalTitle).getByRole('button', { name: DEFINE_VISIT });
}

/** The row's "register own visit" icon button. */
export function registerVisitIcon(page: Page, proposalTitle: string): Locator {
  return upcomingExperimentRow(page, proposalTitle).getByRole('button', { name: REGISTER_VISIT });
}

/** Waits until the icon shows the state (the table reloads after each command). */
export async function waitForIconState(icon: Locator, state: IconState): Promise<void> {
  await icon.and(icon.page().locator(`[data-state="${state}"]`)).waitFor();
}

/** The visit team dialog of the proposal's experiment, opened from the dashboard. */
async function openVisitTeam(page: Page, proposalTitle: string): Promise<Locator> {
  await page.getByRole('heading', { name: 'Upcoming experiments' }).waitFor();
  await defineVisitIcon(page, proposalTitle).click();
  const dialog = page.getByRole('dialog', { name: /^Visit team of proposal/ });
  await dialog.waitFor();
  return dialog;
}

/**
 * Saves the visit team dialog as it is and returns the §5 messages it shows ("Please add visitors", "Please select
 * the team lead", …); the dialog stays open.
 */
export async function visitTeamMessages(dialog: Locator): Promise<string[]> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.locator('.Mui-error.MuiFormHelperText-root').first().waitFor();
  return (await dialog.locator('.Mui-error.MuiFormHelperText-root').allTextContents()).map((t) => t.trim());
}

export interface DefineVisitTeam {
  proposalTitle: string;
  /** the visitors' names as the dialog lists them ("Alice Applicant") */
  visitors: string[];
  /** one of them */
  teamLead: string;
  /** before choosing anyone: called with the §5 messages an empty team gets, e.g. to check them */
  onEmptyTeam?(messages: string[], dialog: Locator): Promise<void>;
}

/**
 * The PI or a co-proposer defines the visit team: the "define visit team" icon, the visitors ticked, the team lead
 * chosen, Save; waits for "Visit created" (or "Visit updated") and the icon turning completed. Returns the message.
 */
export async function defineVisitTeam(page: Page, input: DefineVisitTeam): Promise<string> {
  const dialog = await openVisitTeam(page, input.proposalTitle);
  if (input.onEmptyTeam) await input.onEmptyTeam(await visitTeamMessages(dialog), dialog);
  for (const name of input.visitors) {
    const box = dialog.getByRole('checkbox', { name, exact: true });
    if (!(await box.isChecked())) await box.click();
  }
  await dialog.getByRole('combobox', { name: 'Team lead' }).click();
  await page.getByRole('option', { name: input.teamLead, exact: true }).click();
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const notice = page
    .getByRole('alert')
    .filter({ hasText: /^Visit (created|updated)$/ })
    .first();
  await notice.waitFor();
  const message = (await notice.textContent())?.trim() ?? '';
  await waitForIconState(defineVisitIcon(page, input.proposalTitle), 'completed');
  return message;
}

/** The caller's visit registration dialog of the proposal's experiment, opened from the dashboard. */
export async function openVisitRegistration(page: Page, proposalTitle: string): Promise<Locator> {
  await page.getByRole('heading', { name: 'Upcoming experiments' }).waitFor();
  await registerVisitIcon(page, proposalTitle).click();
  const dialog = page.getByRole('dialog', { name: /^Visit registration for proposal/ });
  await dialog.waitFor();
  return dialog;
}

export interface VisitRegistrationInput {
  /** "2026-12-24" (a date input's value) */
  startsAt: string;
  endsAt: string;
  /** the template's text questions: label → answer */
  answers?: Record<string, string>;
}

/** The registration's first step: the dates and the answers, Save and continue; the wizard moves to the review. */
export async function answerVisitRegistration(dialog: Locator, input: VisitRegistrationInput): Promise<void> {
  await dialog.getByLabel(/^Visit start date/).fill(input.startsAt);
  await dialog.getByLabel(/^Visit end date/).fill(input.endsAt);
  for (const [label, value] of Object.entries(input.answers ?? {}))
    await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  await dialog.getByRole('button', { name: /^Submit( changes)?$/ }).waitFor();
}

/** Submits from the review step (its button named `label`), confirmed: then it shows Submitted, disabled. */
export async function submitVisitRegistration(
  dialog: Locator,
  label: 'Submit' | 'Submit changes' = 'Submit',
): Promise<void> {
  const page = dialog.page();
  await dialog.getByRole('button', { name: label, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await confirm.waitFor({ state: 'hidden' });
  const submitted = dialog.getByRole('button', { name: 'Submitted', exact: true });
  await submitted.waitFor();
  if (!(await submitted.isDisabled())) throw new Error('The submitted registration’s button is not disabled');
}

/** Closes the registration dialog (its own Close). */
export async function closeVisitRegistration(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The demo visit registration template's text question (DEMO_VISIT_REGISTRATION_TEMPLATE). */
export const DEMO_ACCOMMODATION = 'Accommodation needs (guest house nights, none)';

export interface RegisterVisit extends VisitRegistrationInput {
  proposalTitle: string;
  /** called with the dialog open on the submitted registration, e.g. for a screenshot */
  checkpoint?(dialog: Locator): Promise<void>;
}

/**
 * A visitor registers their own visit: the "register own visit" icon (active), the wizard's dates and answers,
 * Submit with confirmation; the dialog closed, the icon is pending.
 */
export async function registerOwnVisit(page: Page, input: RegisterVisit): Promise<void> {
  const dialog = await openVisitRegistration(page, input.proposalTitle);
  await answerVisitRegistration(dialog, input);
  await submitVisitRegistration(dialog, 'Submit');
  await input.checkpoint?.(dialog);
  await closeVisitRegistration(dialog);
  await waitForIconState(registerVisitIcon(page, input.proposalTitle), 'pending');
}

/**
 * After the user office asked for changes (the icon is active again): the dialog says so, the first step is changed
 * and saved, then "Submit changes" with confirmation; the icon is pending again.
 */
export async function resubmitVisitRegistration(
  page: Page,
  input: RegisterVisit & { onChangesRequested?(dialog: Locator): Promise<void> },
): Promise<void> {
  await waitForIconState(registerVisitIcon(page, input.proposalTitle), 'active');
  const dialog = await openVisitRegistration(page, input.proposalTitle);
  await dialog.getByText(/The user office asked for changes/).waitFor();
  await input.onChangesRequested?.(dialog);
  // back to the dates' step (every step is complete: the wizard opened on the review, one step after them)
  await dialog.getByRole('button', { name: 'Submit changes', exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Back', exact: true }).click();
  await dialog.getByLabel(/^Visit start date/).waitFor();
  await answerVisitRegistration(dialog, input);
  await submitVisitRegistration(dialog, 'Submit changes');
  await input.checkpoint?.(dialog);
  await closeVisitRegistration(dialog);
  await waitForIconState(registerVisitIcon(page, input.proposalTitle), 'pending');
}

// ---- the console: the user office's visit registrations ----

/** Opens Visit Registrations from the officer's menu, on the status filter (Submitted when left out). */
export async function openVisitRegistrations(page: Page, status?: string): Promise<void> {
  await clickUntilAt(page, page.getByRole('menuitem', { name: 'Visit Registrations', exact: true }), (u) =>
    u.pathname.endsWith('/VisitRegistrations'),
  );
  if (status) {
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: status, exact: true }).click();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  }
  await page.locator('.MuiCircularProgress-root').first().waitFor({ state: 'detached' });
}

/** The list's row of a visitor's registration for a proposal (by its title). */
export function registrationRow(page: Page, visitor: string, proposalTitle: string): Locator {
  return page.getByRole('row').filter({ hasText: visitor }).filter({ hasText: proposalTitle });
}

/** Approves or sends back one registration from its row; returns the notification's text. */
export async function reviewVisitRegistration(
  page: Page,
  {
    visitor,
    proposalTitle,
    decision,
  }: { visitor: string; proposalTitle: string; decision: 'approve' | 'changes' },
): Promise<string> {
  const row = registrationRow(page, visitor, proposalTitle);
  await row.waitFor();
  const name = decision === 'approve' ? /^Approve the visit registration/ : /^Request changes to the visit/;
  await row.getByRole('button', { name }).click();
  return notification(page);
}

/** Selects the visitors' rows and approves (or sends back) them in one request; returns the notification's text. */
export async function reviewVisitRegistrationsInBulk(
  page: Page,
  {
    visitors,
    proposalTitle,
    decision,
  }: { visitors: string[]; proposalTitle: string; decision: 'approve' | 'changes' },
): Promise<string> {
  for (const visitor of visitors) {
    const row = registrationRow(page, visitor, proposalTitle);
    await row.waitFor();
    await row.getByRole('checkbox').check();
  }
  const name = decision === 'approve' ? /^Approve \(\d+\)$/ : /^Request changes \(\d+\)$/;
  await page.getByRole('button', { name }).click();
  return notification(page);
}

/** The newest notification's text (react-admin's snackbar), once shown. */
async function notification(page: Page): Promise<string> {
  const alert = page.locator('.MuiSnackbarContent-message').last();
  await alert.waitFor();
  return ((await alert.textContent()) ?? '').trim();
}
