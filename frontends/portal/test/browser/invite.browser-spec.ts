import { MailerService } from '../../../../services/api/src/modules/notifications';
import { logIn, screenshot, seriousViolations, startProduct, type Product } from './harness';

const TITLE = 'Spin waves in a frustrated magnet';
const INVITEE = 'newcomer@example.org';

describe('co-proposer invitations in Chromium (§2 Join proposal, EMAIL_INVITE)', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  }, 120_000);
  afterAll(() => product?.close());

  /** The code of the invitation e-mail sent to `to` (sent by a job: waited for). */
  async function invitationCode(to: string): Promise<string> {
    const mailer = product.t.app.get(MailerService);
    for (let i = 0; i < 100; i++) {
      const mail = mailer.outbox.find((m) => m.to === to);
      const code = mail ? /with this code: (\S+)/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no invitation e-mail to ${to}`);
  }

  it('a PI invites an unregistered e-mail; whoever holds the code joins from My proposals', async () => {
    const page = await (await product.context()).newPage();
    await logIn(page, product.url, 'applicant');
    await page.getByRole('link', { name: 'New Proposal' }).first().click();
    await page
      .getByRole('button', { name: /Create a proposal in/ })
      .first()
      .click();
    await page.getByLabel('Proposal Title').fill(TITLE);
    await page.getByLabel('Proposal Abstract').fill('Inelastic scattering on a kagome lattice.');
    await page.getByRole('button', { name: 'Add co-proposers' }).click();
    const picker = page.getByRole('dialog', { name: 'Add people to proposal' });
    await picker.getByLabel('E-mail').fill(INVITEE);
    await picker.getByRole('button', { name: 'Find' }).click();
    await picker.getByText('We cannot find that email').waitFor();
    await picker.getByRole('button', { name: `Invite ${INVITEE} by e-mail` }).click();
    await screenshot(page, '30-invite-by-email');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    await page.getByText('Invited').first().waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/ProposalEdit\/\d+/);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText(INVITEE).waitFor();
    await page.getByText('Invited').first().waitFor();
    await screenshot(page, '31-invited-chip');

    const code = await invitationCode(INVITEE);

    const mia = await (await product.context()).newPage();
    await logIn(mia, product.url, 'multi');
    await mia.getByRole('button', { name: 'Join proposal' }).click();
    const join = mia.getByRole('dialog', { name: 'Join proposal' });
    await join.getByLabel('Invitation code').fill('not-a-code');
    await join.getByRole('button', { name: 'Join' }).click();
    await join.getByRole('alert').waitFor();
    await join.getByLabel('Invitation code').fill(code);
    await screenshot(mia, '32-join-proposal');
    expect(await seriousViolations(mia)).toEqual([]);
    await join.getByRole('button', { name: 'Join' }).click();
    await mia.getByText('Code verification successful').waitFor();
    await mia.getByRole('cell', { name: TITLE }).waitFor();
    await screenshot(mia, '33-joined');
  }, 180_000);
});
