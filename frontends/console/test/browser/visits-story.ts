/**
 * Visits in Chromium, as the people who use them (issue 30's visits part): the officer has scheduled an experiment
 * for the demo's "Magnetic order…" proposal (PI `applicant`, co-proposer `coproposer`), accepted for it; the PI
 * defines its visit team in the portal (the §5 messages first) with the co-proposer as team lead; both register
 * their own visit; the officer sends the co-proposer's registration back from the console's Visit Registrations;
 * the co-proposer submits the changes, and the officer approves both registrations in one request.
 * Screenshots: artifacts/screenshots/visits-*.
 */
import type { Page } from 'playwright-core';
import { logIn, type Product } from '../../../portal/test/browser/harness';
import {
  DEMO_ACCOMMODATION,
  defineVisitIcon,
  defineVisitTeam,
  openVisitRegistrations,
  registerOwnVisit,
  registerVisitIcon,
  resubmitVisitRegistration,
  reviewVisitRegistration,
  reviewVisitRegistrationsInBulk,
  visitTeamMessages,
  waitForIconState,
} from '../../../portal/test/browser/visit-steps';
import { checkPage, logInToConsole, newPage, officerGql, storyChapters } from './console-steps';

/** The visits part of the story around experiments; `shared` is the product the story file started. */
export function visitsStory(shared: () => Product): void {
  const MAGNETIC = 'Magnetic order in Fe2O3 thin films';
  const ALICE = 'Alice Applicant';
  const CARL = 'Carl Coproposer';
  const DAY = 86_400_000;

  let product: Product;
  let officer: ReturnType<typeof officerGql>;
  let experimentPk: number;
  let applicant: Page;
  let coproposer: Page;
  let console_: Page;
  /** the officer's page errors and failed requests on Visit Registrations (none is the aim) */
  const consoleProblems: string[] = [];
  /** the visit's dates ("2026-12-18"): the experiment's first day, and two days later */
  let visitStart: string;
  const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

  interface Registration {
    userId: number;
    status: string;
    user: { firstname: string };
  }
  const registrationsOf = async (): Promise<Record<string, string>> => {
    const { visits } = await officer<{ visits: { registrations: Registration[] }[] }>(
      'query($f: VisitsFilter) { visits(filter: $f) { registrations { userId status user { firstname } } } }',
      { f: { experimentPk } },
    );
    return Object.fromEntries(
      visits.flatMap((v) => v.registrations.map((r) => [r.user.firstname, r.status])),
    );
  };

  beforeAll(async () => {
    product = shared();
    officer = officerGql(product);
    // the officer accepts "Magnetic order…" on D22 and schedules its experiment in three weeks
    const { getProposalsCore } = await officer<{
      getProposalsCore: { proposalViews: { primaryKey: number }[] };
    }>('query($s: String) { getProposalsCore(searchText: $s) { proposalViews { primaryKey } } }', {
      s: MAGNETIC,
    });
    const proposalPk = getProposalsCore.proposalViews[0].primaryKey;
    const { instruments } = await officer<{
      instruments: { instruments: { id: number; shortCode: string }[] };
    }>('{ instruments { instruments { id shortCode } } }');
    const instrumentId = instruments.instruments.find((i) => i.shortCode === 'D22')!.id;
    await officer(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) { administrationProposal(proposalPk: $pk,
        finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: true) { primaryKey } }`,
      { pk: proposalPk, a: [{ instrumentId, value: 2 }] },
    );
    const startsAt = new Date(new Date().toISOString().slice(0, 10)).getTime() + 21 * DAY + 8 * 3_600_000;
    visitStart = dateOf(startsAt);
    const { createExperiment } = await officer<{ createExperiment: { experimentPk: number } }>(
      'mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }',
      {
        i: {
          proposalPk,
          instrumentId,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(startsAt + 2 * DAY).toISOString(),
          status: 'ACTIVE',
        },
      },
    );
    experimentPk = createExperiment.experimentPk;
  }, 180_000);

  const chapter = storyChapters(() => product, 'visits');

  describe('visits and visit registrations in Chromium', () => {
    chapter(
      'the PI defines the visit team with the co-proposer as team lead, after the §5 messages',
      async () => {
        applicant = await newPage(product);
        await logIn(applicant, product.url, 'applicant');
        await waitForIconState(defineVisitIcon(applicant, MAGNETIC), 'active');
        await checkPage(applicant, 'visits-01-dashboard');
        const message = await defineVisitTeam(applicant, {
          proposalTitle: MAGNETIC,
          visitors: [ALICE, CARL],
          teamLead: CARL,
          onEmptyTeam: async (messages, dialog) => {
            expect(messages).toEqual(['Please add visitors', 'Please select the team lead']);
            // a lead who is not one of the visitors
            await dialog.getByRole('checkbox', { name: ALICE, exact: true }).click();
            await dialog.getByRole('combobox', { name: 'Team lead' }).click();
            await applicant.getByRole('option', { name: CARL, exact: true }).click();
            await applicant.locator('.MuiPopover-root').waitFor({ state: 'detached' });
            expect(await visitTeamMessages(dialog)).toEqual(['Team lead must be one of the visitors']);
            await checkPage(applicant, 'visits-02-team-messages');
          },
        });
        expect(message).toBe('Visit created');
        expect(await registrationsOf()).toEqual({ Alice: 'DRAFTED', Carl: 'DRAFTED' });
        await waitForIconState(registerVisitIcon(applicant, MAGNETIC), 'active');
        await checkPage(applicant, 'visits-03-team-defined');
      },
    );

    chapter('both visitors register their own visit', async () => {
      await registerOwnVisit(applicant, {
        proposalTitle: MAGNETIC,
        startsAt: visitStart,
        endsAt: dateOf(Date.parse(visitStart) + 2 * DAY),
        answers: { [DEMO_ACCOMMODATION]: 'Two nights at the guest house' },
        checkpoint: () => checkPage(applicant, 'visits-04-applicant-submitted'),
      });
      coproposer = await newPage(product);
      await logIn(coproposer, product.url, 'coproposer');
      await registerOwnVisit(coproposer, {
        proposalTitle: MAGNETIC,
        startsAt: visitStart,
        endsAt: dateOf(Date.parse(visitStart) + 1 * DAY),
        answers: { [DEMO_ACCOMMODATION]: 'None' },
      });
      await checkPage(coproposer, 'visits-05-coproposer-pending');
      expect(await registrationsOf()).toEqual({ Alice: 'SUBMITTED', Carl: 'SUBMITTED' });
    });

    chapter("the officer sends the co-proposer's registration back for changes", async () => {
      console_ = await newPage(product);
      console_.on('pageerror', (e) => consoleProblems.push(`page error: ${e.message}`));
      console_.on('response', (r) => {
        if (r.status() >= 400) consoleProblems.push(`${r.status()} ${r.url()}`);
      });
      await logInToConsole(console_, product.url, 'officer');
      await openVisitRegistrations(console_);
      await checkPage(console_, 'visits-06-officer-queue');
      expect(
        await reviewVisitRegistration(console_, {
          visitor: CARL,
          proposalTitle: MAGNETIC,
          decision: 'changes',
        }),
      ).toBe('Changes requested to the visit registration');
      expect(await registrationsOf()).toEqual({ Alice: 'SUBMITTED', Carl: 'CHANGE_REQUESTED' });
    });

    chapter('the co-proposer submits the changes', async () => {
      await coproposer.reload();
      await resubmitVisitRegistration(coproposer, {
        proposalTitle: MAGNETIC,
        startsAt: visitStart,
        endsAt: dateOf(Date.parse(visitStart) + 2 * DAY),
        onChangesRequested: () => checkPage(coproposer, 'visits-07-changes-requested'),
      });
      expect(await registrationsOf()).toEqual({ Alice: 'SUBMITTED', Carl: 'SUBMITTED' });
    });

    chapter('the officer approves both registrations in one request; the icons turn completed', async () => {
      await console_.reload();
      await openVisitRegistrations(console_);
      expect(
        await reviewVisitRegistrationsInBulk(console_, {
          visitors: [ALICE, CARL],
          proposalTitle: MAGNETIC,
          decision: 'approve',
        }),
      ).toBe('2 visit registrations approved');
      expect(await registrationsOf()).toEqual({ Alice: 'APPROVED', Carl: 'APPROVED' });
      // the filter is in the address: the approved ones
      await openVisitRegistrations(console_, 'Approved');
      await console_.waitForURL((u) => /"status":"APPROVED"/.test(u.searchParams.get('filter') ?? ''));
      await console_.getByRole('row').filter({ hasText: CARL }).filter({ hasText: MAGNETIC }).waitFor();
      await checkPage(console_, 'visits-08-approved');
      expect(consoleProblems).toEqual([]);
      await coproposer.reload();
      await waitForIconState(registerVisitIcon(coproposer, MAGNETIC), 'completed');
      await checkPage(coproposer, 'visits-09-coproposer-approved');
    });
  });
}
