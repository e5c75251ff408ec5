/**
 * Review panels in Chromium, as the people who use them (issue 28's story): the officer creates a panel with the
 * `chair`, `secretary` and `reviewer` accounts and assigns two submitted proposals to it from the staff table; the
 * chair runs the automatic assignment, sees the reviewer's conflict of interest with one of them (the PI's
 * institution) flagged with its reason, and accepts the preview; the reviewer grades the other in "Proposals to
 * grade" and submits; the chair records and submits the meeting decision in the meeting view; the officer sees
 * the panel's recommendation in the Admin tab and notifies; the FAP spreadsheet is read back with exceljs. Last,
 * every page of the chair's, the secretary's and the reviewer's menus loads with no page error, no failed request
 * and no serious axe violation. Screenshots: artifacts/screenshots/faps-*.
 */
import { readFile } from 'node:fs/promises';
import { DEV_ACCOUNTS, Role } from '@user-office/contracts';
import { Workbook } from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { UsersService } from '../../../../services/api/src/modules/users';
import { createOpenCall } from '../../../../services/api/test/support/fixtures';
import { OFFICER } from '../../../../services/api/test/support/test-app';
import { startProduct, type Product } from '../../../portal/test/browser/harness';
import {
  checkPage,
  chooseOption,
  field,
  listClosed,
  logInToConsole,
  newPage,
  officerGql,
  storyChapters,
  tokenGql,
  visitMenuPages,
} from './console-steps';

const FAP = { code: 'FAP-SOFT', description: 'Soft matter and magnetism panel', numberRatingsRequired: '1' };
const INSTRUMENT = { name: 'PANSANS small-angle camera', shortCode: 'PANSANS' };
const CALL = 'PANEL-26';
const INSTITUTION = 'Institut Laue–Panel';
const GRADED = 'Panel study: vortex lattices in niobium';
const CONFLICTED = 'Panel study: micelles under shear';
const GRADE_COMMENT = 'Clear science case; the beam time asked for is justified.';
const USER_COMMENT = 'Recommended: schedule in the next cycle.';

let product: Product;
let officer: ReturnType<typeof officerGql>;
let asUser: ReturnType<typeof tokenGql>;
let call: Awaited<ReturnType<typeof createOpenCall>>;
let graded: { pk: number; proposalId: string };
let conflicted: { pk: number; proposalId: string };
let instrumentId: number;
let fapId: number;

const userIdOf = async (username: string) => {
  const account = DEV_ACCOUNTS.find((a) => a.username === username)!;
  return (await product.t.app.get(UsersService).byOidcSub(account.sub))!.id;
};

/** A submitted proposal of the call by the holder of `token`, with the given title. */
async function submittedProposal(token: string, title: string): Promise<{ pk: number; proposalId: string }> {
  const { createProposal } = await asUser<{ createProposal: { primaryKey: number; questionaryId: number } }>(
    'mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }',
    { c: call.callId },
    token,
  );
  await asUser(
    'mutation($pk: Int!, $t: String!) { updateProposal(proposalPk: $pk, title: $t, abstract: "Neutrons") { primaryKey } }',
    { pk: createProposal.primaryKey, t: title },
    token,
  );
  await asUser(
    'mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }',
    {
      q: createProposal.questionaryId,
      topic: call.topicId,
      a: [{ questionId: call.questionId, value: '{"value":"Small-angle scattering"}' }],
    },
    token,
  );
  const { submitProposal } = await asUser<{ submitProposal: { proposalId: string } }>(
    'mutation($pk: Int!) { submitProposal(proposalPk: $pk) { proposalId } }',
    { pk: createProposal.primaryKey },
    token,
  );
  return { pk: createProposal.primaryKey, proposalId: submitProposal.proposalId };
}

