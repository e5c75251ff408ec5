/**
 * Instruments and reviews in Chromium, as the people who use them (issue 27's story): the officer creates an
 * instrument with the `scientist` account as its scientist, offers it in a call with availability time and puts a
 * submitted proposal on it from the staff table; the scientist finds it on their dashboard and fills and submits
 * its technical review in the review template's wizard; the workflow moves the proposal on that event and e-mails
 * the PI, who reads the public comment in the portal; the `internal` account writes its internal review and sees
 * only its own; the technique proposals page with its presets, a refused status change and the Excel export; both
 * XLSX sheets read back with exceljs. Last, every page of the scientist's and the internal reviewer's menus loads
 * with no page error, no failed request and no serious axe violation; and the officer, after the title and an answer
 * changed, reads the proposal as it stood before in the review modal's History tab (issue 32). Screenshots:
 * artifacts/screenshots/reviews-*.
 */
import { readFile } from 'node:fs/promises';
import { DEV_ACCOUNTS, Role } from '@user-office/contracts';
import { Workbook } from 'exceljs';
import { MailerService } from '../../../../services/api/src/modules/notifications';
import { UsersService } from '../../../../services/api/src/modules/users';
import { eventually } from '../../../../services/api/test/support/eventually';
import { createOpenCall, emailAction } from '../../../../services/api/test/support/fixtures';
import { OFFICER } from '../../../../services/api/test/support/test-app';
import { logIn, startProduct, type Product } from '../../../portal/test/browser/harness';
import {
  checkPage,
  field,
  listClosed,
  logInToConsole,
  newPage,
  officerGql,
  storyChapters,
  tokenGql,
  visitMenuPages,
} from './console-steps';

const TITLE = 'Spin dynamics in kagome magnets';
const INSTRUMENT = { name: 'ThALES cold triple-axis', shortCode: 'THALES', description: 'Cold neutrons' };
const PUBLIC_COMMENT = 'Feasible with the dilution fridge';
const NEW_TITLE = 'Spin dynamics in kagome and triangular magnets';
const QUESTION = 'Which technique will you use?';

let product: Product;
let officer: ReturnType<typeof officerGql>;
let asUser: ReturnType<typeof tokenGql>;
let applicant: { id: number; token: string };
let call: Awaited<ReturnType<typeof createOpenCall>>;
let proposal: { pk: number; proposalId: string };
let instrumentId: number;

const userIdOf = async (username: string) => {
  const account = DEV_ACCOUNTS.find((a) => a.username === username)!;
  return (await product.t.app.get(UsersService).byOidcSub(account.sub))!.id;
};

