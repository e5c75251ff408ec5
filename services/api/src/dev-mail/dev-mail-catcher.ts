/**
 * The development e-mail catcher: an SMTP server that accepts every message (no TLS, any or no login) and keeps
 * the last ones in memory, with a web inbox to read them. `npm start` runs it when SMTP_URL is unset and points
 * the mailer at it; tests start their own on ephemeral ports. Not for production: anyone on the host may read it.
 *
 *   GET  /                       the inbox (HTML, newest first)
 *   GET  /messages/:id           one message (HTML: headers, text, the HTML body in a sandboxed frame)
 *   GET  /api/messages           the messages as JSON (newest first, without bodies)
 *   GET  /api/messages/:id       one message as JSON (text and HTML bodies)
 *   GET  /api/messages/:id/raw   the message as received (message/rfc822)
 *   DELETE /api/messages         empties the inbox
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface CaughtMailSummary {
  id: number;
  receivedAt: string;
  /** the SMTP envelope: who the message was actually delivered for (bcc included) */
  envelope: { from: string | null; to: string[] };
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  date: string | null;
  messageId: string | null;
  size: number;
}

export interface CaughtMail extends CaughtMailSummary {
  text: string;
  html: string | null;
  raw: string;
}

export interface DevMailCatcherOptions {
  /** SMTP port (0: any free one) */
  smtpPort?: number;
  /** web inbox port (0: any free one) */
  webPort?: number;
  /** interface to listen on (default 127.0.0.1) */
  host?: string;
  /** how many messages to keep (default 500) */
  keep?: number;
  /** a port already in use is replaced by a free one (npm start: a second instance still gets an inbox) */
  fallbackToFreePorts?: boolean;
}

export interface DevMailCatcher {
  /** what SMTP_URL should be to send here */
  readonly smtpUrl: string;
  readonly webUrl: string;
  readonly smtpPort: number;
  readonly webPort: number;
  /** newest first */
  messages(): CaughtMail[];
  /** resolves with the first message (already caught or arriving) that matches */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  clear(): void;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export async function startDevMailCatcher(options: DevMailCatcherOptions = {}): Promise<DevMailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 500;
  const inbox: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  let nextId = 1;

  const store = async (raw: Buffer, session: SMTPServerSession): Promise<void> => {
    const parsed = await simpleParser(raw);
    const mail: CaughtMail = {
      id: nextId++,
      receivedAt: new Date().toISOString(),
      envelope: {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((r) => r.address),
      },
      from: parsed.from?.text ?? '',
      to: addresses(parsed.to),
      cc: addresses(parsed.cc),
      subject: parsed.subject ?? '',
      date: parsed.date ? parsed.date.toISOString() : null,
      messageId: parsed.messageId ?? null,
      size: raw.length,
      text: parsed.text ?? '',
      html: parsed.html || null,
      raw: raw.toString('utf8'),
    };
    inbox.unshift(mail);
    if (inbox.length > keep) inbox.length = keep;
    arrivals.emit('mail', mail);
  };