beforeAll(async () => {
  product = await startProduct();
  officer = officerGql(product);
  asUser = tokenGql(product);
  call = await createOpenCall(product.t, product.t.token(OFFICER), { shortCode: CALL });
  // the instrument offered in the call, with availability time (the reviews story clicks these)
  const { createInstrument } = await officer<{ createInstrument: { id: number } }>(
    'mutation($n: String!, $s: String!, $m: Int) { createInstrument(name: $n, shortCode: $s, description: "SANS", managerUserId: $m) { id } }',
    { n: INSTRUMENT.name, s: INSTRUMENT.shortCode, m: await userIdOf('scientist') },
  );
  instrumentId = createInstrument.id;
  await officer(
    'mutation($c: Int!, $i: Int!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: [{ instrumentId: $i }]) { id } }',
    { c: call.callId, i: instrumentId },
  );
  await officer(
    'mutation($c: Int!, $i: Int!) { setInstrumentAvailabilityTime(callId: $c, instrumentId: $i, availabilityTime: 10) }',
    { c: call.callId, i: instrumentId },
  );
  // the reviewer and a second PI share an institution: a soft conflict of interest with that PI's proposal
  const { getCountries } = await officer<{ getCountries: { id: number }[] }>('{ getCountries { id } }');
  const { createInstitution } = await officer<{ createInstitution: { id: number } }>(
    'mutation($n: String!, $c: Int!) { createInstitution(name: $n, country: $c) { id } }',
    { n: INSTITUTION, c: getCountries[0].id },
  );
  const users = product.t.app.get(UsersService);
  await users.execute(await userIdOf('reviewer'), {
    type: 'UpdateUser',
    changes: { institutionId: createInstitution.id },
  });
  const { user: colleague } = await users.create({
    firstname: 'Paula',
    lastname: 'Colleague',
    email: `paula.colleague.${Date.now()}@example.org`,
    oidcSub: null,
    placeholder: false,
    roles: [Role.USER],
    source: 'login',
    institutionId: createInstitution.id,
  });
  const applicantId = await userIdOf('applicant');
  graded = await submittedProposal(
    product.t.token({ id: applicantId, roles: [Role.USER], currentRole: Role.USER }),
    GRADED,
  );
  conflicted = await submittedProposal(
    product.t.token({ id: colleague.id, roles: [Role.USER], currentRole: Role.USER }),
    CONFLICTED,
  );
  await officer(
    'mutation($pks: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $pks, instrumentIds: $i) }',
    { pks: [graded.pk, conflicted.pk], i: [instrumentId] },
  );
}, 180_000);

afterAll(async () => {
  await product?.close();
});

const chapter = storyChapters(() => product, 'faps');

/** Picks `option` in the select labelled `label` (inside `scope`), and waits for its list to close. */
async function pick(page: Page, scope: Page | Locator, label: string | RegExp, option: string) {
  await chooseOption(page, scope.getByRole('combobox', { name: label }), option);
}

/**
 * Searches the staff table and waits for the search to have applied (a demo proposal's row gone): a click before
 * that lands on a row the filter is about to re-render, and its address change (a review modal) is lost.
 */
async function searchStaffTable(page: Page, text: string) {
  const demoRow = page.getByRole('cell', { name: 'Magnetic order in Fe2O3 thin films' });
  await demoRow.waitFor(); // the table is up
  await page.getByPlaceholder('Search').fill(text);
  await demoRow.waitFor({ state: 'detached' });
}

