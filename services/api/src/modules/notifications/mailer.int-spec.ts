import { connect, createServer, type Socket } from 'node:net';
import { QUEUES } from '@user-office/contracts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startDevMailCatcher, type DevMailCatcher } from '../../dev-mail/dev-mail-catcher';
import type { JobContext, JobQueue } from '../../platform/queue/job-queue.port';
import { JOB_QUEUE } from '../../platform/tokens';
import { MailerService, SEND_EMAIL_JOB } from './index';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(['in-process', 'redis'] as const)('the mailer (%s queue)', (queue) => {
  let t: TestApp;
  let catcher: DevMailCatcher;
  let mailer: MailerService;

  beforeAll(async () => {
    catcher = await startDevMailCatcher({ smtpPort: 0, webPort: 0 });
    t = await createTestApp({ store: 'pglite', queue });
    mailer = t.app.get(MailerService);
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });
  afterEach(() => {
    t.config.smtpUrl = null;
  });

  it('keeps e-mails in the local outbox while SMTP_URL is unset', async () => {
    const delivery = await mailer.deliver({ to: 'ada@example.org', subject: 'Outbox', text: 'kept' });
    expect(delivery).toEqual({ messageId: null, via: 'outbox' });
    expect(mailer.outbox.at(-1)).toMatchObject({
      to: 'ada@example.org',
      subject: 'Outbox',
      from: 'useroffice@facility.local',
    });
  });

  it('sends through SMTP_URL, read at each send: a server that is down fails the send, and it works once back', async () => {
    t.config.smtpUrl = catcher.smtpUrl;
    // any script arrives as written; the body's transfer encoding is named (quoted-printable), not detected:
    // detection would pick base64 for a text mostly of other letters than a–z, like this one
    const text = `hello Ångström — ${'Привет, 日本語 '.repeat(8)}`;
    const sent = await mailer.deliver({
      to: 'ada@example.org',
      subject: `SMTP ${queue} Žofie`,
      text,
      html: `<p>${text}</p>`,
    });
    expect(sent.via).toBe('smtp');
    expect(sent.messageId).toMatch(/@/);
    const mail = await catcher.waitFor((m) => m.subject === `SMTP ${queue} Žofie`);
    expect(mail).toMatchObject({
      from: 'useroffice@facility.local',
      to: ['ada@example.org'],
      text,
      html: `<p>${text}</p>`,
    });
    expect(mail.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/);

    const port = await closedPort();
    t.config.smtpUrl = `smtp://127.0.0.1:${port}`;
    await expect(mailer.deliver({ to: 'ada@example.org', subject: 'Lost', text: 'x' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    t.config.smtpUrl = catcher.smtpUrl;
    await mailer.deliver({ to: 'ada@example.org', subject: `Back ${queue}`, text: 'x' });
    await catcher.waitFor((m) => m.subject === `Back ${queue}`);
  });

  it('sends a burst through a pool of EMAIL_CONCURRENCY connections kept open, each e-mail once', async () => {
    // a counting proxy in front of the catcher: how many connections the mailer opens
    let connections = 0;
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      connections += 1;
      const upstream = connect(catcher.smtpPort, '127.0.0.1', () => client.pipe(upstream).pipe(client));
      sockets.add(client).add(upstream);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const concurrency = t.config.emailConcurrency;
    try {
      t.config.emailConcurrency = 3;
      t.config.smtpUrl = `smtp://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      const subjects = Array.from({ length: 12 }, (_, i) => `Pooled ${queue} ${i}`);
      const sent = await mailer.deliverMany(
        subjects.map((subject) => ({ mail: { to: 'ada@example.org', subject, text: 'x' } })),
      );
      expect(sent.every((s) => s.ok)).toBe(true);
      for (const subject of subjects) await catcher.waitFor((m) => m.subject === subject);
      expect(connections).toBeGreaterThan(0);
      expect(connections).toBeLessThanOrEqual(3);
      expect(catcher.messages().filter((m) => m.subject.startsWith(`Pooled ${queue} `))).toHaveLength(12);
    } finally {
      t.config.emailConcurrency = concurrency;
      t.config.smtpUrl = null;
      for (const socket of sockets) socket.destroy(); // the pool's connections stay open until then
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('keeps its public face: enqueued e-mails are sent once per job id; other jobs of the email queue go to their handler', async () => {
    t.config.smtpUrl = catcher.smtpUrl;
    const mail = { to: 'bob@example.org', subject: `Queued ${queue}`, text: 'once' };
    expect(await mailer.enqueue(`mailer-test-${queue}`, mail)).toBe(true);
    expect(await mailer.enqueue(`mailer-test-${queue}`, mail)).toBe(false);
    await catcher.waitFor((m) => m.subject === `Queued ${queue}`);

    const seen: { data: unknown; job: JobContext }[] = [];
    mailer.handle('mailer-test-job', async (data, job) => {
      seen.push({ data, job });
      return 'handled';
    });
    expect(() => mailer.handle('mailer-test-job', async () => null)).toThrow(/already has a processor/);
    expect(() => mailer.handle(SEND_EMAIL_JOB, async () => null)).toThrow(/already has a processor/);
    const jobs = t.app.get<JobQueue>(JOB_QUEUE);
    await jobs.enqueue(QUEUES.email, 'mailer-test-job', { any: 'thing' }, { jobId: `handled-${queue}` });
    const done = async () => {
      for (let i = 0; i < 100; i++) {
        const job = await jobs.getJob(QUEUES.email, `handled-${queue}`);
        if (job?.state === 'completed') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the handled job did not complete');
    };
    expect((await done()).returnValue).toBe('handled');
    expect(seen).toEqual([
      {
        data: { any: 'thing' },
        job: expect.objectContaining({ id: `handled-${queue}`, name: 'mailer-test-job' }),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catcher.messages().filter((m) => m.subject === `Queued ${queue}`)).toHaveLength(1);
  });
});
