/**
 * Experiments and their safety in Chromium, as the people who use them (issue 29's story): the officer schedules
 * an experiment for the demo's accepted "Lithium diffusion…" proposal on the D22 timeline, and a drag onto the
 * "Protein hydration…" experiment is refused with the server's overlap message; the applicant (its PI) sees the
 * experiment on the portal's dashboard, fills its experiment safety input with two samples and submits it; the
 * instrument's scientist and then the `safety` account accept it in the console; the experiment moves along the
 * default experiment workflow to ESF_APPROVED and the applicant is e-mailed. Last, every page of the scientist's
 * and the safety reviewer's menus loads with no page error, no failed request and no serious axe violation.
 * Screenshots: artifacts/screenshots/experiments-*.
 */
import { DEV_ACCOUNTS } from '@user-office/contracts';
import { MailerService } from '../../../../services/api/src/modules/notifications';
import { eventually } from '../../../../services/api/test/support/eventually';
import {
  logIn,
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { fillEsiWithTwoSamples, upcomingExperimentRow } from '../../../portal/test/browser/esi-steps';
import {
  checkPage,
  logInToConsole,
  newPage,
  officerGql,
  storyChapters,
  visitMenuPages,
} from './console-steps';
import { dragOverlapRefused, openExperimentTimes, scheduleOnTimeline } from './experiment-steps';
import { decideAsSafetyReviewer, decideAsScientist, openSafetyReview } from './safety-review-steps';

const LITHIUM = 'Lithium diffusion in solid electrolytes';
const PROTEIN = 'Protein hydration water dynamics';

interface ExperimentRow {
  experimentPk: number;
  startsAt: string;
  endsAt: string;
  proposal: { title: string };
}

let product: Product;
let officer: ReturnType<typeof officerGql>;
let scheduledPk: number;

/** A datetime-local input's value ("2026-12-03T08:00") in the browser's (UTC) time zone. */
const localInput = (at: Date) => at.toISOString().slice(0, 16);

beforeAll(async () => {
  product = await startProduct();
  officer = officerGql(product);
  // the demo's own "Lithium diffusion…" experiment goes: the officer schedules the one this story follows
  const { experiments } = await officer<{ experiments: { experiments: ExperimentRow[] } }>(
    '{ experiments { experiments { experimentPk startsAt endsAt proposal { title } } } }',
  );
  for (const e of experiments.experiments.filter((e) => e.proposal.title === LITHIUM))
    await officer('mutation($pk: Int!) { deleteExperiment(experimentPk: $pk) { experimentPk } }', {
      pk: e.experimentPk,
    });
}, 180_000);

afterAll(async () => {
  await product?.close();
});

const chapter = storyChapters(() => product, 'experiments');

describe('experiments and their safety in Chromium', () => {
  chapter(
    'the officer schedules an experiment on the timeline, and dragging it onto another experiment is refused with the overlap message',
    async () => {
      const page = await newPage(product);
      await logInToConsole(page, product.url, 'officer');
      await page.waitForURL((u) => u.pathname === '/console/Proposals');
      // the experiments table lists the demo's experiment of "Protein hydration…"
      await page.getByRole('menuitem', { name: 'Experiments', exact: true }).click();
      await page
        .getByRole('cell', { name: new RegExp(PROTEIN) })
        .first()
        .waitFor();
      await checkPage(page, 'experiments-01-list');

      const { experiments } = await officer<{ experiments: { experiments: ExperimentRow[] } }>(
        '{ experiments { experiments { experimentPk startsAt endsAt proposal { title } } } }',
      );
      const protein = experiments.experiments.find((e) => e.proposal.title === PROTEIN)!;
      // two days, ending two days before the protein experiment starts (both in the timeline's window)
      const endsAt = new Date(new Date(protein.startsAt).getTime() - 2 * 86_400_000);
      const startsAt = new Date(endsAt.getTime() - 2 * 86_400_000);
      // a retried chapter starts over: the experiment its first try scheduled goes first (one Lithium experiment)
      if (scheduledPk) {
        await officer('mutation($pk: Int!) { deleteExperiment(experimentPk: $pk) { experimentPk } }', {
          pk: scheduledPk,
        });
      }
      await openExperimentTimes(page, { instrument: 'D22' });
      scheduledPk = await scheduleOnTimeline(page, {
        instrument: 'D22',
        proposalTitle: LITHIUM,
        startsAt: localInput(startsAt),
        endsAt: localInput(endsAt),
        status: 'Active',
      });
      await checkPage(page, 'experiments-02-scheduled');

      // dragged onto the protein experiment: refused with the overlap message, back in its place
      const message = await dragOverlapRefused(page, {
        item: { experimentPk: scheduledPk },
        onto: { experimentPk: protein.experimentPk },
      });
      expect(message).toMatch(
        new RegExp(`^The experiment overlaps experiment \\S+ \\(.+\\) on this instrument$`),
      );
      await checkPage(page, 'experiments-03-overlap-refused');
      // nothing moved on the server
      const { experiments: after } = await officer<{ experiments: { experiments: ExperimentRow[] } }>(
        '{ experiments { experiments { experimentPk startsAt endsAt proposal { title } } } }',
      );
      expect(after.experiments.find((e) => e.experimentPk === scheduledPk)).toEqual(
        expect.objectContaining({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }),
      );
    },
  );

  chapter(
    'the applicant sees it on the dashboard, fills its safety input with two samples and submits it',
    async () => {
      const page = await newPage(product);
      await logIn(page, product.url, 'applicant');
      // the demo's own Lithium experiment is upcoming too: the scheduled one by its key
      await upcomingExperimentRow(page, LITHIUM, scheduledPk).getByText(LITHIUM).waitFor();
      await screenshot(page, 'experiments-04-dashboard');
      expect(await seriousViolations(page)).toEqual([]);
      const experimentPk = await fillEsiWithTwoSamples(page, {
        proposalTitle: LITHIUM,
        experimentPk: scheduledPk,
        checkpoint: async (name) => {
          await screenshot(page, `experiments-05-esi-${name}`);
          expect(await seriousViolations(page)).toEqual([]);
        },
      });
      expect(experimentPk).toBe(scheduledPk);
    },
  );

  chapter(
    "the instrument's scientist and then the safety reviewer accept it; the experiment moves on its workflow and the applicant is e-mailed",
    async () => {
      const scientist = await newPage(product);
      await logInToConsole(scientist, product.url, 'scientist');
      await openSafetyReview(scientist, LITHIUM);
      await checkPage(scientist, 'experiments-06-scientist-review');
      expect(
        await decideAsScientist(scientist, {
          proposalTitle: LITHIUM,
          decision: 'ACCEPTED',
          comment: 'Furnace set-up checked with the D22 team.',
        }),
      ).toEqual({ outcome: 'success', message: 'Saved' });

      const mailer = product.t.app.get(MailerService);
      const applicantEmail = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!.email;
      const mailsBefore = mailer.outbox.filter((m) => m.to === applicantEmail).length;

      const safety = await newPage(product);
      await logInToConsole(safety, product.url, 'safety');
      await safety.waitForURL((u) => u.pathname === '/console/ExperimentSafetyReview');
      await safety.getByRole('row').filter({ hasText: LITHIUM }).first().waitFor();
      await checkPage(safety, 'experiments-07-safety-queue');
      expect(
        await decideAsSafetyReviewer(safety, {
          proposalTitle: LITHIUM,
          decision: 'ACCEPTED',
          comment: 'Lithium compounds kept dry; the furnace is a standard D22 environment.',
          riskLevel: 'LOW_RISK',
        }),
      ).toEqual({ outcome: 'success', message: 'Saved' });
      await checkPage(safety, 'experiments-08-safety-accepted');

      // the default experiment workflow: AWAITING_ESF → ESF_IS_REVIEW → ESF_APPROVED, which e-mails the PI
      const status = await eventually(async () => {
        const { experiments } = await officer<{
          experiments: { experiments: { experimentPk: number; workflowStatusId: number | null }[] };
        }>('{ experiments { experiments { experimentPk workflowStatusId } } }');
        const { getStatuses } = await officer<{ getStatuses: { id: number; shortCode: string }[] }>(
          '{ getStatuses(entityType: EXPERIMENT) { id shortCode } }',
        );
        const id = experiments.experiments.find((e) => e.experimentPk === scheduledPk)?.workflowStatusId;
        const shortCode = getStatuses.find((s) => s.id === id)?.shortCode;
        return shortCode === 'ESF_APPROVED' ? shortCode : undefined;
      }, 'the experiment reaches ESF_APPROVED');
      expect(status).toBe('ESF_APPROVED');
      const mail = await eventually(
        async () =>
          mailer.outbox.filter((m) => m.to === applicantEmail).length > mailsBefore
            ? mailer.outbox.filter((m) => m.to === applicantEmail).at(-1)
            : undefined,
        "the PI's e-mail",
      );
      expect(mail.text).toMatch(/experiment safety form of your experiment \S+ on D22 .+ has been approved/);
    },
  );

  chapter(
    "every page of the scientist's and the safety reviewer's menus loads and is accessible",
    async () => {
      for (const username of ['scientist', 'safety']) {
        const { pages, problems } = await visitMenuPages(product, username, 'experiments-menu');
        expect(problems).toEqual([]);
        if (username === 'safety') expect(pages).toEqual(['Experiment Safety']);
        else expect(pages).toEqual(expect.arrayContaining(['Experiment Times', 'Experiment Safety']));
      }
    },
  );
});