beforeAll(async () => {
  product = await startProduct();
  officer = officerGql(product);
  asUser = tokenGql(product);
  const officerToken = product.t.token(OFFICER);
  // a workflow that moves a proposal to Under review once its technical review is submitted, e-mailing the PI
  const { getStatuses } = await officer<{ getStatuses: { id: number; shortCode: string }[] }>(
    '{ getStatuses(entityType: PROPOSAL) { id shortCode } }',
  );
  const status = Object.fromEntries(getStatuses.map((s) => [s.shortCode, s.id]));
  const { createWorkflow } = await officer<{
    createWorkflow: { id: number; workflowConnectionGroups: { groupId: string }[] };
  }>(
    'mutation { createWorkflow(name: "Feasibility first", description: "", entityType: PROPOSAL) { id workflowConnectionGroups { groupId } } }',
  );
  const group = createWorkflow.workflowConnectionGroups[0].groupId;
  const addStatus = async (shortCode: string, order: number, events: string[]) => {
    const { addWorkflowStatus } = await officer<{ addWorkflowStatus: { id: number } }>(
      `mutation($w: Int!, $s: Int!, $o: Int!, $g: String!) { addWorkflowStatus(workflowId: $w, statusId: $s, sortOrder: $o, droppableGroupId: $g) { id } }`,
      { w: createWorkflow.id, s: status[shortCode], o: order, g: group },
    );
    await officer(
      `mutation($c: Int!, $e: [String!]!) { addStatusChangingEventsToConnection(workflowConnectionId: $c, statusChangingEvents: $e) { id } }`,
      { c: addWorkflowStatus.id, e: events },
    );
    return addWorkflowStatus.id;
  };
  await addStatus('SUBMITTED_LOCKED', 1, ['PROPOSAL_SUBMITTED']);
  const underReview = await addStatus('UNDER_REVIEW', 2, ['PROPOSAL_FEASIBILITY_REVIEW_SUBMITTED']);
  await officer(
    `mutation($id: Int!, $w: Int!, $a: [ConnectionStatusActionInput!]!) { addConnectionStatusActions(workflowConnectionId: $id, workflowId: $w, actions: $a) { id } }`,
    {
      id: underReview,
      w: createWorkflow.id,
      a: [emailAction([{ name: 'PI', template: 'proposal-status-changed' }])],
    },
  );
  // the demo's technical review template: the review is answered in its wizard
  const { getCalls } = await officer<{
    getCalls: { shortCode: string; technicalReviewTemplateId: number }[];
  }>('{ getCalls { shortCode technicalReviewTemplateId } }');
  const technicalReviewTemplateId = getCalls.find((c) => c.shortCode === 'DEMO')!.technicalReviewTemplateId;
  call = await createOpenCall(product.t, officerToken, {
    proposalWorkflowId: createWorkflow.id,
    technicalReviewTemplateId,
    shortCode: 'KAGOME-26',
  });
  // the demo applicant's submitted proposal in it
  const applicantId = await userIdOf('applicant');
  applicant = {
    id: applicantId,
    token: product.t.token({ id: applicantId, roles: [Role.USER], currentRole: Role.USER }),
  };
  const { createProposal } = await asUser<{ createProposal: { primaryKey: number; questionaryId: number } }>(
    'mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }',
    { c: call.callId },
    applicant.token,
  );
  await asUser(
    'mutation($pk: Int!, $t: String!) { updateProposal(proposalPk: $pk, title: $t, abstract: "Spin waves") { primaryKey } }',
    { pk: createProposal.primaryKey, t: TITLE },
    applicant.token,
  );
  await asUser(
    'mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }',
    {
      q: createProposal.questionaryId,
      topic: call.topicId,
      a: [{ questionId: call.questionId, value: '{"value":"Inelastic scattering"}' }],
    },
    applicant.token,
  );
  const { submitProposal } = await asUser<{ submitProposal: { proposalId: string } }>(
    'mutation($pk: Int!) { submitProposal(proposalPk: $pk) { proposalId } }',
    { pk: createProposal.primaryKey },
    applicant.token,
  );
  proposal = { pk: createProposal.primaryKey, proposalId: submitProposal.proposalId };
}, 180_000);

afterAll(async () => {
  await product?.close();
});

const chapter = storyChapters(() => product, 'reviews');

