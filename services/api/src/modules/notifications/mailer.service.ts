import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QUEUES, SETTING_DEFAULTS, SettingsId, type EmailJobData } from '@user-office/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { JobQueue } from '../../platform/queue/job-queue.port';
import { JOB_QUEUE } from '../../platform/tokens';
import { SettingsRepository } from '../settings';

export interface SentMail extends EmailJobData {
  from: string;
  sentAt: Date;
}

/**
 * Sends the `email` queue's jobs: through SMTP_URL when set; otherwise into a local outbox (the last messages
 * in memory, and `DATA_DIR/outbox.jsonl`) so development and tests can read what would have been sent.
 */
@Injectable()
export class MailerService implements OnModuleInit {
  private readonly logger = new Logger('Mailer');
  private transport: Transporter | null = null;
  readonly outbox: SentMail[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly settings: SettingsRepository,
  ) {}

  onModuleInit(): void {
    if (this.config.smtpUrl) this.transport = nodemailer.createTransport(this.config.smtpUrl);
    this.queue.registerProcessor<EmailJobData>(QUEUES.email, (mail) => this.send(mail));
  }

  /** enqueue with an id derived from the event that caused it: sent once however often enqueued */
  enqueue(jobId: string, mail: EmailJobData): Promise<boolean> {
    return this.queue.enqueue(QUEUES.email, 'send-email', mail, { jobId, attempts: 5, backoffMs: 2000 });
  }

  private async send(mail: EmailJobData): Promise<{ messageId: string | null }> {
    const from =
      (await this.settings.settings()).find((s) => s.id === SettingsId.USER_OFFICE_EMAIL)?.settingsValue ||
      SETTING_DEFAULTS[SettingsId.USER_OFFICE_EMAIL].value;
    if (this.transport) {
      const info = await this.transport.sendMail({ from, ...mail });
      return { messageId: String(info.messageId ?? '') || null };
    }
    const sent: SentMail = { ...mail, from, sentAt: new Date() };
    this.outbox.push(sent);
    if (this.outbox.length > 200) this.outbox.shift();
    if (!this.config.dataDir.startsWith('memory://')) {
      await mkdir(this.config.dataDir, { recursive: true });
      await appendFile(join(this.config.dataDir, 'outbox.jsonl'), `${JSON.stringify(sent)}\n`);
    }
    this.logger.log(`E-mail to ${mail.to} kept in the local outbox (SMTP_URL is not set): ${mail.subject}`);
    return { messageId: null };
  }
}