describe('review panels in Chromium', () => {
  chapter(
    'the officer creates the panel with its chair, secretary and reviewer, and assigns submitted proposals to it from the staff table',
    async () => {
      const page = await newPage(product);
      await logInToConsole(page, product.url, 'officer');
      await page.getByRole('menuitem', { name: 'FAPs' }).click();
      await page.waitForURL(`${product.url}/console/Faps`);
      await page.getByRole('link', { name: 'Create FAP' }).click();
      await field(page, 'Code').fill(FAP.code);
      await field(page, 'Description').fill(FAP.description);
      await field(page, 'Number of ratings required').fill(FAP.numberRatingsRequired);
      await checkPage(page, 'faps-01-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('FAP created successfully').waitFor();
      const { getFapsMinimal } = await officer<{ getFapsMinimal: { id: number; code: string }[] }>(
        '{ getFapsMinimal(filter: {}) { id code } }',
      );
      fapId = getFapsMinimal.find((f) => f.code === FAP.code)!.id;

      // its members, picked among the users
      await page.getByRole('cell', { name: FAP.code, exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/console/FapPage/${fapId}`);
      await page.getByRole('tab', { name: 'Members' }).click();
      for (const [button, label, person, list] of [
        ['Assign chair', 'Chair', 'Chris Chair', 'Chairs'],
        ['Assign secretary', 'Secretary', 'Sara Secretary', 'Secretaries'],
        ['Add reviewer', 'Reviewer', 'Rita Reviewer', 'Reviewers'],
      ]) {
        await page.getByRole('button', { name: button }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: new RegExp(`^${person}`) }).click();
        await listClosed(page);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Assigned successfully').last().waitFor();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('region', { name: list }).getByText(person).waitFor();
      }
      await checkPage(page, 'faps-02-members');

      // the panel reviews the instrument in the call (the call's Instruments section)
      await page.goto(`${product.url}/console/Calls/${call.callId}`);
      await pick(page, page, `FAP of ${INSTRUMENT.name}`, FAP.code);
      await page.getByText('FAP of the instrument saved').waitFor();
      // and the call's own review panels (Call.faps), a multi-select of the call's form
      await page.getByRole('combobox', { name: 'FAPs (review panels)' }).click();
      await page.getByRole('option', { name: FAP.code, exact: true }).click();
      await page.keyboard.press('Escape');
      await listClosed(page);
      await checkPage(page, 'faps-02b-call-faps');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Call updated').waitFor();
      await page.waitForURL(`${product.url}/console/Calls`);
      await page.getByRole('row').filter({ hasText: CALL }).getByText(FAP.code).waitFor();
      await checkPage(page, 'faps-02c-calls-list');
      const { getCall: saved } = await officer<{ getCall: { faps: { code: string }[] } }>(
        'query($c: Int!) { getCall(callId: $c) { faps { code } } }',
        { c: call.callId },
      );
      expect(saved.faps.map((f) => f.code)).toEqual([FAP.code]);

      // the two submitted proposals on it, from the staff table
      await page.goto(`${product.url}/console/Proposals`);
      await searchStaffTable(page, 'Panel study');
      for (const proposal of [graded, conflicted]) {
        const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
        await row.waitFor();
        await row.getByRole('checkbox').check();
      }
      await page.getByRole('button', { name: 'Assign to FAP' }).click();
      const assign = page.getByRole('dialog');
      await pick(page, assign, `FAP for ${INSTRUMENT.name}`, FAP.code);
      await checkPage(page, 'faps-03-assign-to-fap');
      await assign.getByRole('button', { name: 'Assign' }).click();
      await page.getByText('2 proposal(s) assigned to FAP').waitFor();
      for (const proposal of [graded, conflicted])
        await page.getByRole('row').filter({ hasText: proposal.proposalId }).getByText(FAP.code).waitFor();
      await checkPage(page, 'faps-04-staff-table-fap');
    },
  );

  chapter(
    'the chair runs the automatic assignment, sees the conflict of interest with its reason and accepts',
    async () => {
      const page = await newPage(product);
      await logInToConsole(page, product.url, 'chair');
      await page.goto(`${product.url}/console/FapPage/${fapId}`);
      await page.getByRole('tab', { name: 'Proposals and assignments' }).click();
      await page.getByRole('row').filter({ hasText: graded.proposalId }).waitFor();
      await page.getByRole('button', { name: 'Automatic assignment' }).click();
      const preview = page.getByRole('dialog', { name: 'Automatic assignment' });
      const pairs = preview.getByRole('table', { name: 'Proposed pairs' });
      await pairs
        .getByRole('row')
        .filter({ hasText: graded.proposalId })
        .getByText('Rita Reviewer')
        .waitFor();
      expect(await pairs.getByRole('row').filter({ hasText: conflicted.proposalId }).count()).toBe(0);
      const skipped = preview.getByRole('table', { name: 'Skipped conflicts' });
      const conflict = skipped.getByRole('row').filter({ hasText: conflicted.proposalId });
      await conflict.getByText('Rita Reviewer').waitFor();
      await conflict.getByText(`Shares the PI's institution (${INSTITUTION})`).waitFor();
      await checkPage(page, 'faps-05-automatic-assignment-preview');
      await preview.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('1 assignment(s) applied').waitFor();
      await preview.waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: graded.proposalId }).getByText('Rita Reviewer').waitFor();
      await checkPage(page, 'faps-06-assignments');
    },
  );

  chapter('the reviewer grades the proposal in "Proposals to grade" and submits the review', async () => {
    const page = await newPage(product);
    await logInToConsole(page, product.url, 'reviewer');
    await page.waitForURL((u) => u.pathname.startsWith('/console/ProposalsToGrade'));
    const row = page.getByRole('row').filter({ hasText: graded.proposalId });
    await row.getByText('Pre-submission').waitFor();
    expect(await page.getByRole('row').filter({ hasText: conflicted.proposalId }).count()).toBe(0);
    await checkPage(page, 'faps-07-proposals-to-grade');
    await row.getByRole('button', { name: `Grade proposal ${graded.proposalId}` }).click();
    const form = page.getByRole('form', { name: `FAP review of proposal ${graded.proposalId}` });
    await pick(page, form, /^Grade/, '3');
    await form.getByRole('textbox', { name: /^Comment/ }).fill(GRADE_COMMENT);
    await checkPage(page, 'faps-08-grade-tab');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('Your review has been submitted successfully.').waitFor();
    await form.getByText('This review is submitted').waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await row.getByText('Submitted', { exact: true }).waitFor();
    await checkPage(page, 'faps-09-review-submitted');
  });

  chapter('the chair records and submits the meeting decision in the meeting view', async () => {
    const page = await newPage(product);
    await logInToConsole(page, product.url, 'chair');
    await page.goto(`${product.url}/console/FapPage/${fapId}`);
    await page.getByRole('tab', { name: 'Meeting components' }).click();
    const row = page.getByTestId(`ranking-row-${graded.proposalId}`);
    await row.getByText('3').first().waitFor(); // the average of the submitted grade
    await row.getByRole('button', { name: `Meeting decision for proposal ${graded.proposalId}` }).click();
    const dialog = page.getByRole('dialog');
    await pick(page, dialog, /^Recommendation/, 'Accepted');
    await dialog.getByRole('textbox', { name: 'Comment for user' }).fill(USER_COMMENT);
    await dialog.getByRole('checkbox', { name: 'Decision submitted' }).check();
    await checkPage(page, 'faps-10-meeting-decision');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Meeting decision saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await checkPage(page, 'faps-11-meeting-view');
    const { fapProposal } = await officer<{
      fapProposal: {
        meetingDecision: { recommendation: string; commentForUser: string; submitted: boolean };
      };
    }>(
      'query($f: Int!, $pk: Int!) { fapProposal(fapId: $f, proposalPk: $pk) { meetingDecision { recommendation commentForUser submitted } } }',
      { f: fapId, pk: graded.pk },
    );
    expect(fapProposal.meetingDecision).toEqual({
      recommendation: 'ACCEPTED',
      commentForUser: USER_COMMENT,
      submitted: true,
    });
  });

  chapter("the officer sees the panel's recommendation in the Admin tab, decides and notifies", async () => {
    const page = await newPage(product);
    await logInToConsole(page, product.url, 'officer');
    await searchStaffTable(page, 'Panel study');
    const row = page.getByRole('row').filter({ hasText: graded.proposalId });
    await row.getByRole('button', { name: `View proposal ${graded.proposalId}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('tab', { name: 'Admin' }).click();
    await modal.getByText('FAP recommendation').waitFor();
    await modal.getByText(`${FAP.code}: Accepted (submitted)`).waitFor();
    await pick(page, modal, /^Final status/, 'Accepted');
    // the management time of the proposal's instrument, named by it, in the call's unit
    await modal.getByLabel(`Management time allocation (${INSTRUMENT.name}, day)`).fill('3');
    await modal.getByRole('checkbox', { name: 'Decision submitted' }).check();
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await checkPage(page, 'faps-12-admin-tab');
    await modal.getByRole('button', { name: 'Notify' }).click();
    await page.getByText('Notification sent for 1 proposal(s)').waitFor();
    await modal.getByText('The proposers were notified.').waitFor();
    await checkPage(page, 'faps-13-notified');
    const { getProposal } = await officer<{
      getProposal: {
        notified: boolean;
        finalStatus: string;
        managementTimeAllocations: { value: number }[];
      };
    }>(
      'query($pk: Int!) { getProposal(primaryKey: $pk) { notified finalStatus managementTimeAllocations { value } } }',
      { pk: graded.pk },
    );
    expect(getProposal).toEqual({
      notified: true,
      finalStatus: 'ACCEPTED',
      managementTimeAllocations: [{ value: 3 }],
    });
  });

  chapter('the FAP spreadsheet, downloaded by the chair, holds the graded proposal', async () => {
    const page = await newPage(product);
    await logInToConsole(page, product.url, 'chair');
    await page.goto(`${product.url}/console/FapPage/${fapId}?tab=3`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download FAP spreadsheet' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Fap-${FAP.code}-${CALL}.xlsx`);
    const workbook = new Workbook();
    await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([INSTRUMENT.name]);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Proposal Reference Number',
      'Proposal Title',
      'Principal Investigator',
      'Instrument',
      'Instrument available time',
      'Technical review allocated time',
      'Fap allocated time',
      'Average score',
      'Current rank',
      'Is in availability zone',
    ]);
    const gradedRow = rows.find((r) => r[0] === graded.proposalId)!;
    expect(gradedRow.slice(0, 5)).toEqual([
      graded.proposalId,
      GRADED,
      'Alice Applicant',
      INSTRUMENT.name,
      10,
    ]);
    expect(gradedRow[7]).toBe(3);
    // the conflicted proposal is kept, with no average (no submitted review)
    expect(rows.find((r) => r[0] === conflicted.proposalId)?.[1]).toBe(CONFLICTED);
  });

  it.each(['chair', 'secretary', 'reviewer'])(
    "every page of %s's menu loads with no page error, no failed request and no serious axe violation",
    async (username) => {
      const { pages, problems } = await visitMenuPages(product, username, 'faps-menu');
      expect(pages.length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