describe('instruments and reviews in Chromium', () => {
  chapter(
    'the officer creates an instrument with its scientist, offers it in the call and assigns the proposal to it',
    async () => {
      const page = await newPage(product);
      await logIn(page, product.url, 'officer');
      await page.waitForURL(`${product.url}/console/Proposals`);
      await page.getByRole('cell', { name: 'Magnetic order in Fe2O3 thin films' }).waitFor(); // the table is up
      await page.getByRole('menuitem', { name: 'Instruments' }).click();
      await page.waitForURL(`${product.url}/console/Instruments`);
      await page.getByRole('link', { name: 'Create instrument' }).click();
      await field(page, 'Name').fill(INSTRUMENT.name);
      await field(page, 'Short code').fill(INSTRUMENT.shortCode);
      await field(page, 'Description').fill(INSTRUMENT.description);
      await checkPage(page, 'reviews-01-instrument-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: INSTRUMENT.shortCode, exact: true }).waitFor();
      const { getInstrumentsMinimal } = await officer<{
        getInstrumentsMinimal: { id: number; shortCode: string }[];
      }>('{ getInstrumentsMinimal { id shortCode } }');
      instrumentId = getInstrumentsMinimal.find((i) => i.shortCode === INSTRUMENT.shortCode)!.id;

      // its scientist
      await page.goto(`${product.url}/console/Instruments/${instrumentId}`);
      await page.getByRole('button', { name: 'Add scientist' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Scientist' }).click();
      await page
        .getByRole('option', { name: /Sam Scientist|scientist/i })
        .first()
        .click();
      await listClosed(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Scientist assigned successfully').waitFor();
      await checkPage(page, 'reviews-02-instrument-scientists');

      // offered in the call, with availability time
      await page.goto(`${product.url}/console/Calls/${call.callId}`);
      await page.getByRole('button', { name: 'Assign instrument' }).click();
      await page.getByRole('dialog').getByRole('combobox', { name: 'Instrument' }).click();
      await page.getByRole('option', { name: new RegExp(INSTRUMENT.name) }).click();
      await listClosed(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Instrument assigned to the call').waitFor();
      await page.getByLabel(`Availability time of ${INSTRUMENT.name}`).fill('20');
      await page.getByRole('button', { name: 'Set' }).click();
      await page.getByText('Availability time saved').waitFor();
      await checkPage(page, 'reviews-03-call-instruments');
      const { getCall } = await officer<{
        getCall: { instruments: { id: number; availabilityTime: number }[] };
      }>('query($id: Int!) { getCall(callId: $id) { instruments { id availabilityTime } } }', {
        id: call.callId,
      });
      expect(getCall.instruments).toEqual([{ id: instrumentId, availabilityTime: 20 }]);

      // the proposal on it, from the staff table
      await page.goto(`${product.url}/console/Proposals`);
      await page.getByPlaceholder('Search').fill('kagome');
      const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
      await row.waitFor();
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Assign to instrument' }).click();
      const assign = page.getByRole('dialog');
      await assign.getByRole('combobox', { name: 'Instruments' }).click();
      await page.getByRole('option', { name: new RegExp(INSTRUMENT.name) }).click();
      await page.keyboard.press('Escape');
      await listClosed(page);
      await assign.getByRole('button', { name: 'Assign' }).click();
      await page.getByText('Proposal(s) assigned to the instrument(s)').waitFor();
      await row
        .getByText(new RegExp(INSTRUMENT.shortCode + '|' + INSTRUMENT.name))
        .first()
        .waitFor();
      await checkPage(page, 'reviews-04-staff-table-instrument');
    },
  );

  chapter(
    'the scientist finds it on their dashboard, fills and submits the technical review in its wizard; the workflow moves it and e-mails the PI',
    async () => {
      const page = await newPage(product);
      await logIn(page, product.url, 'scientist');
      await page.waitForURL((u) => u.pathname.startsWith('/console/Proposals'));
      const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
      await row.waitFor();
      await checkPage(page, 'reviews-05-scientist-dashboard');
      await row.getByRole('button', { name: `View proposal ${proposal.proposalId}` }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('tab', { name: 'Technical reviews' }).click();
      await modal.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Feasible', exact: true }).click();
      await listClosed(page);
      await modal.getByLabel(/Time allocation/).fill('3');
      await modal.getByLabel('Comment for the user (public)').fill(PUBLIC_COMMENT);
      await checkPage(page, 'reviews-06-technical-review-wizard');
      await modal.getByRole('button', { name: 'Save and continue' }).click();
      await modal.getByRole('button', { name: 'Submit', exact: true }).last().click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByText('Proposal(s) technical review submitted successfully!').waitFor();
      await checkPage(page, 'reviews-07-technical-review-submitted');

      const statusOf = async () =>
        (
          await officer<{ getProposal: { status: { shortCode: string } } }>(
            'query($pk: Int!) { getProposal(primaryKey: $pk) { status { shortCode } } }',
            { pk: proposal.pk },
          )
        ).getProposal.status.shortCode;
      await eventually(
        async () => ((await statusOf()) === 'UNDER_REVIEW' ? true : undefined),
        'the workflow moved it',
      );
      const mailer = product.t.app.get(MailerService);
      const applicantEmail = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!.email;
      const mail = await eventually(
        async () => mailer.outbox.find((m) => m.to === applicantEmail && m.text.includes(TITLE)),
        "the PI's e-mail",
      );
      expect(mail.text).toMatch(/Under review/i);
    },
    180_000,
  );

  chapter('the applicant reads the public comment of the submitted review in the portal', async () => {
    const page = await newPage(product);
    await logIn(page, product.url, 'applicant');
    await page.goto(`${product.url}/ProposalEdit/${proposal.pk}`);
    await page.getByText(PUBLIC_COMMENT).waitFor();
    await checkPage(page, 'reviews-08-applicant-public-comment');
  });

  chapter('the internal reviewer writes their internal review and sees only their own', async () => {
    // a second internal review on the same technical review, for another internal reviewer
    const { technicalReviews } = await officer<{ technicalReviews: { id: number }[] }>(
      'query($pk: Int!) { technicalReviews(proposalPk: $pk) { id } }',
      { pk: proposal.pk },
    );
    const internalId = await userIdOf('internal');
    const { user: other } = await product.t.app.get(UsersService).create({
      firstname: 'Olga',
      lastname: 'Other',
      email: `olga.${Date.now()}@example.org`,
      oidcSub: null,
      placeholder: false,
      roles: [Role.INTERNAL_REVIEWER],
      source: 'login',
    });
    for (const [reviewerId, title] of [
      [internalId, 'Cryostat check'],
      [other.id, 'Someone else’s opinion'],
    ] as const)
      await officer('mutation($i: CreateInternalReviewInput!) { createInternalReview(input: $i) { id } }', {
        i: { title, reviewerId, technicalReviewId: technicalReviews[0].id, comment: '' },
      });

    const page = await newPage(product);
    await logIn(page, product.url, 'internal');
    await page.waitForURL((u) => u.pathname.startsWith('/console/ReviewProposals'));
    const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
    await row.waitFor();
    await checkPage(page, 'reviews-09-internal-review-proposals');
    await row.getByRole('button').first().click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Cryostat check').waitFor();
    expect(await modal.getByText('Someone else’s opinion').count()).toBe(0);
    await modal.getByRole('button', { name: /Edit/ }).first().click();
    const edit = page.getByRole('dialog').last();
    await edit.getByLabel('Comment').fill('The cryostat reaches 50 mK with this holder.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Internal review  updated successfully!').waitFor();
    await checkPage(page, 'reviews-10-internal-review-saved');
  });

  chapter('technique proposals: presets, a refused status change, the Excel export', async () => {
    await officer(
      'mutation { updateFeatures(input: { featureIds: [TECHNIQUE_PROPOSALS], action: ENABLE }) { id } }',
    );
    const { createTechnique } = await officer<{ createTechnique: { id: number } }>(
      'mutation { createTechnique(name: "Inelastic scattering", shortCode: "INS", description: "Excitations") { id } }',
    );
    const scientistId = await userIdOf('scientist');
    await officer(
      'mutation($t: Int!, $s: [Int!]!) { assignScientistsToTechnique(techniqueId: $t, scientistIds: $s) }',
      {
        t: createTechnique.id,
        s: [scientistId],
      },
    );
    await officer(
      'mutation($pk: Int!, $t: [Int!]!) { assignProposalToTechniques(proposalPk: $pk, techniqueIds: $t) }',
      {
        pk: proposal.pk,
        t: [createTechnique.id],
      },
    );
    const page = await newPage(product);
    await logIn(page, product.url, 'scientist');
    await page.waitForURL((u) => u.pathname.startsWith('/console/Proposals'));
    await page.getByRole('row').filter({ hasText: proposal.proposalId }).waitFor(); // the table is up
    await page.getByRole('menuitem', { name: 'Technique Proposals' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/console/TechniqueProposals'));
    const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
    const preset = async (name: string) => {
      await page.getByRole('combobox', { name: 'Date range' }).click();
      await page.getByRole('option', { name, exact: true }).click();
      await listClosed(page);
    };
    // submitted today: in the next 7 days, and in all
    await preset('Next 7 days');
    await page.waitForURL((u) => u.search.includes('from'));
    await row.waitFor();
    await preset('All');
    await row.waitFor();
    await checkPage(page, 'reviews-11-technique-proposals');

    // the server refuses what §4 forbids: FINISHED is only for approved proposals
    const scientistToken = product.t.token({
      id: scientistId,
      roles: [Role.INSTRUMENT_SCIENTIST],
      currentRole: Role.INSTRUMENT_SCIENTIST,
    });
    const { getStatuses } = await officer<{ getStatuses: { id: number; shortCode: string }[] }>(
      '{ getStatuses(entityType: PROPOSAL) { id shortCode } }',
    );
    const finished = getStatuses.find((s) => s.shortCode === 'FINISHED')!.id;
    const refused = await product.t.gql(
      'mutation($s: Int!, $p: [Int!]!) { changeTechniqueProposalsStatus(statusId: $s, proposalPks: $p) }',
      { s: finished, p: [proposal.pk] },
      scientistToken,
    );
    expect(refused.errors?.[0].message).toMatch(/FINISHED/);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Change status', exact: true }).click();
    const statusDialog = page.getByRole('dialog');
    await statusDialog.waitFor();
    await checkPage(page, 'reviews-12-technique-status-rules');
    await statusDialog.getByRole('button', { name: 'Cancel' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel', exact: true }).click();
    const file = await (await download).path();
    const workbook = new Workbook();
    await workbook.xlsx.load((await readFile(file!)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Proposal ID',
      'Title',
      'PI',
      'PI e-mail',
      'Date submitted',
      'Technique',
      'Instrument',
      'Status',
    ]);
    expect(rows[1]).toEqual(
      expect.arrayContaining([proposal.proposalId, TITLE, 'Inelastic scattering', INSTRUMENT.name]),
    );
  });

  chapter("the officer's proposal sheet: the review's status, public comment and time", async () => {
    const res = await fetch(`${product.url}/download/xlsx/proposal/${proposal.pk}`, {
      headers: { authorization: `Bearer ${product.t.token(OFFICER)}` },
    });
    expect(res.status).toBe(200);
    const workbook = new Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Proposal ID',
      'Title',
      'Principal Investigator',
      'Instrument',
      'Technical status',
      'Technical comment',
      'Time (days)',
      'Comment for management',
      'Decision',
    ]);
    expect(rows[1].slice(0, 7)).toEqual([
      proposal.proposalId,
      TITLE,
      expect.any(String),
      INSTRUMENT.name,
      'FEASIBLE',
      PUBLIC_COMMENT,
      3,
    ]);
  });

  chapter(
    'the officer picks an instant in the History tab: the old title and answer, what changed since and who did it',
    async () => {
      // an instant on a whole second (the pickers' resolution) after every earlier event, then the changes
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await pause(1_100);
      const instant = new Date(Math.floor(Date.now() / 1000) * 1000);
      await pause(1_100);
      await officer('mutation($id: String!, $q: String!) { updateQuestion(id: $id, question: $q) { id } }', {
        id: call.questionId,
        q: QUESTION,
      });
      // the changes made by the `officer` account (its own id, so the History names it)
      const officerId = await userIdOf('officer');
      const officerToken = product.t.token({
        id: officerId,
        roles: [Role.USER_OFFICER],
        currentRole: Role.USER_OFFICER,
      });
      const { getProposal } = await officer<{ getProposal: { questionaryId: number } }>(
        'query($pk: Int!) { getProposal(primaryKey: $pk) { questionaryId } }',
        { pk: proposal.pk },
      );
      await asUser(
        'mutation($pk: Int!, $t: String!) { updateProposal(proposalPk: $pk, title: $t, abstract: "Spin waves") { primaryKey } }',
        { pk: proposal.pk, t: NEW_TITLE },
        officerToken,
      );
      await asUser(
        'mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }',
        {
          q: getProposal.questionaryId,
          topic: call.topicId,
          a: [{ questionId: call.questionId, value: '{"value":"Polarised neutrons"}' }],
        },
        officerToken,
      );

      const page = await newPage(product);
      await logInToConsole(page, product.url, 'officer');
      await page.goto(`${product.url}/console/Proposals?proposalId=${proposal.proposalId}`);
      const row = page.getByRole('row').filter({ hasText: proposal.proposalId });
      await row.getByRole('button', { name: `View proposal ${proposal.proposalId}` }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('tab', { name: 'History' }).click();
      // "Compare from" the instant noted (the pickers are in the browser's time zone); "As of" stays now
      const local = await page.evaluate((iso) => {
        const d = new Date(iso);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
      }, instant.toISOString());
      await modal.getByLabel('Compare from').fill(local);

      // side by side: the old title and answer beside today's, the answer named by its question
      const side = modal.getByRole('table', { name: 'The proposal at both instants' });
      const titleRow = side
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'title', exact: true }) });
      await titleRow.getByRole('cell', { name: TITLE, exact: true }).waitFor();
      await titleRow.getByRole('cell', { name: NEW_TITLE, exact: true }).waitFor();
      const answerRow = side.getByRole('row').filter({ hasText: QUESTION });
      await answerRow.getByRole('cell', { name: 'Inelastic scattering', exact: true }).waitFor();
      await answerRow.getByRole('cell', { name: 'Polarised neutrons', exact: true }).waitFor();

      // the changes: title before → after, and the answer under its question's text, by the officer
      const changes = modal.getByRole('table', { name: 'Changes' });
      const titleChange = changes
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'title', exact: true }) });
      expect(await titleChange.getByRole('cell').allInnerTexts()).toEqual([
        expect.any(String),
        'Olivia Officer',
        'title',
        TITLE,
        NEW_TITLE,
      ]);
      const answerChange = changes.getByRole('row').filter({ hasText: QUESTION });
      await answerChange.getByRole('cell', { name: 'Inelastic scattering', exact: true }).waitFor();
      await answerChange.getByRole('cell', { name: 'Polarised neutrons', exact: true }).waitFor();

      // the questionary as it stood at the instant picked: its step, the question's text, the old answer
      await modal.getByRole('button', { name: 'Compare from', exact: true }).click();
      const questionary = modal.getByRole('region', { name: 'The questionary' });
      await questionary
        .getByRole('row')
        .filter({ hasText: QUESTION })
        .getByRole('cell', { name: 'Inelastic scattering' })
        .waitFor();
      await questionary.getByText(`title: ${TITLE}`).waitFor();
      expect(await questionary.getByText('Polarised neutrons').count()).toBe(0);
      await checkPage(page, 'reviews-13-history');
    },
  );

  it.each(['scientist', 'internal'])(
    "every page of %s's menu loads with no page error, no failed request and no serious axe violation",
    async (username) => {
      const { pages, problems } = await visitMenuPages(product, username, 'reviews-menu');
      expect(pages.length).toBeGreaterThan(0); // the internal reviewer's is Review Proposals only (§6)
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
