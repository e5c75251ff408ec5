/**
 * The PDF template editor and the ESI template lists in Chromium (issue 13 items 4 and 1): the officer opens the demo's
 * PDF template from /console/PdfTemplates, edits its header in CodeMirror, previews it — the api prints the unsaved
 * texts with the dummy data and the PDF is shown in the page — and saves; with the risk assessment feature on, the
 * officer creates an ESI template from /console/EsiTemplates. Screenshots in artifacts/screenshots/pdf-editor-*.png and
 * esi-templates.png; axe finds no serious or critical violation on the pages.
 */
import type { Locator, Page } from 'playwright-core';
import { OFFICER } from '../../../../services/api/test/support/test-app';
import {
  screenshot,
  seriousViolations,
  startProduct,
  type Product,
} from '../../../portal/test/browser/harness';
import { newPage as openPage, logInToConsole } from './console-steps';

let product: Product;

beforeAll(async () => {
  // the preview is shown in Chromium's PDF viewer, which only the full browser has
  product = await startProduct({ pdfViewer: true });
}, 120_000);

afterAll(async () => {
  await product?.close();
});

const newPage = (): Promise<Page> => openPage(product);

const HEADER =
  '<div style="font-size: 10px; width: 100%; text-align: center;">Browser test header {{proposal.proposalId}}</div>';

/**
 * The share of white and of dark pixels in a screenshot, counted in the page's own canvas (no image library needed):
 * Chromium's PDF viewer is dark around the white pages it draws.
 */
async function shades(page: Page, png: Buffer): Promise<{ white: number; dark: number }> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let white = 0;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
      if (r > 245 && g > 245 && b > 245) white++;
      else if (r < 90 && g < 90 && b < 90) dark++;
    }
    const count = pixels.length / 4;
    return { white: white / count, dark: dark / count };
  }, png.toString('base64'));
}

/** Waits until the preview frame shows Chromium's PDF viewer with a page drawn in it (polled, at most 20 s). */
async function pdfPageShown(page: Page, frame: Locator): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const viewer = page.frames().find((f) => f.url().startsWith('chrome-extension://'));
    if (viewer) {
      const { white, dark } = await shades(page, await frame.screenshot());
      if (white > 0.3 && dark > 0.03) return;
      if (Date.now() > deadline)
        throw new Error(`no page drawn in the PDF viewer (white ${white}, dark ${dark})`);
    } else if (Date.now() > deadline) {
      throw new Error(
        `no PDF viewer among ${page
          .frames()
          .map((f) => f.url())
          .join(', ')}`,
      );
    }
    await page.waitForTimeout(100);
  }
}

it('an officer edits the header of a PDF template, previews it as a printed PDF in the page, and saves it', async () => {
  const page = await newPage();
  await logInToConsole(page, product.url, 'officer');
  await page.goto(`${product.url}/console/PdfTemplates`);
  await page.getByRole('button', { name: 'Edit Demo PDF' }).click();
  await page.waitForURL(/\/console\/PdfTemplateEditor\/\d+$/);
  const templateId = Number(/(\d+)$/.exec(page.url())![1]);
  await page.locator('#react-admin-title').getByText('PDF template editor: Demo PDF').waitFor();

  // the header part in CodeMirror: replaced by typing
  await page.getByRole('tab', { name: 'Header' }).click();
  const header = page.getByRole('textbox', { name: 'Header (Handlebars)' });
  await header.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(HEADER);
  await page.getByText('Unsaved changes').waitFor();
  // highlighted as HTML
  expect(await page.locator('.cm-content [class^="ͼ"], .cm-content [class*=" ͼ"]').count()).toBeGreaterThan(
    0,
  );

  const printed = page.waitForResponse((r) => r.url().endsWith('/download/pdf/template-preview'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const response = await printed;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // the unsaved header was what the api printed
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ templateHeader: HEADER });

  // the frame shows what the api printed: a PDF
  const frame = page.getByTitle('PDF preview');
  await frame.waitFor();
  const magic = await frame.evaluate(async (element) => {
    const bytes = await (await fetch((element as HTMLIFrameElement).src)).arrayBuffer();
    return String.fromCharCode(...new Uint8Array(bytes.slice(0, 5)));
  });
  expect(magic).toBe('%PDF-');
  await pdfPageShown(page, frame);
  await screenshot(page, 'pdf-editor-preview');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved', { exact: true }).waitFor();
  const saved = await product.t.gql<{ getPdfTemplate: { templateHeader: string } }>(
    'query($id: Int!) { getPdfTemplate(pdfTemplateId: $id) { templateHeader } }',
    { id: templateId },
    product.t.token(OFFICER),
  );
  expect(saved.data?.getPdfTemplate.templateHeader).toBe(HEADER);

  expect(await seriousViolations(page)).toEqual([]);

  // dummy data that is not JSON is flagged before anything is sent
  await page.getByRole('tab', { name: 'Dummy data' }).click();
  await page.getByRole('textbox', { name: 'Dummy data (JSON)' }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(',');
  await page.getByText('Dummy data must be valid JSON').first().waitFor();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/updatePdfTemplate|template-preview/.test(`${request.url()} ${request.postData() ?? ''}`))
      sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  // the message stays on the dummy data (and is said in a notification); nothing went to the server
  await page.locator('.MuiSnackbar-root').getByText('Dummy data must be valid JSON').waitFor();
  await screenshot(page, 'pdf-editor-invalid-json');
  expect(sent).toEqual([]);
});

it('with the risk assessment feature, the menu group ESI lists ESI templates; a new one opens in the questionary editor', async () => {
  const enabled = await product.t.gql(
    'mutation($i: UpdateFeaturesInput!) { updateFeatures(input: $i) { id isEnabled } }',
    { i: { action: 'ENABLE', featureIds: ['RISK_ASSESSMENT'] } },
    product.t.token(OFFICER),
  );
  expect(enabled.errors).toBeUndefined();
  const page = await newPage();
  await logInToConsole(page, product.url, 'officer');
  // the officer's home sends the console on to the proposals table: a menu click before that move would be undone
  await page.waitForURL(/\/console\/Proposals/);
  await page.getByRole('menuitem', { name: 'Sample ESI templates' }).waitFor();
  // the click has been seen lost twice in full runs (the menu re-rendering under it, cause not established): it is
  // given again when the address did not move
  const esiTemplates = page.getByRole('menuitem', { name: 'ESI templates', exact: true });
  for (let attempt = 0; attempt < 3 && !/\/console\/EsiTemplates$/.test(page.url()); attempt += 1) {
    await esiTemplates.click();
    await page.waitForURL(/\/console\/EsiTemplates$/, { timeout: 5_000 }).catch(() => undefined);
  }
  await page.waitForURL(/\/console\/EsiTemplates$/);
  await page.getByRole('button', { name: 'Create template' }).click();
  const create = page.getByRole('dialog', { name: 'Create template' });
  await create.getByLabel('Name').fill('Beamline ESI');
  await create.getByRole('button', { name: 'Create template' }).click();
  await page.waitForURL(/\/console\/QuestionaryEditor\/\d+$/);
  await page.getByTestId('question-card-proposal_esi_basis').waitFor();
  await page.goto(`${product.url}/console/EsiTemplates`);
  await page.getByText('Beamline ESI').waitFor();
  await screenshot(page, 'esi-templates');
  expect(await seriousViolations(page)).toEqual([]);
});
