import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QUEUES, SETTING_DEFAULTS, SettingsId, type EmailJobData } from '@user-office/contracts';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type * as NodemailerShared from 'nodemailer/lib/shared';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { SqlExecutor } from '../../platform/database/sql-client';
import { rejected, settleAll, type Settled } from '../../platform/queue/job-batches';
import type {
  BatchJob,
  BatchJobProcessor,
  JobProcessor,
  JobQueue,
  JobSettlement,
} from '../../platform/queue/job-queue.port';
import { OwedJobs } from '../../platform/queue/owed-jobs';
import { JOB_QUEUE } from '../../platform/tokens';
import { SettingsRepository } from '../settings';

export interface SentMail extends EmailJobData {
  from: string;
  sentAt: Date;
  /** the delivery key it was sent under (`deliver(mail, { key })`), if any */
  key?: string;
}

export interface DeliverOptions {
  /**
   * A key derived from what the e-mail is about (a job id): an e-mail under a key already delivered is not sent
   * again, even by another process after a crash — the outbox is its own ledger (`DATA_DIR/outbox.jsonl`, read
   * once per process); through SMTP the key is the Message-ID, the same on a resend, for the receiving side.
   */
  key?: string;
}

/** How one e-mail went: through SMTP (with the server's message id) or into the local outbox. */
export interface Delivery {
  messageId: string | null;
  via: 'smtp' | 'outbox';
  /** true: its key had been delivered already, nothing was sent */
  duplicate?: boolean;
}

/** The job name of the mailer's own jobs on the `email` queue (`enqueue`). */
export const SEND_EMAIL_JOB = 'send-email';

/** the most jobs of the `email` queue one batch takes */
const EMAIL_BATCH = 50;

/** runs `run` over the items, at most `limit` at a time; each item's outcome, in order */
async function inTurns<I>(
  items: readonly I[],
  limit: number,
  run: (item: I) => Promise<unknown>,
): Promise<JobSettlement[]> {
  const settled: JobSettlement[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) {
        try {
          settled[i] = { ok: true, value: await run(items[i]) };
        } catch (error) {
          settled[i] = { ok: false, error };
        }
      }
    }),
  );
  return settled;
}

/** SMTP timeouts: a relay that does not answer fails the try (the queue retries) instead of holding the worker. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * E-mail delivery. Owns the `email` queue: its own `send-email` jobs (`enqueue`), and jobs of other names handed
 * to the processor another module registers for them (`handle`, e.g. status-action e-mails). Sends through
 * SMTP_URL when set, read at each send (`npm start` points it at the development catcher); otherwise into a
 * local outbox (the last messages in memory, and `DATA_DIR/outbox.jsonl`) so tests can read what was sent.
 */
