import { createServer } from 'node:net';
import nodemailer from 'nodemailer';
import { startDevMailCatcher, type CaughtMailSummary, type DevMailCatcher } from './dev-mail-catcher';

describe('development mail catcher', () => {
  let catcher: DevMailCatcher;
  beforeAll(async () => {
    catcher = await startDevMailCatcher({ smtpPort: 0, webPort: 0 });
  });
  afterAll(() => catcher.close());

  it('accepts what nodemailer sends to SMTP_URL and shows it in the web inbox and its JSON API', async () => {
    const transport = nodemailer.createTransport(catcher.smtpUrl);
    await transport.sendMail({
      from: 'useroffice@facility.local',
      to: 'Ada Lovelace <ada@example.org>',
      bcc: 'audit@example.org',
      subject: 'Your proposal 2024-0042 has been submitted',
      text: 'Dear Ada Lovelace,\n\nyour proposal <Engines> has been submitted.',
      html: '<p>Dear Ada Lovelace,</p><p>your proposal &lt;Engines&gt; has been submitted.</p>',
    });
    transport.close();

    const mail = await catcher.waitFor((m) => m.subject.includes('2024-0042'));
    expect(mail).toMatchObject({
      from: 'useroffice@facility.local',
      to: ['ada@example.org'],
      envelope: { from: 'useroffice@facility.local', to: ['ada@example.org', 'audit@example.org'] },
      text: expect.stringContaining('your proposal <Engines> has been submitted'),
      html: expect.stringContaining('&lt;Engines&gt;'),
    });

    const list = (await (await fetch(`${catcher.webUrl}/api/messages`)).json()) as CaughtMailSummary[];
    expect(list[0]).toMatchObject({ id: mail.id, subject: 'Your proposal 2024-0042 has been submitted' });
    const one = (await (await fetch(`${catcher.webUrl}/api/messages/${mail.id}`)).json()) as { text: string };
    expect(one.text).toContain('Dear Ada Lovelace');
    const raw = await (await fetch(`${catcher.webUrl}/api/messages/${mail.id}/raw`)).text();
    expect(raw).toMatch(/^Subject: Your proposal 2024-0042 has been submitted/m);

    const inbox = await (await fetch(`${catcher.webUrl}/`)).text();
    expect(inbox).toContain(`<a href="/messages/${mail.id}">Your proposal 2024-0042 has been submitted</a>`);
    const page = await (await fetch(`${catcher.webUrl}/messages/${mail.id}`)).text();
    // the message's own HTML is shown in a sandboxed frame, escaped into its srcdoc
    expect(page).toContain('<iframe sandbox srcdoc="&lt;p&gt;Dear Ada Lovelace');
    expect((await fetch(`${catcher.webUrl}/api/messages/999999`)).status).toBe(404);

    expect((await fetch(`${catcher.webUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(catcher.messages()).toEqual([]);
  });

  it('says which port is taken and what to do', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startDevMailCatcher({ smtpPort: port, webPort: 0 })).rejects.toThrow(
        /could not open its SMTP port \(EADDRINUSE\).*DEV_SMTP_PORT.*SMTP_URL/,
      );
      await expect(startDevMailCatcher({ smtpPort: 0, webPort: port })).rejects.toThrow(
        /could not open its web inbox port \(EADDRINUSE\)/,
      );
      // npm start: a busy port is replaced by a free one (its URL is printed)
      const moved = await startDevMailCatcher({ smtpPort: port, webPort: port, fallbackToFreePorts: true });
      expect([moved.smtpPort, moved.webPort]).not.toContain(port);
      expect(moved.smtpUrl).toBe(`smtp://127.0.0.1:${moved.smtpPort}`);
      await moved.close();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