  const smtp = new SMTPServer({
    banner: 'User office development mail catcher',
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        store(Buffer.concat(chunks), session).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  smtp.on('error', () => undefined); // a client's broken connection is not the catcher's problem

  const web = createServer((req, res) => {
    try {
      route(req, res);
    } catch (error) {
      send(res, 500, 'text/plain; charset=utf-8', (error as Error).message);
    }
  });

  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://catcher').pathname.replace(/\/+$/, '') || '/';
    const byId = (id: string) => inbox.find((m) => m.id === Number(id));
    let match: RegExpMatchArray | null;
    if (req.method === 'DELETE' && path === '/api/messages') {
      inbox.length = 0;
      res.writeHead(204).end();
    } else if (req.method !== 'GET') {
      send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    } else if (path === '/api/messages') {
      sendJson(res, 200, inbox.map(summary));
    } else if ((match = path.match(/^\/api\/messages\/(\d+)$/))) {
      const mail = byId(match[1]);
      if (mail) sendJson(res, 200, { ...mail, raw: undefined });
      else sendJson(res, 404, { error: 'No such message' });
    } else if ((match = path.match(/^\/api\/messages\/(\d+)\/raw$/))) {
      const mail = byId(match[1]);
      if (mail) send(res, 200, 'message/rfc822', mail.raw);
      else sendJson(res, 404, { error: 'No such message' });
    } else if ((match = path.match(/^\/messages\/(\d+)$/))) {
      const mail = byId(match[1]);
      if (mail) send(res, 200, 'text/html; charset=utf-8', messagePage(mail));
      else send(res, 404, 'text/html; charset=utf-8', page('Not found', '<p>No such message.</p>'));
    } else if (path === '/') {
      send(res, 200, 'text/html; charset=utf-8', inboxPage(inbox));
    } else {
      send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    }
  };

  const open = async (server: Server, port: number, start: (port: number) => void, what: string) => {
    try {
      return await listen(server, () => start(port), what);
    } catch (error) {
      const inUse = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
      if (!options.fallbackToFreePorts || !inUse || port === 0) throw error;
      return listen(server, () => start(0), what);
    }
  };
  let smtpPort: number;
  let webPort: number;
  try {
    smtpPort = await open(smtp.server, options.smtpPort ?? 1025, (port) => smtp.listen(port, host), 'SMTP');
    webPort = await open(web, options.webPort ?? 8025, (port) => web.listen(port, host), 'web inbox');
  } catch (error) {
    await closeSmtp(smtp);
    throw error;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    webUrl: `http://${urlHost}:${webPort}`,
    smtpPort,
    webPort,
    messages: () => [...inbox],
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise<CaughtMail>((resolve, reject) => {
        const found = inbox.find(predicate);
        if (found) return resolve(found);
        const onMail = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.on('mail', onMail);
      }),
    clear: () => {
      inbox.length = 0;
    },
    close: async () => {
      await Promise.all([
        closeSmtp(smtp),
        new Promise<void>((resolve) => {
          web.close(() => resolve());
          web.closeAllConnections();
        }),
      ]);
    },
  };
}

/** starts a listener and resolves with its port; EADDRINUSE and friends become a message that says what to do */
function listen(server: Server, start: () => void, what: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        new Error(
          `The development mail catcher could not open its ${what} port (${error.code ?? error.message}): ` +
            'set DEV_SMTP_PORT / DEV_MAIL_PORT to free ports, or SMTP_URL to an SMTP server',
          { cause: error },
        ),
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    start();
  });
}

function closeSmtp(smtp: SMTPServer): Promise<void> {
  return new Promise((resolve) => {
    if (!smtp.server.listening) return resolve();
    smtp.close(() => resolve());
  });
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field]).flatMap((f) =>
    f.value.map((a) => a.address ?? a.name).filter((a) => a !== ''),
  );
}

function summary(mail: CaughtMail): CaughtMailSummary {
  const { id, receivedAt, envelope, from, to, cc, subject, date, messageId, size } = mail;
  return { id, receivedAt, envelope, from, to, cc, subject, date, messageId, size };
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  tr:hover td { background: #f5f7fa; }
  pre { white-space: pre-wrap; background: #f7f7f7; padding: 1rem; }
  iframe { width: 100%; height: 30rem; border: 1px solid #ddd; }
  .muted { color: #777; }
</style></head><body>${body}</body></html>`;
}

function inboxPage(inbox: readonly CaughtMail[]): string {
  const rows = inbox
    .map(
      (m) => `<tr><td>${escapeHtml(new Date(m.receivedAt).toLocaleString())}</td>
<td>${escapeHtml(m.from)}</td><td>${escapeHtml(m.envelope.to.join(', '))}</td>
<td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  return page(
    `Inbox (${inbox.length})`,
    `<h1>Development inbox</h1>
<p class="muted">Every e-mail the user office sends while SMTP_URL is unset lands here (kept in memory, newest first).</p>
${
  inbox.length === 0
    ? '<p>No e-mails yet.</p>'
    : `<table><thead><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
    true,
  );
}

function messagePage(mail: CaughtMail): string {
  const header = (name: string, value: string) =>
    value ? `<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>` : '';
  return page(
    mail.subject || '(no subject)',
    `<p><a href="/">← Inbox</a> · <a href="/api/messages/${mail.id}/raw">raw</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<table>${header('From', mail.from)}${header('To', mail.to.join(', '))}${header('Cc', mail.cc.join(', '))}
${header('Delivered to', mail.envelope.to.join(', '))}${header('Date', mail.date ?? mail.receivedAt)}</table>
${mail.html ? `<h2>HTML</h2><iframe sandbox srcdoc="${escapeHtml(mail.html)}" title="The HTML body of the e-mail"></iframe>` : ''}
<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  );
}
