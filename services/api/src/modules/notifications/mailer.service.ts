import { appendFile, mkdir } from 'node:fs/promises';
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
}

/** How one e-mail went: through SMTP (with the server's message id) or into the local outbox. */
export interface Delivery {
  messageId: string | null;
  via: 'smtp' | 'outbox';
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

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly settings: SettingsRepository,
    private readonly owed: OwedJobs,
  ) {}

  onModuleInit(): void {
    this.queue.registerProcessor<unknown>(QUEUES.email, (data, job) => {
      const handler = this.handlers.get(job.name);
      return handler ? handler(data, job) : this.send(data as EmailJobData);
    });
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
  async deliver(mail: EmailJobData): Promise<Delivery> {
    return this.send(mail);
  }

  private async send(mail: EmailJobData): Promise<Delivery> {
    const from =
      (await this.settings.settings()).find((s) => s.id === SettingsId.USER_OFFICE_EMAIL)?.settingsValue ||
      SETTING_DEFAULTS[SettingsId.USER_OFFICE_EMAIL].value;
    const transporter = this.transporter();
    if (transporter) {
      const info = await transporter.sendMail({ from, ...mail });
      return { messageId: String(info.messageId ?? '') || null, via: 'smtp' };
    }
    const sent: SentMail = { ...mail, from, sentAt: new Date() };
    this.outbox.push(sent);
    if (this.outbox.length > 200) this.outbox.shift();
    if (!this.config.dataDir.startsWith('memory://')) {
      await mkdir(this.config.dataDir, { recursive: true });
      await appendFile(join(this.config.dataDir, 'outbox.jsonl'), `${JSON.stringify(sent)}\n`);
    }
    this.logger.log(`E-mail to ${mail.to} kept in the local outbox (SMTP_URL is not set): ${mail.subject}`);
    return { messageId: null, via: 'outbox' };
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
