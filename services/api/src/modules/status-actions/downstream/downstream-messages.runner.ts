import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  QUEUES,
  downstreamMessageFailedEvent,
  downstreamMessagePublishedEvent,
  downstreamMessageStreamId,
  type DownstreamMessageJobData,
  type DownstreamMessageOutcomeData,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { RequestContext } from '../../../platform/context/request-context';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { ConcurrencyError } from '../../../platform/event-store/event-store.port';
import type { JobContext, JobQueue } from '../../../platform/queue/job-queue.port';
import { JOB_QUEUE } from '../../../platform/tokens';
import { errorText } from '../jobs/status-action-error';
import { AmqpPublisher } from '../rabbitmq/amqp-publisher';
import { PublishedMessages } from './published-messages';

/**
 * The worker side of the `downstream` queue: publishes one owed compatible message (PROPOSAL_DELETED,
 * INSTRUMENT_DELETED, the feed) once to each exchange with publisher confirms, after the earlier messages of its
 * ordering key (PublishedMessages). A broker away fails the try; the job is tried again (RABBITMQ_OUT_ATTEMPTS, the
 * backoff capped at a minute) until the broker is back. Its outcome (published, or failed after the last try) is
 * appended once to the message's stream, `downstream-message-<job id>`: the Downstream messages list is its
 * projection, as the status actions log is the status actions'.
 */
@Injectable()
export class DownstreamMessagesRunner implements OnModuleInit {
  private readonly logger = new Logger('RabbitMQ');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly events: EventSourcing,
    private readonly publisher: AmqpPublisher,
    private readonly published: PublishedMessages,
  ) {}

  onModuleInit(): void {
    this.queue.registerProcessor<DownstreamMessageJobData>(QUEUES.downstream, (data, job) =>
      RequestContext.run({ causationId: data.messageId }, () => this.process(data, job)),
    );
  }

  async process(data: DownstreamMessageJobData, job: JobContext): Promise<{ published: string[] }> {
    const tries = job.attemptsMade + 1;
    try {
      await this.published.assertTurn(
        { queue: QUEUES.downstream, jobId: job.id },
        data.orderingKey,
        data.position,
      );
      const content = Buffer.from(JSON.stringify(data.body), 'utf8');
      const { published, already } = await this.published.publishOnce(job.id, data.exchanges, (exchange) =>
        this.publisher.publish([exchange], content, {
          contentType: 'application/json',
          contentEncoding: 'utf-8',
          type: data.type,
          messageId: data.messageId,
          timestamp: Date.parse(data.occurredAt),
          appId: 'user-office',
        }),
      );
      await this.record(true, data, job.id, tries, {
        publishedTo: [...already, ...published],
        message:
          `${data.type} published to ${published.join(', ') || '(none)'} (confirmed by the broker)` +
          (already.length > 0 ? `; already confirmed before on ${already.join(', ')}` : ''),
      });
      return { published };
    } catch (error) {
      if (job.attemptsMade === 0 || job.attemptsMade % 20 === 0)
        this.logger.log(`${data.type} ${data.messageId}, try ${tries}: ${errorText(error)}`);
      if (tries >= this.config.rabbitmqOutAttempts) {
        const confirmed = await this.published.confirmed(job.id).catch(() => new Set<string>());
        await this.record(false, data, job.id, tries, {
          publishedTo: data.exchanges.filter((e) => confirmed.has(e)),
          message: `${errorText(error)} (after ${tries} tries)`,
        }).catch((e: unknown) =>
          this.logger.warn(`${data.messageId}: outcome not recorded: ${errorText(e)}`),
        );
      }
      throw error;
    }
  }

  /** appends the message's outcome once: a second run of the job (a worker gone after appending it) appends nothing */
  private async record(
    successful: boolean,
    data: DownstreamMessageJobData,
    messageKey: string,
    tries: number,
    result: Pick<DownstreamMessageOutcomeData, 'publishedTo' | 'message'>,
  ): Promise<void> {
    const outcome: DownstreamMessageOutcomeData = {
      messageKey,
      type: data.type,
      messageId: data.messageId,
      orderingKey: data.orderingKey,
      exchanges: data.exchanges,
      ...result,
      tries,
      occurredAt: data.occurredAt,
      timestamp: new Date().toISOString(),
    };
    const event = (successful ? downstreamMessagePublishedEvent : downstreamMessageFailedEvent).create(
      outcome,
    );
    try {
      await this.events.append(downstreamMessageStreamId(messageKey), [event], 'no_stream');
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}
