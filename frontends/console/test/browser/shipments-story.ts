/**
 * Shipments in Chromium, as the people who use them (issue 30's shipments part; to be folded with the visits and
 * feedback parts into one story): the applicant, PI of the demo's accepted "Lithium diffusion…" proposal, declares a
 * shipment for its experiment with its two samples — an empty title first refused with §5's message from the
 * server —, submits it (locked) and downloads the label, a PDF whose text holds the shipment id; then the officer
 * finds it in the console's shipments list (filtered by status in the address), marks it received and downloads the
 * label there too. Every page loads with no page error, no failed request and no serious axe violation.
 * Screenshots: artifacts/screenshots/shipments-*.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { shipmentMessages } from '@user-office/contracts';
import { logIn, screenshot, seriousViolations, type Product } from '../../../portal/test/browser/harness';
import {
  createShipmentRefused,
  declareShipment,
  openDeclareShipments,
  pdfText,
} from '../../../portal/test/browser/shipment-steps';
import { checkPage, logInToConsole, newPage, officerGql, storyChapters } from './console-steps';

/** The shipments part of the story around experiments; `shared` is the product the story file started. */
export function shipmentsStory(shared: () => Product): void {
  const LITHIUM = 'Lithium diffusion in solid electrolytes';
  const SAMPLES = ['LLZO pellet', 'Ta-doped LLZO powder'];
  const TITLE = 'Electrolyte samples for D22';

  let product: Product;
  let officer: ReturnType<typeof officerGql>;
  let experimentPk: number;
  let shipmentId: number;

  /** the page errors and failed requests of a page (none is the aim) */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    return problems;
  }

  beforeAll(async () => {
    product = shared();
    officer = officerGql(product);
    const { experiments } = await officer<{
      experiments: { experiments: { experimentPk: number; proposal: { title: string } }[] };
    }>('{ experiments { experiments { experimentPk proposal { title } } } }');
    experimentPk = experiments.experiments.find((e) => e.proposal.title === LITHIUM)!.experimentPk;
  }, 180_000);

  const chapter = storyChapters(() => product, 'shipments');

  describe('shipments in Chromium', () => {
    chapter('the PI declares a shipment with two samples, submits and downloads the label', async () => {
      const page = await newPage(product);
      const problems = problemsOf(page);
      await logIn(page, product.url, 'applicant');
      await openDeclareShipments(page, product.url, experimentPk);
      expect(await createShipmentRefused(page, '')).toBe(shipmentMessages.titleRequired);
      const check = async (name: string) => {
        await screenshot(page, `shipments-${name}`);
        expect(await seriousViolations(page)).toEqual([]);
      };
      await check('01-refused');
      const declared = await declareShipment(page, {
        url: product.url,
        experimentPk,
        title: TITLE,
        samples: SAMPLES,
        checkpoint: async (name) =>
          check({ created: '02-created', declared: '03-declared', submitted: '04-submitted' }[name]),
      });
      shipmentId = declared.shipmentId;
      expect(declared.label.name).toMatch(
        new RegExp(`_shipment_${shipmentId}_Electrolyte samples for D22\\.pdf$`),
      );
      expect(declared.label.text).toContain(`Shipment ID ${shipmentId}`);
      for (const sample of SAMPLES) expect(declared.label.text).toContain(sample);
      expect(declared.label.text).toContain(LITHIUM);
      // the server has it submitted with the two samples
      const { getShipment } = await officer<{
        getShipment: { status: string; samples: { title: string }[] };
      }>('query($s: Int!) { getShipment(shipmentId: $s) { status samples { title } } }', { s: shipmentId });
      expect(getShipment).toEqual({ status: 'SUBMITTED', samples: SAMPLES.map((title) => ({ title })) });
      expect(problems).toEqual([]);
    });

    chapter(
      'the officer finds it in the shipments list by its status, marks it received and downloads its label',
      async () => {
        const page = await newPage(product);
        const problems = problemsOf(page);
        await logInToConsole(page, product.url, 'officer');
        await page.getByRole('menuitem', { name: 'Shipments', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/console/Shipments');
        // the demo's submitted shipment and the applicant's
        await page.getByRole('cell', { name: 'Lysozyme powders', exact: true }).waitFor();
        await page.getByLabel('Status').click();
        await page.getByRole('option', { name: 'Submitted', exact: true }).click();
        await page.waitForURL(/[?&]status=SUBMITTED/);
        const row = page.getByRole('row').filter({ hasText: TITLE });
        await row.waitFor();
        await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
        await checkPage(page, 'shipments-05-console-list');

        await row.getByRole('button', { name: `Open shipment ${TITLE}` }).click();
        await page.waitForURL((u) => u.pathname === `/console/Shipments/${shipmentId}`);
        await page.getByRole('heading', { level: 1, name: `Shipment ${shipmentId}: ${TITLE}` }).waitFor();
        await page.getByRole('list', { name: 'Samples' }).getByText(SAMPLES[1], { exact: true }).waitFor();
        await page.getByRole('button', { name: `Mark shipment ${TITLE} received` }).click();
        const confirm = page.getByRole('dialog', { name: 'Please confirm' });
        await confirm.getByRole('button', { name: 'OK' }).click();
        await confirm.waitFor({ state: 'hidden' });
        await page.getByText('Shipment marked received').waitFor();
        await page.getByRole('button', { name: /^Received \d{4}-\d{2}-\d{2}$/ }).waitFor();
        await checkPage(page, 'shipments-06-console-received');
        const { getShipment } = await officer<{ getShipment: { receivedAt: string | null } }>(
          'query($s: Int!) { getShipment(shipmentId: $s) { receivedAt } }',
          { s: shipmentId },
        );
        expect(getShipment.receivedAt).toEqual(expect.any(String));

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: `Download the label of shipment ${TITLE}` }).click();
        const file = await download;
        expect(await pdfText(await readFile(await file.path()))).toContain(`Shipment ID ${shipmentId}`);
        expect(problems).toEqual([]);
      },
    );
  });
}
