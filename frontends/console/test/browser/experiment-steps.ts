/**
 * Steps on the console's experiment timeline (`/console/ExperimentTimes`, issue 29), for the browser stories: open
 * it on an instrument, schedule an experiment for a proposal, drag one onto another and see the server refuse it.
 * Each step waits for what the server answered, shown on the page.
 */
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from './console-steps';

/** An experiment on the timeline: by its proposal's title (the `nth` of several), or by its primary key. */
export type TimelineItemRef = { proposalTitle: string; nth?: number } | { experimentPk: number };

/** The timeline's item (a vis-timeline item: its class names the experiment's primary key and status). */
export function timelineItem(page: Page, ref: TimelineItemRef): Locator {
  if ('experimentPk' in ref) return page.locator(`.vis-item.experiment-pk-${ref.experimentPk}`);
  return page
    .locator('.vis-item.experiment')
    .filter({ hasText: ref.proposalTitle })
    .nth(ref.nth ?? 0);
}

/** Picks an option of a MUI select (a TextField `select`) by its label and (part of) the option's text. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await chooseOption(page, scope.getByRole('combobox', { name: label }), new RegExp(escapeRegExp(option)));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens the timeline from the side menu (the account is logged in to the console) and shows `instrument` (part of
 * its name) and, when given, `call` (part of "short code – title"); waits for the time summary.
 */
export async function openExperimentTimes(
  page: Page,
  { instrument, call }: { instrument: string; call?: string },
): Promise<void> {
  await page.getByRole('menuitem', { name: 'Experiment Times', exact: true }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/ExperimentTimes'));
  // the first instrument and the newest call are shown once their lists have loaded
  await page.locator('.vis-timeline').waitFor();
  const shown = await page.getByRole('combobox', { name: 'Instrument' }).textContent();
  if (!shown?.includes(instrument)) await choose(page, page, 'Instrument', instrument);
  if (call) {
    const current = await page.getByRole('combobox', { name: 'Call' }).textContent();
    if (!current?.includes(call)) await choose(page, page, 'Call', call);
  }
  await page.getByRole('heading', { name: /^Time summary/ }).waitFor();
  await page.locator('.vis-timeline').waitFor();
}

export interface ScheduleOnTimeline {
  /** part of the instrument's name ("D22") */
  instrument: string;
  /** the proposal's title (one of the time summary's: accepted, with time on the instrument) */
  proposalTitle: string;
  /** the times as a datetime-local input takes them, in the facility's time zone ("2026-12-03T08:00") */
  startsAt: string;
  endsAt: string;
  /** part of the call's name; the newest call when left out */
  call?: string;
  /** part of the local contact's name; none when left out */
  localContact?: string;
  /** the status's label ("Active"); Draft when left out */
  status?: string;
}

/**
 * The officer (or the instrument's scientist) schedules an experiment on the timeline: the Schedule button's
 * dialog, the proposal from the time summary's list, the times, then Create; waits for the success notification
 * and for the new item on the timeline (the times must be in the window shown: a week back to four weeks ahead).
 * Returns the new item's primary key.
 */
export async function scheduleOnTimeline(page: Page, input: ScheduleOnTimeline): Promise<number> {
  if (!page.url().includes('/ExperimentTimes'))
    await openExperimentTimes(page, { instrument: input.instrument, call: input.call });
  const before = await itemPks(page);
  await page.getByRole('button', { name: 'Schedule experiment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create experiment' });
  await dialog.waitFor();
  await choose(dialog, page, 'Proposal', input.proposalTitle);
  await dialog.getByLabel('Starts').fill(input.startsAt);
  await dialog.getByLabel('Ends').fill(input.endsAt);
  if (input.localContact) await choose(dialog, page, 'Local contact', input.localContact);
  if (input.status) await choose(dialog, page, 'Status', input.status);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Experiment created successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });
  let added: number[] = [];
  for (let i = 0; i < 50 && added.length === 0; i += 1) {
    added = (await itemPks(page)).filter((pk) => !before.includes(pk));
    if (added.length === 0) await page.waitForTimeout(100);
  }
  if (added.length !== 1) throw new Error(`expected one new item on the timeline, saw ${added.length}`);
  await timelineItem(page, { experimentPk: added[0] }).filter({ hasText: input.proposalTitle }).waitFor();
  return added[0];
}

/** The primary keys of the experiments the timeline shows. */
export async function itemPks(page: Page): Promise<number[]> {
  return page.locator('.vis-item.experiment').evaluateAll((items) =>
    items.flatMap((item) => {
      const match = /experiment-pk-(\d+)/.exec(item.className);
      return match ? [Number(match[1])] : [];
    }),
  );
}

/**
 * Drags `item` by the mouse onto the middle of `onto` (another experiment on the same instrument) and drops it: the
 * server refuses the overlap, its message shows as an error notification, and the item goes back to where it was.
 * Returns the message.
 */
export async function dragOverlapRefused(
  page: Page,
  { item, onto }: { item: TimelineItemRef; onto: TimelineItemRef },
): Promise<string> {
  const dragged = timelineItem(page, item);
  const target = timelineItem(page, onto);
  await dragged.scrollIntoViewIfNeeded();
  const from = (await dragged.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, start.y, { steps: 15 });
  await page.mouse.up();
  const alert = page.locator('.MuiSnackbarContent-root, .MuiAlert-root').filter({ hasText: 'overlaps' });
  await alert.first().waitFor();
  const message = (await alert.first().textContent())?.trim() ?? '';
  // back in place: the same left edge and width as before the drag
  for (let i = 0; i < 50; i += 1) {
    const now = await dragged.boundingBox();
    if (now && Math.abs(now.x - from.x) < 1 && Math.abs(now.width - from.width) < 1) return message;
    await page.waitForTimeout(100);
  }
  throw new Error('the refused experiment did not go back to its place');
}
