import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QUEUES, SETTING_DEFAULTS, SettingsId, type EmailJobData } from '@user-office/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { SqlExecutor } from '../../platform/database/sql-client';
import type { JobProcessor, JobQueue } from '../../platform/queue/job-queue.port';
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
    this.queue.registerProcessor<unknown>(
      QUEUES.email,
      (data, job) => {
        const handler = this.handlers.get(job.name);
        return handler ? handler(data, job) : this.send(data as EmailJobData);
      },
      { concurrency: this.config.emailConcurrency },
    );
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
    if (jobName === SEND_EMAIL_JOB || this.handlers.has(jobName)) {
      throw new Error(`The email queue already has a processor for "${jobName}" jobs`);
    }
    this.handlers.set(jobName, processor as JobProcessor<unknown>);
  }

  /** sends one e-mail now (no queue): throws when the SMTP server refuses or cannot be reached */
  async deliver(mail: EmailJobData, options: DeliverOptions = {}): Promise<Delivery> {
    return this.send(mail, options.key);
  }

  private async send(mail: EmailJobData, key?: string): Promise<Delivery> {
    const from =
      (await this.settings.settings()).find((s) => s.id === SettingsId.USER_OFFICE_EMAIL)?.settingsValue ||
      SETTING_DEFAULTS[SettingsId.USER_OFFICE_EMAIL].value;
    const transporter = this.transporter();
    if (transporter) {
      const info = await transporter.sendMail({
        from,
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
      this.transport?.transporter.close();
      this.transport = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
    }
    return this.transport.transporter;
  }
}