@Injectable()
export class MailerService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private transport: { url: string; transporter: Transporter } | null = null;
  private readonly handlers = new Map<string, JobProcessor<unknown>>();
  private readonly batchHandlers = new Map<string, BatchJobProcessor<unknown>>();
  readonly outbox: SentMail[] = [];
  /** the keys of the e-mails in the outbox (its file read once, at the first keyed delivery) */
  private outboxKeys: Promise<Set<string>> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly settings: SettingsRepository,
    private readonly owed: OwedJobs,
  ) {}

  onModuleInit(): void {
    // a burst's downstream messages go out first (the scheduler waits on them), its e-mails after: a pack of
    // e-mails waits while packs of the `rabbitmq` queue run in this process (issue 39)
    this.queue.registerBatchProcessor<unknown>(QUEUES.email, (jobs) => this.processBatch(jobs), {
      maxBatch: EMAIL_BATCH,
      yieldsTo: [QUEUES.rabbitmq],
    });
  }

  /**
   * A batch of the `email` queue's jobs: its own `send-email` jobs delivered together (the pool sends
   * EMAIL_CONCURRENCY at a time), each other name's jobs handed to its module's batch processor, or to its
   * per-job processor EMAIL_CONCURRENCY at a time.
   */
  private async processBatch(jobs: readonly BatchJob<unknown>[]): Promise<JobSettlement[]> {
    const settled: JobSettlement[] = jobs.map(() => ({ ok: false, error: new Error('not run') }));
    const byName = new Map<string, number[]>();
    jobs.forEach(({ job }, i) => {
      const named = byName.get(job.name);
      if (named) named.push(i);
      else byName.set(job.name, [i]);
    });
    await Promise.all(
      [...byName].map(async ([name, indexes]) => {
        const mine = indexes.map((i) => jobs[i]);
        let results: JobSettlement[];
        try {
          const batch = this.batchHandlers.get(name);
          const single = this.handlers.get(name);
          if (batch) results = await batch(mine);
          else if (single)
            results = await inTurns(mine, this.config.emailConcurrency, (j) => single(j.data, j.job));
          else results = await this.deliverMany(mine.map((j) => ({ mail: j.data as EmailJobData })));
        } catch (error) {
          results = mine.map(() => ({ ok: false, error }));
        }
        indexes.forEach((i, k) => (settled[i] = results[k] ?? { ok: false, error: new Error('not run') }));
      }),
    );
    return settled;
  }

  onApplicationShutdown(): void {
    this.transport?.transporter.close();
    this.transport = null;
  }

  /** enqueue with an id derived from the event that caused it: sent once however often enqueued */
  enqueue(jobId: string, mail: EmailJobData): Promise<boolean> {
    return this.queue.enqueue(QUEUES.email, SEND_EMAIL_JOB, mail, { jobId, attempts: 5, backoffMs: 2000 });
  }

  /**
   * owes the e-mail through a reaction's writes (`tx`: committed with its checkpoint), id derived from the event
   * that caused it: PostgreSQL remembers it until it is sent, whatever happens to the queue (see OwedJobs)
   */
  owe(tx: SqlExecutor, jobId: string, mail: EmailJobData): Promise<void> {
    return this.owed.owe(tx, {
      queue: QUEUES.email,
      name: SEND_EMAIL_JOB,
      data: mail,
      jobId,
      attempts: 5,
      backoffMs: 2000,
    });
  }

  /** runs the `email` queue's jobs named `jobName` (enqueued by the caller on QUEUES.email) */
  handle<T>(jobName: string, processor: JobProcessor<T>): void {
    this.assertFree(jobName);
    this.handlers.set(jobName, processor as JobProcessor<unknown>);
  }

  /** runs the `email` queue's jobs named `jobName` in batches (what the queue hands over together) */
  handleBatch<T>(jobName: string, processor: BatchJobProcessor<T>): void {
    this.assertFree(jobName);
    this.batchHandlers.set(jobName, processor as BatchJobProcessor<unknown>);
  }

  private assertFree(jobName: string): void {
    if (jobName === SEND_EMAIL_JOB || this.handlers.has(jobName) || this.batchHandlers.has(jobName)) {
      throw new Error(`The email queue already has a processor for "${jobName}" jobs`);
    }
  }

  /** sends one e-mail now (no queue): throws when the SMTP server refuses or cannot be reached */
  async deliver(mail: EmailJobData, options: DeliverOptions = {}): Promise<Delivery> {
    const [delivery] = await this.deliverMany([{ mail, key: options.key }]);
    if (!delivery.ok) throw delivery.error;
    return delivery.value;
  }

  /**
   * Sends many e-mails now (no queue), the sender's address read once: through SMTP at once (the pooled
   * transport keeps EMAIL_CONCURRENCY connections and sends that many at a time), into the outbox one after
   * the other. Each settles on its own: a refused one fails alone.
   */
  async deliverMany(mails: readonly { mail: EmailJobData; key?: string }[]): Promise<Settled<Delivery>[]> {
    if (mails.length === 0) return [];
    let from: string;
    try {
      from =
        (await this.settings.settings()).find((s) => s.id === SettingsId.USER_OFFICE_EMAIL)?.settingsValue ||
        SETTING_DEFAULTS[SettingsId.USER_OFFICE_EMAIL].value;
    } catch (error) {
      return mails.map(() => rejected(error));
    }
    if (this.transporter()) return settleAll(mails.map(({ mail, key }) => this.send(from, mail, key)));
    const settled: Settled<Delivery>[] = [];
    for (const { mail, key } of mails) settled.push(...(await settleAll([this.send(from, mail, key)])));
    return settled;
  }

  private async send(from: string, mail: EmailJobData, key?: string): Promise<Delivery> {
    const transporter = this.transporter();
    if (transporter) {
      const info = await transporter.sendMail({
        from,
        // named, not detected: nodemailer's detection counts a body's letters into arrays of one-letter strings (a
        // third of building an e-mail), and picks quoted-printable for Latin text anyway
        textEncoding: 'quoted-printable',
        ...mail,
        ...(key ? { messageId: `<${key}@${new URL(this.config.publicUrl).hostname}>` } : {}),
      });
      return { messageId: String(info.messageId ?? '') || null, via: 'smtp' };
    }
    if (key) {
      const keys = await this.keysInOutbox();
      if (keys.has(key)) {
        this.logger.log(`E-mail ${key} to ${mail.to} is in the outbox already: not sent again`);
        return { messageId: null, via: 'outbox', duplicate: true };
      }
      keys.add(key);
    }
    const sent: SentMail = { ...mail, from, sentAt: new Date(), ...(key ? { key } : {}) };
    this.outbox.push(sent);
    if (this.outbox.length > 200) this.outbox.shift();
    if (!this.config.dataDir.startsWith('memory://')) {
      await mkdir(this.config.dataDir, { recursive: true });
      await appendFile(join(this.config.dataDir, 'outbox.jsonl'), `${JSON.stringify(sent)}\n`);
    }
    this.logger.log(`E-mail to ${mail.to} kept in the local outbox (SMTP_URL is not set): ${mail.subject}`);
    return { messageId: null, via: 'outbox' };
  }

  private keysInOutbox(): Promise<Set<string>> {
    this.outboxKeys ??= (async () => {
      const keys = new Set<string>();
      if (this.config.dataDir.startsWith('memory://')) return keys;
      const text = await readFile(join(this.config.dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
      for (const line of text.split('\n')) {
        if (!line.includes('"key"')) continue;
        try {
          const { key } = JSON.parse(line) as { key?: unknown };
          if (typeof key === 'string') keys.add(key);
        } catch {
          // a line cut short by a crash: not a delivered e-mail
        }
      }
      return keys;
    })();
    return this.outboxKeys;
  }

  /** the transport of the SMTP URL configured now (one kept per URL), or null for the outbox */
  private transporter(): Transporter | null {
    const url = this.config.smtpUrl;
    if (!url) return null;
    if (this.transport?.url !== url) {
      // nodemailer is loaded with the first SMTP transport, not at every start of the api
      /* eslint-disable @typescript-eslint/no-require-imports */
      const nodemailer = require('nodemailer') as typeof Nodemailer;
      const { parseConnectionUrl } = require('nodemailer/lib/shared') as typeof NodemailerShared;
      /* eslint-enable @typescript-eslint/no-require-imports */
      this.transport?.transporter.close();
      this.transport = {
        url,
        // pooled: a few connections kept open and reused, instead of a connection (and greeting) per e-mail. The
        // URL is parsed here: nodemailer given `{ url }` takes the URL's options alone and drops the others
        transporter: nodemailer.createTransport({
          ...parseConnectionUrl(url),
          pool: true,
          maxConnections: this.config.emailConcurrency,
          maxMessages: Infinity,
          ...SMTP_TIMEOUTS,
        }),
      };
    }
    return this.transport.transporter;
  }
}
