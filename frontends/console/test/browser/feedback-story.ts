/**
 * Feedback on a completed experiment in Chromium (issue 30's story, the feedback part): the demo's experiment of
 * "Lithium diffusion…" ended three days ago and is COMPLETED, so its PI (`applicant`) has been e-mailed a feedback
 * reminder; she follows its link (/CreateFeedback/{experimentPk}), which starts her feedback and opens its wizard
 * at /UpdateFeedback/{feedbackId}, answers it and submits it with confirmation (read-only afterwards, and the link
 * leads back to it); the officer finds it in the console's Feedback list (filtered by instrument and status, kept
 * in the address) and reads the answers. Every page: no page error, no failed request, no serious axe violation.
 * Screenshots: artifacts/screenshots/feedback-*.
 */
import { DEV_ACCOUNTS } from '@user-office/contracts';
import type { Page } from 'playwright-core';
import { MailerService } from '../../../../services/api/src/modules/notifications';
import { eventually } from '../../../../services/api/test/support/eventually';
import { upcomingExperimentRow } from '../../../portal/test/browser/esi-steps';
import { giveFeedback, DEMO_FEEDBACK_ANSWERS } from '../../../portal/test/browser/feedback-steps';
import { logIn, screenshot, seriousViolations, type Product } from '../../../portal/test/browser/harness';
import { checkPage, logInToConsole, officerGql, storyChapters } from './console-steps';

/** The feedback part of the story around experiments; `shared` is the product the story file started. */
export function feedbackStory(shared: () => Product): void {
  const LITHIUM = 'Lithium diffusion in solid electrolytes';
  const applicant = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!;

  let product: Product;
  let officer: ReturnType<typeof officerGql>;
  let completedPk: number;
  let feedbackId: number;

  /** A page of a fresh profile whose page errors and failed requests are collected (none is the aim). */
  async function watchedPage(problems: string[]): Promise<Page> {
    const page = await (await product.context()).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => {
      // a request the page itself dropped on navigating away is not a failure
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed ${r.url()}`);
    });
    return page;
  }

  beforeAll(async () => {
    product = shared();
    officer = officerGql(product);
    const { experiments } = await officer<{
      experiments: { experiments: { experimentPk: number; proposal: { title: string } }[] };
    }>(
      '{ experiments(filter: { status: [COMPLETED] }) { experiments { experimentPk proposal { title } } } }',
    );
    completedPk = experiments.experiments.find((e) => e.proposal.title === LITHIUM)!.experimentPk;
  }, 180_000);

  const chapter = storyChapters(() => product, 'feedback');

  describe('feedback on a completed experiment in Chromium', () => {
    chapter(
      'after the experiment completes the PI follows the reminder, gives feedback and submits it',
      async () => {
        // the reminder planned when the demo's experiment was completed (the first is due when it ends)
        const mailer = product.t.app.get(MailerService);
        const reminder = await eventually(
          async () =>
            mailer.outbox.find(
              (m) => m.to === applicant.email && m.subject.includes('Your feedback on experiment'),
            ),
          "the PI's feedback reminder",
        );
        const link = /(http\S+\/CreateFeedback\/\d+)/.exec(reminder.text)?.[1];
        expect(link).toBe(`${product.url}/CreateFeedback/${completedPk}`);

        const problems: string[] = [];
        const page = await watchedPage(problems);
        await logIn(page, product.url, 'applicant');
        // the dashboard lists the completed experiment (awaiting feedback) with its give-feedback icon active
        await page.goto(product.url);
        const giveIcon = upcomingExperimentRow(page, LITHIUM)
          .getByRole('button', { name: /^Give feedback on the experiment of proposal/ })
          .and(page.locator('[data-state="active"]'));
        await giveIcon.click();
        await page.waitForURL(/\/(CreateFeedback|UpdateFeedback)\/\d+/);
        const check = async (name: string) => {
          await screenshot(page, name);
          expect(await seriousViolations(page)).toEqual([]);
        };
        feedbackId = await giveFeedback(page, product.url, {
          experimentPk: completedPk,
          checkpoint: (name) =>
            check(`feedback-0${{ wizard: 1, review: 2, submitted: 3 }[name]}-portal-${name}`),
        });
        // the link leads back to the same feedback, read-only
        await page.goto(link!);
        await page.waitForURL(new RegExp(`/UpdateFeedback/${feedbackId}`));
        await page.getByText('Your feedback has been submitted and can no longer be changed.').waitFor();
        await page.getByRole('button', { name: 'Submitted', exact: true, disabled: true }).waitFor();
        await check('feedback-04-portal-read-only');
        expect(problems).toEqual([]);

        const { getFeedback } = await officer<{ getFeedback: { status: string; creatorId: number } }>(
          'query($f: Int!) { getFeedback(feedbackId: $f) { status creatorId } }',
          { f: feedbackId },
        );
        expect(getFeedback.status).toBe('SUBMITTED');
      },
    );

    chapter('the officer finds it in the console and reads the answers', async () => {
      const problems: string[] = [];
      const page = await watchedPage(problems);
      await logInToConsole(page, product.url, 'officer');
      await page.getByRole('menuitem', { name: 'Feedback', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/console/Feedbacks');
      const row = page.getByTestId(`feedback-row-${feedbackId}`);
      await row.waitFor();
      await checkPage(page, 'feedback-05-console-list');

      // filtered by instrument and status: kept in the address
      for (const [label, option] of [
        ['Instrument', 'D22'],
        ['Status', 'Submitted'],
      ]) {
        await page.getByRole('combobox', { name: label }).click();
        await page.getByRole('option').filter({ hasText: option }).first().click();
        await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
      }
      await page.waitForURL(
        (u) => u.searchParams.has('instrument') && u.searchParams.get('status') === 'SUBMITTED',
      );
      await row.waitFor();
      await checkPage(page, 'feedback-06-console-filtered');

      await row
        .getByRole('button', {
          name: `Read the feedback of ${applicant.firstname} ${applicant.lastname} on experiment`,
          exact: false,
        })
        .click();
      await page.waitForURL(new RegExp(`/console/Feedbacks/${feedbackId}$`));
      const answers = page.getByRole('region', { name: 'Answers' });
      await answers.getByText(DEMO_FEEDBACK_ANSWERS.texts['What could the facility do better?']).waitFor();
      await answers.getByText('Very well').waitFor();
      await checkPage(page, 'feedback-07-console-read');

      // back to the list, with its filter
      await page.getByRole('link', { name: 'Back to the list' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/console/Feedbacks' && u.searchParams.get('status') === 'SUBMITTED',
      );
      await row.waitFor();
      expect(problems).toEqual([]);
    });
  });
}
